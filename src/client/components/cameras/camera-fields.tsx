import { Field, fieldProps } from '@client/components/ui/field'
import { Input, NativeSelect } from '@client/components/ui/input'
import { cn } from '@client/lib/utils'
import { CAMERA_POSITIONS } from '@shared/constants'
import type { CameraFormValues, cameraFormSchema } from '@shared/schemas/restaurant-forms'
import type { ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'

export type CameraForm = UseFormReturn<CameraFormValues, unknown, z.output<typeof cameraFormSchema>>

/**
 * A camera's name, position and stream address, with their errors: the same fields in the
 * registration wizard and the workspace's camera section. Ids are `{idPrefix}-name`,
 * `{idPrefix}-position` and `{idPrefix}-url`.
 */
export function CameraFields({
  form,
  idPrefix,
  urlHint,
  rowClassName = 'gap-4',
}: {
  form: CameraForm
  idPrefix: string
  urlHint?: ReactNode
  /** The spacing of the name and position row. */
  rowClassName?: string
}) {
  const { errors } = form.formState
  return (
    <>
      <div className={cn('grid sm:grid-cols-2', rowClassName)}>
        <Field id={`${idPrefix}-name`} label="Camera name" error={errors.name?.message}>
          <Input {...fieldProps(`${idPrefix}-name`, errors.name?.message)} {...form.register('name')} />
        </Field>
        <Field id={`${idPrefix}-position`} label="Position" error={errors.position?.message}>
          <NativeSelect
            {...fieldProps(`${idPrefix}-position`, errors.position?.message)}
            {...form.register('position')}
          >
            {CAMERA_POSITIONS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id={`${idPrefix}-url`} label="Stream URL" error={errors.streamUrl?.message} hint={urlHint}>
        <Input
          type="url"
          placeholder="https://stream.yourrestaurant.com/kitchen/main.m3u8"
          {...fieldProps(`${idPrefix}-url`, errors.streamUrl?.message, Boolean(urlHint))}
          {...form.register('streamUrl')}
        />
      </Field>
    </>
  )
}
