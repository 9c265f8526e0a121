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
import { formatMoney } from '@client/lib/utils'
import type { UpsellOffer } from '@shared/schemas/chef'
import { Sparkles } from 'lucide-react'

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
