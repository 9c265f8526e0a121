import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import type { StaffMember } from '@shared/schemas/staff'
import { Crown } from 'lucide-react'
import { useTransferOwnership } from '../api/transfer-ownership'

/**
 * The owner's confirmation before handing the restaurant to `member`: it names them, says what
 * moves with the title and that only the new owner can hand it back.
 */
export function TransferOwnershipDialog({
  restaurantId,
  restaurantName,
  viewerId,
  member,
  onClose,
}: {
  restaurantId: number
  restaurantName: string
  viewerId: number
  /** The member it would go to; undefined while the dialog is closed. */
  member: StaffMember | undefined
  onClose(): void
}) {
  const transfer = useTransferOwnership(restaurantId, viewerId)
  const close = () => {
    transfer.reset()
    onClose()
  }
  return (
    <Dialog open={member !== undefined} onOpenChange={(open) => (open ? undefined : close())}>
      {member ? (
        <DialogContent className="max-w-lg" data-testid="transfer-ownership-dialog">
          <DialogHeader>
            <DialogTitle>
              Make {member.fullName} the owner of {restaurantName}?
            </DialogTitle>
            <DialogDescription>
              {member.fullName} ({member.email}) gets what only the owner holds: earnings, payouts and the
              payout account, and the say over who owns the restaurant.
            </DialogDescription>
          </DialogHeader>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
            <li>
              You stay on the team as a manager: menu, kitchen, cameras and team are still yours to run.
            </li>
            <li>Payouts keep going to the linked payout account until the new owner changes it.</li>
            <li>Only {member.fullName} can hand the restaurant back to you.</li>
          </ul>
          {transfer.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(transfer.error, 'The restaurant could not be handed over. Please try again.')}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={transfer.isPending}>
              Keep ownership
            </Button>
            <Button
              variant="destructive"
              disabled={transfer.isPending}
              onClick={async () => {
                // Told even when the answer comes after the owner's workspace, redrawn for a
                // manager, has removed this dialog (a callback given to `mutate` would not run).
                try {
                  await transfer.mutateAsync({ userId: member.userId })
                } catch {
                  return // Shown in the dialog.
                }
                toast({
                  title: `${member.fullName} now owns ${restaurantName}`,
                  description: 'You are a manager here from now on.',
                })
                onClose()
              }}
            >
              <Crown aria-hidden="true" />
              Make {member.fullName} the owner
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
