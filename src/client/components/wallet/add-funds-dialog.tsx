import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog'
import { Skeleton } from '@client/components/ui/skeleton'
import { useCreateTopUp } from '@client/lib/queries/top-ups'
import { lazy, type ReactNode, Suspense, useState } from 'react'

const AddFundsForm = lazy(() => import('./add-funds-form'))

/**
 * Top up the wallet with a card: the amount ($5–$500) starts a top-up, and the diner pays it on
 * the payment page (`/pay/{id}`: the test provider's test cards, or Stripe's Payment Element),
 * which brings them back here once the money has arrived. Opened by its `trigger`, or, without
 * one, by its owner through `open` and `onOpenChange` (from a menu item, which cannot hold a
 * dialog itself). The form, and the schemas that check it, load when the dialog first opens: the
 * pages that show a wallet do not wait for them.
 */
export function AddFundsDialog({
  userId,
  trigger,
  open: controlledOpen,
  onOpenChange,
}: {
  userId: number
  trigger?: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
}) {
  const [ownOpen, setOwnOpen] = useState(false)
  const open = controlledOpen ?? ownOpen
  const setOpen = (next: boolean) => {
    setOwnOpen(next)
    onOpenChange?.(next)
  }
  const createTopUp = useCreateTopUp(userId)

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Not while a top-up is being started: its payment page is about to open.
        if (createTopUp.isPending) return
        setOpen(next)
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="gap-5">
        <DialogHeader>
          <DialogTitle>Add Funds</DialogTitle>
          <DialogDescription>
            Pay by card to top up your wallet for orders, chef shouts and tips.
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <AddFundsForm createTopUp={createTopUp} close={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  )
}
