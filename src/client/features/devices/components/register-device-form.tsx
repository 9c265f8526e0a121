import { Button } from '@client/components/ui/button'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input, NativeSelect } from '@client/components/ui/input'
import { toast } from '@client/components/ui/use-toast'
import { ApiError, errorMessage, isStatus } from '@client/lib/api-client'
import { useCameras } from '@client/lib/queries/restaurants'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  DEVICE_KIND_LABELS,
  DEVICE_KINDS,
  type DeviceCreated,
  type DeviceCreateInput,
  deviceCreateSchema,
} from '@shared/schemas/devices'
import { Plus } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useRegisterDevice } from '../api/register-device'

const DEFAULTS: DeviceCreateInput = { name: '', kind: 'oven', cameraId: null }

/** Name, kind and (optionally) the camera station of a new sensor. */
export function RegisterDeviceForm({
  restaurantId,
  onRegistered,
}: {
  restaurantId: number
  onRegistered: (device: DeviceCreated) => void
}) {
  const register = useRegisterDevice(restaurantId)
  const cameras = useCameras(restaurantId)
  const form = useForm<DeviceCreateInput, unknown, z.output<typeof deviceCreateSchema>>({
    resolver: zodResolver(deviceCreateSchema),
    defaultValues: DEFAULTS,
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(values, {
      onSuccess: (device) => {
        form.reset(DEFAULTS)
        onRegistered(device)
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          for (const [field, message] of Object.entries(error.fieldErrors))
            form.setError(field as keyof DeviceCreateInput, { message })
        }
        toast({
          title: isStatus(error, 403) ? 'Not your restaurant' : 'Could not register the device',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        })
      },
    })
  })

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start"
    >
      <Field id="device-name" label="Device name" error={errors.name?.message}>
        <Input
          placeholder="Pizza oven probe"
          autoComplete="off"
          {...fieldProps('device-name', errors.name?.message)}
          {...form.register('name')}
        />
      </Field>
      <Field id="device-kind" label="Measures" error={errors.kind?.message}>
        <NativeSelect {...fieldProps('device-kind', errors.kind?.message)} {...form.register('kind')}>
          {DEVICE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DEVICE_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="device-camera" label="Station (camera)" error={errors.cameraId?.message}>
        <NativeSelect
          {...fieldProps('device-camera', errors.cameraId?.message)}
          {...form.register('cameraId', { setValueAs: (v) => (v ? Number(v) : null) })}
        >
          <option value="">None</option>
          {(cameras.data ?? []).map((camera) => (
            <option key={camera.id} value={camera.id}>
              {camera.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" className="sm:mt-6" disabled={register.isPending}>
        <Plus aria-hidden="true" />
        {register.isPending ? 'Registering…' : 'Register device'}
      </Button>
    </form>
  )
}
