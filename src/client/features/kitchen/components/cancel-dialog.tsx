import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { FieldError } from '@client/components/ui/field'
import { zodResolver } from '@hookform/resolvers/zod'
import { CANCEL_REASON_LABELS } from '@shared/cancel-reasons'
import { type CancelOrderInput, cancelOrderSchema } from '@shared/schemas/kitchen'
import { useForm } from 'react-hook-form'

const KITCHEN_REASONS = ['out_of_stock', 'kitchen_closed', 'other'] as const

export function CancelDialog({
  orderNumber,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  orderNumber: string | undefined
  open: boolean
  pending: boolean
  onOpenChange(open: boolean): void
  onConfirm(values: CancelOrderInput): void
}) {
  const form = useForm<CancelOrderInput>({
    resolver: zodResolver(cancelOrderSchema),
    defaultValues: { reason: 'out_of_stock', note: '' },
  })
  const reason = form.watch('reason')
  const { errors } = form.formState

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset()
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Cancel order #{orderNumber}?</DialogTitle>
          <DialogDescription>
            The diner gets back everything this order charged: the order, added dishes, shouts and tips.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={form.handleSubmit(onConfirm)}>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Reason</legend>
            {KITCHEN_REASONS.map((value) => (
              <label
                key={value}
                className="flex h-14 cursor-pointer items-center gap-3 rounded-lg border border-border px-4 text-base has-[:checked]:border-primary has-[:checked]:bg-primary/10"
              >
                <input type="radio" value={value} className="size-5" {...form.register('reason')} />
                {CANCEL_REASON_LABELS[value]}
              </label>
            ))}
            <FieldError id="cancel-reason" error={errors.reason?.message} />
          </fieldset>
          {reason === 'other' ? (
            <div className="grid gap-1.5">
              <label htmlFor="cancel-note" className="text-sm font-medium">
                Note for the diner
              </label>
              <textarea
                id="cancel-note"
                rows={2}
                className="rounded-lg border border-input bg-background px-3 py-2 text-base"
                {...form.register('note')}
              />
              <FieldError id="cancel-note" error={errors.note?.message} />
            </div>
          ) : null}
          <DialogFooter>
            <Button size="lg" variant="outline" onClick={() => onOpenChange(false)}>
              Keep order
            </Button>
            <Button size="lg" type="submit" variant="destructive" disabled={pending}>
              Cancel and refund
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
