import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Input } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { Skeleton } from '@client/components/ui/skeleton'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { sizedImage } from '@client/lib/images'
import { useMenu } from '@client/lib/queries/restaurants'
import { cn, formatMoney } from '@client/lib/utils'
import { allergenLabel } from '@shared/constants'
import type { MenuItem } from '@shared/schemas/restaurants'
import { ArrowDown, ArrowUp, Check, Pencil, Plus, Trash2, UtensilsCrossed } from 'lucide-react'
import { useState } from 'react'
import { useDeleteMenuItem } from '../api/delete-menu-item'
import { useReorderMenu } from '../api/reorder-menu'
import { useUpdateMenuItem } from '../api/update-menu-item'
import {
  type MenuGroup,
  menuGroups,
  moveCategory,
  moveItem,
  renameCategory,
  toMenuOrder,
} from './menu-groups'
import { MenuItemDialog } from './menu-item-dialog'

export const DELETE_DISH_CONFIRMATION = 'Remove this dish from the menu? Orders already placed keep it.'
const RECOMMENDED_DISHES = 3

/** The owner's menu: every dish, sold out or not, in the order diners see it. */
export function MenuEditor({ restaurantId }: { restaurantId: number }) {
  const menu = useMenu(restaurantId)
  const reorder = useReorderMenu()
  const [editing, setEditing] = useState<{ item: MenuItem | null; category: string } | null>(null)
  const groups = menuGroups(menu.data ?? [])
  const categories = groups.map((g) => g.category)

  const saveOrder = (next: MenuGroup[]) =>
    reorder.mutate(
      { restaurantId, order: toMenuOrder(next) },
      {
        onError: (error) =>
          toast({
            title: 'Order not saved',
            description: errorMessage(error, 'The menu order could not be saved. Please try again.'),
            variant: 'destructive',
          }),
      },
    )

  if (menu.isLoading) return <Skeleton className="h-64 rounded-xl" />
  if (menu.isError)
    return <p className="text-muted-foreground">Could not load menu data. Please try again.</p>
  const count = menu.data?.length ?? 0

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {count === 0
            ? `No dishes yet. We recommend at least ${RECOMMENDED_DISHES} to start.`
            : `${count} dish${count === 1 ? '' : 'es'} in ${groups.length} categor${groups.length === 1 ? 'y' : 'ies'}.`}
        </p>
        <Button onClick={() => setEditing({ item: null, category: categories.at(-1) ?? '' })}>
          <Plus aria-hidden="true" />
          Add dish
        </Button>
      </div>
      {groups.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center">
          <UtensilsCrossed className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">Your menu is empty</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Add your first dish; the category you name for it becomes the first section of your menu.
          </p>
        </div>
      ) : (
        groups.map((group, index) => (
          <CategoryBlock
            key={group.category}
            group={group}
            first={index === 0}
            last={index === groups.length - 1}
            restaurantId={restaurantId}
            busy={reorder.isPending}
            onMove={(by) => saveOrder(moveCategory(groups, group.category, by))}
            onMoveItem={(id, by) => saveOrder(moveItem(groups, id, by))}
            onRename={(name) => saveOrder(renameCategory(groups, group.category, name))}
            onAdd={() => setEditing({ item: null, category: group.category })}
            onEdit={(item) => setEditing({ item, category: item.category })}
          />
        ))
      )}
      <MenuItemDialog
        restaurantId={restaurantId}
        item={editing?.item ?? null}
        categories={categories}
        defaultCategory={editing?.category ?? ''}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null)
        }}
      />
    </div>
  )
}

