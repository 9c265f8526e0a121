import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Spinner } from '@client/components/ui/spinner'
import { useAllergenProfile } from '@client/lib/queries/allergen-profile'
import { useCurrentUser } from '@client/lib/session'
import { cn, formatMoney } from '@client/lib/utils'
import { allergenLabel } from '@shared/constants'
import type { UpsellOffer } from '@shared/schemas/chef'
import { AlertTriangle, Sparkles } from 'lucide-react'

/** An in-stream offer: add one more dish to the order. Closing it declines. */
export function UpsellPopup({
  offer,
  onAccept,
  onDecline,
  accepting,
}: {
  offer: UpsellOffer | null
  onAccept: () => void
  onDecline: () => void
  accepting: boolean
}) {
  const item = offer?.menuItem
  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(open) => {
        if (!open && !accepting) onDecline()
      }}
    >
      <DialogContent className="max-w-sm overflow-hidden p-0">
        {item ? (
          <>
            <div className="relative aspect-[16/10] bg-muted">
              {item.image ? (
                <img src={item.image} alt={item.name} className="size-full object-cover" />
              ) : null}
              <span className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-card/90 px-2.5 py-1 text-xs font-semibold text-primary shadow">
                <Sparkles className="size-3.5" aria-hidden="true" />
                From the chef
              </span>
            </div>
            <div className="grid gap-4 p-6 pt-2">
              <DialogHeader>
                <DialogTitle>Add {item.name}?</DialogTitle>
                <DialogDescription>{item.description}</DialogDescription>
              </DialogHeader>
              <OfferAllergens allergens={item.allergens} />
              <p className="text-2xl font-bold tabular-nums">{formatMoney(item.price)}</p>
              <DialogFooter>
                <Button variant="outline" onClick={onDecline} disabled={accepting}>
                  No thanks
                </Button>
                <Button onClick={onAccept} disabled={accepting}>
                  {accepting ? <Spinner className="size-4 text-current" label="Adding" /> : null}
                  Add to my order
                </Button>
              </DialogFooter>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** The offered dish's allergens, those of the diner's profile marked as on the menu. */
function OfferAllergens({ allergens }: { allergens: readonly string[] }) {
  const { user } = useCurrentUser()
  const profile = useAllergenProfile(user?.id)
  const mine = new Set((profile.data?.allergens ?? []).map((a) => a.toLowerCase()))
  if (allergens.length === 0) return null
  return (
    <div className="grid gap-1.5 text-sm" data-testid="upsell-allergens">
      <span className="font-medium">Allergens</span>
      <ul className="flex flex-wrap gap-1.5" aria-label="Allergens">
        {allergens.map((id) => {
          const flagged = mine.has(id.toLowerCase())
          return (
            <li key={id}>
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
                {allergenLabel(id)}
                {flagged ? <span className="sr-only"> (in your allergen profile)</span> : null}
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
