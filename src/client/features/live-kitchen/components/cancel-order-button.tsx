import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { formatMoney, orderNumber } from '@client/lib/utils'
import { useState } from 'react'
import { useCancelOrder } from '../api/cancel-order'

/** The diner's own cancel, offered while the kitchen has not started cooking. */
export function CancelOrderButton({ orderId, userId }: { orderId: number; userId: number }) {
  const [open, setOpen] = useState(false)
  const cancel = useCancelOrder(orderId, userId)
  return (
    <div className="flex justify-end">
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" className="text-destructive">
            Cancel order
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel order {orderNumber(orderId)}?</DialogTitle>
            <DialogDescription>
              The kitchen has not started cooking yet. Everything this order charged goes back to your wallet.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep my order
            </Button>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (result) => {
                    setOpen(false)
                    toast({
                      title: 'Order cancelled',
                      description: `${formatMoney(result.refund)} refunded to your wallet.`,
                    })
                  },
                  onError: (error) =>
                    toast({
                      title: 'Could not cancel',
                      description: errorMessage(error, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              Cancel order
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}
