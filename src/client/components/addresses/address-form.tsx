import { Button } from '@client/components/ui/button'
import { DialogFooter } from '@client/components/ui/dialog'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError, errorMessage } from '@client/lib/api-client'
import { getDevicePosition } from '@client/lib/geolocation'
import { useCreateAddress, useManageAddress } from '@client/lib/queries/addresses'
import { formatAddress } from '@client/lib/utils'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  type Address,
  type AddressCreateInput,
  type AddressUpdateInput,
  addressCreateSchema,
} from '@shared/schemas/addresses'
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

function valuesOf(address: Address | null | undefined): FormValues {
  if (!address) return EMPTY
  return {
    label: address.label ?? '',
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    postcode: address.postcode,
    latitude: address.latitude,
    longitude: address.longitude,
  }
}

/**
 * What an edit sends: the fields changed (an emptied label or second line clears it). A new
 * postcode without a new location drops the old pin, so the server places the new postcode.
 */
export function changesOf(
  values: FormValues,
  dirty: Partial<Record<keyof FormValues, boolean>>,
): AddressUpdateInput {
  const patch: Record<string, unknown> = {}
  for (const key of ['label', 'line1', 'line2', 'city', 'postcode'] as const)
    if (dirty[key]) patch[key] = values[key]
  if (dirty.latitude || dirty.longitude) {
    patch.latitude = values.latitude
    patch.longitude = values.longitude
  } else if (dirty.postcode) {
    patch.latitude = null
    patch.longitude = null
  }
  return patch as AddressUpdateInput
}

/**
 * The address form of `AddressFormDialog`, with the server's own rules. It is mounted each time the
 * dialog opens, so each opening starts from the address being edited (or an empty form).
 */
export default function AddressForm({
  userId,
  address,
  onSaved,
  close,
}: {
  userId: number
  address: Address | null
  onSaved?: (address: Address) => void
  close: () => void
}) {
  const create = useCreateAddress(userId)
  const { update } = useManageAddress(userId)
  const saving = create.isPending || update.isPending
  const [locating, setLocating] = useState(false)
  const [locationNote, setLocationNote] = useState<string | null>(null)
  const form = useForm<FormValues>({
    resolver: zodResolver(addressCreateSchema) as never,
    defaultValues: valuesOf(address),
  })
  const { errors } = form.formState
  // A new address shows the pin it was given; an edited one, a pin given in this edit.
  const hasPin = form.watch('latitude') !== null
  const located = address ? Boolean(form.formState.dirtyFields.latitude) && hasPin : hasPin

  const useMyLocation = async () => {
    setLocating(true)
    setLocationNote(null)
    try {
      const position = await getDevicePosition()
      form.setValue('latitude', position.latitude, { shouldDirty: true })
      form.setValue('longitude', position.longitude, { shouldDirty: true })
      setLocationNote('Your current location is saved with this address.')
    } catch {
      setLocationNote('Could not get your location. Known Austin postcodes are placed on the map for you.')
    } finally {
      setLocating(false)
    }
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = address
        ? await update.mutateAsync({
            id: address.id,
            patch: changesOf(form.getValues(), form.formState.dirtyFields),
          })
        : await create.mutateAsync(values as AddressCreateInput)
      toast({ title: address ? 'Address updated' : 'Address saved', description: formatAddress(saved) })
      onSaved?.(saved)
      close()
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
        <Button type="button" variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          Save address
        </Button>
      </DialogFooter>
    </form>
  )
}
