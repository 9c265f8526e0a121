import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { ApiError, errorMessage } from '@client/lib/api-client'
import { getDevicePosition } from '@client/lib/geolocation'
import { useCreateAddress } from '@client/lib/queries/addresses'
import { zodResolver } from '@hookform/resolvers/zod'
import { type Address, type AddressCreateInput, addressCreateSchema } from '@shared/schemas/addresses'
import { Check, LocateFixed } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'

type FormValues = {
  label: string
  line1: string
  line2: string
  city: string
  postcode: string
  latitude: number | null
  longitude: number | null
}

const EMPTY: FormValues = {
  label: '',
  line1: '',
  line2: '',
  city: '',
  postcode: '',
  latitude: null,
  longitude: null,
}

/** Adds a delivery address to the account, with the server's own rules. */
export function AddressFormDialog({
  userId,
  open,
  onOpenChange,
  onSaved,
}: {
  userId: number
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: (address: Address) => void
}) {
  const create = useCreateAddress(userId)
  const [locating, setLocating] = useState(false)
  const [locationNote, setLocationNote] = useState<string | null>(null)
  const form = useForm<FormValues>({
    resolver: zodResolver(addressCreateSchema) as never,
    defaultValues: EMPTY,
  })
  const { errors } = form.formState
  const located = form.watch('latitude') !== null

  const useMyLocation = async () => {
    setLocating(true)
    setLocationNote(null)
    try {
      const position = await getDevicePosition()
      form.setValue('latitude', position.latitude)
      form.setValue('longitude', position.longitude)
      setLocationNote('Your current location is saved with this address.')
    } catch {
      setLocationNote('Could not get your location. Known Austin postcodes are placed on the map for you.')
    } finally {
      setLocating(false)
    }
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await create.mutateAsync(values as AddressCreateInput)
      form.reset(EMPTY)
      setLocationNote(null)
      onSaved(saved)
      onOpenChange(false)
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors))
          form.setError(field as keyof FormValues, { message })
      }
      form.setError('root', {
        message: errorMessage(error, 'Could not save this address. Please try again.'),
      })
    }
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New delivery address</DialogTitle>
          <DialogDescription>Saved to your account for your next orders.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <Field id="address-label" label="Label (optional)" error={errors.label?.message}>
            <Input
              {...fieldProps('address-label', errors.label?.message)}
              {...form.register('label')}
              placeholder="Home, Work…"
            />
          </Field>
          <Field id="address-line1" label="Street address" error={errors.line1?.message}>
            <Input
              {...fieldProps('address-line1', errors.line1?.message)}
              {...form.register('line1')}
              autoComplete="address-line1"
            />
          </Field>
          <Field id="address-line2" label="Apartment, floor (optional)" error={errors.line2?.message}>
            <Input
              {...fieldProps('address-line2', errors.line2?.message)}
              {...form.register('line2')}
              autoComplete="address-line2"
            />
          </Field>
          <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-3">
            <Field id="address-city" label="City" error={errors.city?.message}>
              <Input
                {...fieldProps('address-city', errors.city?.message)}
                {...form.register('city')}
                autoComplete="address-level2"
              />
            </Field>
            <Field id="address-postcode" label="Postcode" error={errors.postcode?.message}>
              <Input
                {...fieldProps('address-postcode', errors.postcode?.message)}
                {...form.register('postcode')}
                autoComplete="postal-code"
              />
            </Field>
          </div>
          <div className="grid gap-1">
            <Button type="button" variant="outline" size="sm" onClick={useMyLocation} disabled={locating}>
              {locating ? (
                <Spinner className="size-4 text-current" label="Finding your location" />
              ) : located ? (
                <Check aria-hidden="true" />
              ) : (
                <LocateFixed aria-hidden="true" />
              )}
              {located ? 'Location added' : 'Use my current location'}
            </Button>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {locationNote ?? 'Optional: restaurants check their delivery area from it.'}
            </p>
          </div>
          {errors.root?.message ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.root.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
              Save address
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
