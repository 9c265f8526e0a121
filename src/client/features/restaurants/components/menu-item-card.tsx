import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { cn, formatMoney } from '@client/lib/utils'
import { allergenLabel } from '@shared/constants'
import type { MenuItem } from '@shared/schemas/restaurants'
import { AlertTriangle, MessageSquarePlus, Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { ingredientPreview, isFlaggedIngredient } from '../menu-item'

export function MenuItemCard({
  item,
  onAdd,
  onAddWithNote,
  banner,
  highlighted = false,
}: {
  item: MenuItem
  onAdd: (item: MenuItem) => void
  /** A dish without options adds in one tap; this opens its dialog for a note to the kitchen. */
  onAddWithNote?: (item: MenuItem) => void
  /** The allergen banner for this dish, when it matches the diner's profile. */
  banner?: ReactNode
  /** The dish the diner searched for. */
  highlighted?: boolean
}) {
  const { shown, hidden } = ingredientPreview(item.ingredients)
  const rest = item.ingredients.slice(shown.length)
  return (
    <article
      id={`dish-${item.id}`}
      className={cn(
        'flex scroll-mt-24 flex-col overflow-hidden rounded-xl border bg-card shadow-sm',
        !item.isAvailable && 'opacity-60',
        highlighted && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
      aria-label={item.name}
      aria-current={highlighted ? 'true' : undefined}
      data-testid="menu-item"
    >
      <div className="relative hidden aspect-[16/9] bg-muted sm:block">
        {item.image ? (
          <img
            src={item.image}
            alt={item.name}
            loading="lazy"
            className={cn('size-full object-cover', !item.isAvailable && 'grayscale')}
          />
        ) : null}
        {!item.isAvailable ? (
          <Badge variant="secondary" className="absolute left-3 top-3 shadow">
            Sold out
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex gap-3">
          <div className="grid min-w-0 flex-1 content-start gap-1.5">
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-semibold leading-snug">{item.name}</h3>
              <span className="shrink-0 font-semibold tabular-nums">{formatMoney(item.price)}</span>
            </div>
            {!item.isAvailable ? (
              <Badge variant="secondary" className="justify-self-start sm:hidden">
                Sold out
              </Badge>
            ) : null}
            <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
          </div>
          {item.image ? (
            <img
              src={item.image}
              alt=""
              loading="lazy"
              className={cn(
                'size-20 shrink-0 rounded-lg bg-muted object-cover sm:hidden',
                !item.isAvailable && 'grayscale',
              )}
            />
          ) : null}
        </div>
        {item.ingredients.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Ingredients">
            {shown.map((ingredient) => {
              const flagged = isFlaggedIngredient(item, ingredient)
              return (
                <li key={ingredient}>
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs',
                      flagged
                        ? 'bg-amber-100 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200'
                        : 'bg-muted text-muted-foreground',
                    )}
                    data-flagged={flagged || undefined}
                  >
                    {flagged ? <AlertTriangle className="size-3" aria-hidden="true" /> : null}
                    {ingredient}
                    {flagged ? <span className="sr-only"> (allergen)</span> : null}
                  </span>
                </li>
              )
            })}
            {hidden > 0 ? (
              <li>
                <span
                  className="rounded-full border px-2 py-0.5 text-xs text-muted-foreground"
                  title={rest.join(', ')}
                >
                  +{hidden} more
                </span>
              </li>
            ) : null}
          </ul>
        ) : null}
        {item.allergens.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            <span className="font-medium text-foreground">Allergens:</span>{' '}
            {item.allergens.map(allergenLabel).join(', ')}
          </p>
        ) : null}
        {(item.optionGroups ?? []).length > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="menu-item-options">
            <span className="font-medium text-foreground">Choose:</span>{' '}
            {item.optionGroups!.map((g) => g.name).join(' · ')}
          </p>
        ) : null}
        {banner}
        <div className="mt-auto flex gap-2">
          <Button
            className="flex-1"
            variant={item.isAvailable ? 'default' : 'secondary'}
            disabled={!item.isAvailable}
            onClick={() => onAdd(item)}
            aria-label={item.isAvailable ? `Add to cart: ${item.name}` : `${item.name} is sold out`}
          >
            {item.isAvailable ? (
              <>
                <Plus aria-hidden="true" />
                Add to cart
              </>
            ) : (
              'Sold out'
            )}
          </Button>
          {onAddWithNote && item.isAvailable && (item.optionGroups ?? []).length === 0 ? (
            <Button
              variant="outline"
              size="icon"
              className="size-10 shrink-0"
              onClick={() => onAddWithNote(item)}
              aria-label={`Add ${item.name} with a note for the kitchen`}
              title="Add with a note for the kitchen"
            >
              <MessageSquarePlus aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  )
}

export function MenuItemSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card" data-testid="menu-skeleton">
      <Skeleton className="hidden aspect-[16/9] rounded-none sm:block" />
      <div className="grid gap-3 p-4">
        <div className="flex gap-3">
          <div className="grid flex-1 content-start gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
          <Skeleton className="size-20 sm:hidden" />
        </div>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  )
}
