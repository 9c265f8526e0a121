import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'

export const PAUSE_CHOICES = [10, 20, 30, 45, 60, 90, 120, 240] as const

const label = (minutes: number) =>
  minutes < 60 ? `${minutes} min` : `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`

/** Stop new orders for a while: the restaurant page says until when, checkout refuses meanwhile. */
export function PauseDialog({
  open,
  pending,
  onOpenChange,
  onPause,
}: {
  open: boolean
  pending: boolean
  onOpenChange(open: boolean): void
  onPause(minutes: number): void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Pause new orders</DialogTitle>
          <DialogDescription>
            Diners can still browse the menu; checkout says when you take orders again. Orders already in the
            kitchen stay on the rail. You can resume early.
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {PAUSE_CHOICES.map((minutes) => (
            <Button
              key={minutes}
              size="lg"
              variant="outline"
              className="h-14 text-base"
              disabled={pending}
              onClick={() => onPause(minutes)}
            >
              {label(minutes)}
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  )
}
