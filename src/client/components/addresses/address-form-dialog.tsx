import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Skeleton } from '@client/components/ui/skeleton'
import type { Address } from '@shared/schemas/addresses'
import { lazy, Suspense } from 'react'

const AddressForm = lazy(() => import('./address-form'))

/**
 * Adds a delivery address to the account, or edits `address`, with the server's own rules: the
 * same form in the profile and at checkout. The form, and the schemas that check it, load when the
 * dialog first opens (`address-form.tsx`): the pages that offer it do not wait for them.
 */
export function AddressFormDialog({
  userId,
  address,
  open,
  onOpenChange,
  onSaved,
}: {
  userId: number
  /** The address to edit; a new one when absent. */
  address?: Address | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved?: (address: Address) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{address ? 'Edit delivery address' : 'New delivery address'}</DialogTitle>
          <DialogDescription>
            {address
              ? 'Your next orders use the new details; orders already placed keep theirs.'
              : 'Saved to your account for your next orders.'}
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Skeleton className="h-96" />}>
          <AddressForm
            userId={userId}
            address={address ?? null}
            onSaved={onSaved}
            close={() => onOpenChange(false)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  )
}