function CategoryBlock({
  group,
  first,
  last,
  restaurantId,
  busy,
  onMove,
  onMoveItem,
  onRename,
  onAdd,
  onEdit,
}: {
  group: MenuGroup
  first: boolean
  last: boolean
  restaurantId: number
  busy: boolean
  onMove: (by: -1 | 1) => void
  onMoveItem: (id: number, by: -1 | 1) => void
  onRename: (name: string) => void
  onAdd: () => void
  onEdit: (item: MenuItem) => void
}) {
  const [renaming, setRenaming] = useState<string | null>(null)
  const inputId = `rename-${group.category.replace(/\W+/g, '-')}`
  return (
    <section
      className="overflow-hidden rounded-xl border bg-card"
      aria-label={`Category ${group.category}`}
      data-testid="menu-category"
    >
      <header className="flex flex-wrap items-center gap-2 border-b bg-muted/40 px-3 py-2">
        {renaming === null ? (
          <h3 className="mr-auto font-semibold">{group.category}</h3>
        ) : (
          <form
            className="mr-auto flex items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              const name = renaming.trim()
              if (name && name !== group.category) onRename(name)
              setRenaming(null)
            }}
          >
            <Label htmlFor={inputId} className="sr-only">
              New name for {group.category}
            </Label>
            <Input
              id={inputId}
              autoFocus
              maxLength={40}
              className="h-8 w-44"
              value={renaming}
              onChange={(e) => setRenaming(e.target.value)}
            />
            <Button type="submit" size="sm" aria-label="Save category name">
              <Check aria-hidden="true" />
            </Button>
          </form>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Rename ${group.category}`}
          onClick={() => setRenaming(group.category)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <MoveButtons name={group.category} first={first} last={last} busy={busy} onMove={onMove} />
        <Button size="sm" variant="outline" onClick={onAdd} aria-label={`Add a dish to ${group.category}`}>
          <Plus aria-hidden="true" />
          Dish
        </Button>
      </header>
      <ul className="divide-y">
        {group.items.map((item, index) => (
          <DishRow
            key={item.id}
            item={item}
            restaurantId={restaurantId}
            first={index === 0}
            last={index === group.items.length - 1}
            busy={busy}
            onMove={(by) => onMoveItem(item.id, by)}
            onEdit={() => onEdit(item)}
          />
        ))}
      </ul>
    </section>
  )
}

function DishRow({
  item,
  restaurantId,
  first,
  last,
  busy,
  onMove,
  onEdit,
}: {
  item: MenuItem
  restaurantId: number
  first: boolean
  last: boolean
  busy: boolean
  onMove: (by: -1 | 1) => void
  onEdit: () => void
}) {
  const update = useUpdateMenuItem()
  const remove = useDeleteMenuItem()
  const soldOutId = `sold-out-${item.id}`
  return (
    <li
      className={cn(
        'grid gap-3 p-3 sm:grid-cols-[auto_1fr_auto] sm:items-center',
        !item.isAvailable && 'bg-muted/30',
      )}
      data-testid="menu-dish"
      aria-label={item.name}
    >
      <div className="flex items-center gap-3 sm:contents">
        <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-muted">
          {item.image ? (
            <img src={sizedImage(item.image, 320)} alt="" className="size-full object-cover" />
          ) : null}
        </div>
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-medium">{item.name}</span>
            <span className="text-sm tabular-nums text-muted-foreground">{formatMoney(item.price)}</span>
            {!item.isAvailable ? <Badge variant="secondary">Sold out</Badge> : null}
          </div>
          {item.allergens.length > 0 ? (
            <p className="truncate text-xs text-muted-foreground">
              Allergens: {item.allergens.map(allergenLabel).join(', ')}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">No allergens declared</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <div className="mr-2 flex items-center gap-2">
          <Switch
            id={soldOutId}
            checked={!item.isAvailable}
            onCheckedChange={(soldOut) =>
              update.mutate(
                { id: item.id, restaurantId, isAvailable: !soldOut },
                {
                  onError: (error) =>
                    toast({
                      title: 'Not changed',
                      description: errorMessage(error, 'The dish could not be changed. Please try again.'),
                      variant: 'destructive',
                    }),
                },
              )
            }
          />
          <Label htmlFor={soldOutId} className="text-sm font-normal">
            Sold out<span className="sr-only">: {item.name}</span>
          </Label>
        </div>
        <MoveButtons name={item.name} first={first} last={last} busy={busy} onMove={onMove} />
        <Button size="sm" variant="ghost" aria-label={`Edit ${item.name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${item.name}`}
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(DELETE_DISH_CONFIRMATION)) return
            remove.mutate(
              { id: item.id, restaurantId },
              {
                onSuccess: () =>
                  toast({ title: 'Dish removed', description: `${item.name} is off the menu.` }),
                onError: (error) =>
                  toast({
                    title: 'Not removed',
                    description: errorMessage(error, 'The dish could not be removed. Please try again.'),
                    variant: 'destructive',
                  }),
              },
            )
          }}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  )
}

/** Up and down for one row of the owner's menu order; each button names what it moves. */
function MoveButtons({
  name,
  first,
  last,
  busy,
  onMove,
}: {
  name: string
  first: boolean
  last: boolean
  busy: boolean
  onMove: (step: -1 | 1) => void
}) {
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Move ${name} up`}
        disabled={first || busy}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Move ${name} down`}
        disabled={last || busy}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  )
}
