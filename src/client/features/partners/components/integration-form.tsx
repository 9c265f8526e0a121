import { Button } from '@client/components/ui/button'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input, NativeSelect } from '@client/components/ui/input'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { showServerFieldErrors } from '@client/lib/form-errors'
import { zodResolver } from '@hookform/resolvers/zod'
import { DELIVERY_PLATFORMS } from '@shared/constants'
import { type IntegrationCreateInput, integrationCreateSchema } from '@shared/schemas/partners'
import { Plug } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useCreateIntegration } from '../api/create-integration'
import { platformLabel } from './platform-logos'

type Output = z.output<typeof integrationCreateSchema>
export type PlatformField = 'clientId' | 'clientSecret' | 'storeId' | 'merchantId'

/** Each field's label, and what it holds (after "Your {platform} "). */
export const FIELD_LABELS: Record<PlatformField, { label: string; secret?: boolean; holds: string }> = {
  clientId: { label: 'Client ID', holds: 'client ID' },
  clientSecret: { label: 'Client secret', secret: true, holds: 'client secret' },
  storeId: { label: 'Store ID', holds: 'store ID' },
  merchantId: { label: 'Merchant ID', holds: 'merchant ID' },
}

const DEFAULTS: IntegrationCreateInput = {
  platform: 'ubereats',
  apiKey: '',
  clientId: '',
  clientSecret: '',
  merchantId: '',
  storeId: '',
  webhookUrl: '',
  syncEnabled: true,
  streamEnabled: true,
}

/** The fields a platform uses: Uber Eats client credentials and store, DoorDash store, Grubhub/Seamless merchant; all an API key. */
export function platformFields(platform: string): PlatformField[] {
  return [...(DELIVERY_PLATFORMS.find((p) => p.value === platform)?.fields ?? [])] as PlatformField[]
}

export function IntegrationForm({ restaurantId, onDone }: { restaurantId: number; onDone?: () => void }) {
  const create = useCreateIntegration(restaurantId)
  const form = useForm<IntegrationCreateInput, unknown, Output>({
    resolver: zodResolver(integrationCreateSchema),
    defaultValues: DEFAULTS,
  })
  const { errors } = form.formState
  const platform = form.watch('platform')
  const fields = platformFields(platform)

  const onSubmit = form.handleSubmit((values) => {
    const used = new Set<string>(fields)
    const input: IntegrationCreateInput = {
      platform: values.platform,
      apiKey: values.apiKey,
      webhookUrl: values.webhookUrl,
      syncEnabled: values.syncEnabled,
      streamEnabled: values.streamEnabled,
      ...(used.has('clientId') ? { clientId: values.clientId } : {}),
      ...(used.has('clientSecret') ? { clientSecret: values.clientSecret } : {}),
      ...(used.has('storeId') ? { storeId: values.storeId } : {}),
      ...(used.has('merchantId') ? { merchantId: values.merchantId } : {}),
    }
    create.mutate(input, {
      onSuccess: (created) => {
        toast({
          title: 'Integration added',
          description: `${platformLabel(created.platform)} is saved and pending verification.`,
        })
        form.reset(DEFAULTS)
        onDone?.()
      },
      onError: (error) => {
        // The server's field errors (a credential the platform needs) go under their fields.
        if (showServerFieldErrors(form, error, Object.keys(DEFAULTS) as (keyof IntegrationCreateInput)[]))
          return
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to add delivery platform integration'),
          variant: 'destructive',
        })
      },
    })
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="int-platform" label="Platform" error={errors.platform?.message}>
        <NativeSelect
          {...fieldProps('int-platform', errors.platform?.message)}
          {...form.register('platform')}
        >
          {DELIVERY_PLATFORMS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id="int-apikey"
        label="API key"
        error={errors.apiKey?.message}
        hint="Stored encrypted; only its last four characters are shown."
      >
        <Input
          type="password"
          autoComplete="off"
          placeholder={`Your ${platformLabel(platform)} API key`}
          {...fieldProps('int-apikey', errors.apiKey?.message, true)}
          {...form.register('apiKey')}
        />
      </Field>
      {fields.map((name) => {
        const meta = FIELD_LABELS[name]
        const error = errors[name]?.message
        return (
          <Field key={name} id={`int-${name}`} label={meta.label} error={error}>
            <Input
              type={meta.secret ? 'password' : 'text'}
              autoComplete="off"
              placeholder={`Your ${platformLabel(platform)} ${meta.holds}`}
              {...fieldProps(`int-${name}`, error)}
              {...form.register(name)}
            />
          </Field>
        )
      })}
      <Field id="int-webhook" label="Webhook URL (optional)" error={errors.webhookUrl?.message}>
        <Input
          type="url"
          placeholder="https://yourrestaurant.com/webhooks/orders"
          {...fieldProps('int-webhook', errors.webhookUrl?.message)}
          {...form.register('webhookUrl')}
        />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        <Plug aria-hidden="true" />
        {create.isPending ? 'Connecting...' : 'Add Integration'}
      </Button>
    </form>
  )
}
