import { AddressFormDialog } from '@client/components/addresses/address-form-dialog'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Skeleton } from '@client/components/ui/skeleton'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { useAddresses, useManageAddress } from '@client/lib/queries/addresses'
import { formatAddress } from '@client/lib/utils'
import type { Address } from '@shared/schemas/addresses'
import type { User } from '@shared/schemas/auth'
import { MapPin, MapPinOff, Pencil, Plus, Star, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Section } from './profile-tabs'

const nameOf = (a: Address) => a.label ?? a.line1

/** The diner's saved delivery addresses: add, edit, make default, delete (after asking). */
export function AddressesTab({ user }: { user: User }) {
  const addresses = useAddresses(user.id)
  const { makeDefault } = useManageAddress(user.id)
  // The address being edited (null: a new one) stays while its dialog closes.
  const [editing, setEditing] = useState<{ open: boolean; address: Address | null }>({
    open: false,
    address: null,
  })
  const [deleting, setDeleting] = useState<{ open: boolean; address: Address | null }>({
    open: false,
    address: null,
  })
  const list = addresses.data ?? []

  const setDefault = (address: Address) =>
    makeDefault.mutate(address.id, {
      onSuccess: () =>
        toast({ title: 'Default address changed', description: `Checkout now chooses ${nameOf(address)}.` }),
      onError: (error) =>
        toast({
          title: 'Default not changed',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })

  const addButton = (
    <Button onClick={() => setEditing({ open: true, address: null })} size="sm">
      <Plus aria-hidden="true" />
      Add address
    </Button>
  )

  return (
    <Section
      title="Delivery addresses"
      description="Where your orders go. Checkout chooses the default; you can pick another there."
    >
      {addresses.isLoading ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : addresses.isError ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-5" role="alert">
          <p className="text-sm text-muted-foreground">
            {errorMessage(addresses.error, 'Your addresses could not be loaded.')}
          </p>
          <Button variant="outline" size="sm" onClick={() => addresses.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
          data-testid="addresses-empty"
        >
          <MapPin className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">
            No delivery addresses yet. Add one and checkout will choose it for you.
          </p>
          {addButton}
        </div>
      ) : (
        <div className="grid gap-4">
          <ul className="divide-y rounded-xl border" aria-label="Your delivery addresses">
            {list.map((address) => (
              <li
                key={address.id}
                className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center"
                data-testid="saved-address"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    <span className="truncate">{address.label ?? 'Address'}</span>
                    {address.isDefault ? <Badge variant="success">Default</Badge> : null}
                  </p>
                  <p className="mt-0.5 break-words text-sm text-muted-foreground">{formatAddress(address)}</p>
                  {address.latitude === null ? (
                    <p className="mt-1 flex items-center gap-1.5 text-xs text-amber-700 dark:text-amber-300">
                      <MapPinOff className="size-3.5 shrink-0" aria-hidden="true" />
                      Not on the map: edit it and use your location so restaurants can deliver here.
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
                  {!address.isDefault ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={makeDefault.isPending}
                      onClick={() => setDefault(address)}
                      aria-label={`Make ${nameOf(address)} the default`}
                    >
                      <Star aria-hidden="true" />
                      Make default
                    </Button>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing({ open: true, address })}
                    aria-label={`Edit ${nameOf(address)}`}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setDeleting({ open: true, address })}
                    aria-label={`Delete ${nameOf(address)}`}
                  >
                    <Trash2 aria-hidden="true" />
                    {/* A phone keeps the three actions on one line: the bin alone says it. */}
                    <span className="max-sm:sr-only">Delete</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <div>{addButton}</div>
        </div>
      )}

      <AddressFormDialog
        userId={user.id}
        address={editing.address}
        open={editing.open}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
      />
      <DeleteAddressDialog
        userId={user.id}
        address={deleting.address}
        open={deleting.open}
        onClose={() => setDeleting((d) => ({ ...d, open: false }))}
      />
    </Section>
  )
}

function DeleteAddressDialog({
  userId,
  address,
  open,
  onClose,
}: {
  userId: number
  address: Address | null
  open: boolean
  onClose: () => void
}) {
  const { remove } = useManageAddress(userId)
  const confirm = () => {
    if (!address) return
    remove.mutate(address.id, {
      onSuccess: () => {
        toast({
          title: 'Address deleted',
          description: address.isDefault
            ? 'Your oldest remaining address is now the default.'
            : formatAddress(address),
        })
        onClose()
      },
      onError: (error) =>
        toast({
          title: 'Address not deleted',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    })
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this address?</DialogTitle>
          <DialogDescription>
            {address ? `${formatAddress(address)}. ` : ''}Orders already placed keep their address.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? <Spinner className="size-4 text-current" label="Deleting" /> : null}
            Delete address
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
