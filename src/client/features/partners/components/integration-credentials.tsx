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
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { showServerFieldErrors } from '@client/lib/form-errors'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  type DeliveryIntegration,
  type IntegrationUpdateInput,
  integrationFieldErrors,
  integrationUpdateSchema,
} from '@shared/schemas/partners'
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useUpdateIntegration } from '../api/update-integration'
import { FIELD_LABELS, type PlatformField, platformFields } from './integration-form'
import { platformLabel } from './platform-logos'

type Credential = 'apiKey' | PlatformField
/** The update's own rules (lengths, one line) for the credentials this form edits. */
const credentialsSchema = integrationUpdateSchema.pick({
  apiKey: true,
  clientId: true,
  clientSecret: true,
  storeId: true,
  merchantId: true,
})
type Values = z.input<typeof credentialsSchema>
type Output = z.output<typeof credentialsSchema>

/** Secrets are never answered whole: their fields start empty, and an empty one keeps what is stored. */
const SECRET: ReadonlySet<Credential> = new Set(['apiKey', 'clientSecret'])

/** The credentials a platform is connected with: an API key, and the platform's own fields. */
function credentialFields(platform: string): Credential[] {
  return ['apiKey', ...platformFields(platform)]
}

/** The form's first values: the stored plain fields as they are, the secrets empty. */
function initialValues(integration: DeliveryIntegration): Values {
  return {
    apiKey: '',
    clientId: integration.clientId ?? '',
    clientSecret: '',
    storeId: integration.storeId ?? '',
    merchantId: integration.merchantId ?? '',
  }
}

/**
 * What the form asks the server to change: a secret typed in, a plain field that differs from
 * the stored one. Empty when nothing would change.
 */
export function credentialChanges(integration: DeliveryIntegration, output: Output): IntegrationUpdateInput {
  const changes: IntegrationUpdateInput = {}
  for (const field of credentialFields(integration.platform)) {
    const value = output[field]
    if (value === undefined) continue
    if (SECRET.has(field) || value !== integration[field]) changes[field] = value
  }
  return changes
}

/**
 * Changes a delivery integration's credentials without deleting it, so its orders and activity
 * stay: a key rotated, a store ID typed wrong or never asked for. The plain fields start as stored;
 * a secret's field starts empty and keeps the stored secret unless something is typed. What the
 * platform needs must all be there ("Uber Eats needs a store ID"). New credentials put the
 * integration back to pending until the platform accepts them (its menu is published with them).
 * It is mounted while open, so each opening starts from the integration as it is then.
 */
export function EditCredentialsDialog({
  integration,
  onClose,
}: {
  integration: DeliveryIntegration
  onClose: () => void
}) {
  const update = useUpdateIntegration(integration.restaurantId)
  const label = platformLabel(integration.platform)
  const fields = credentialFields(integration.platform)
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: initialValues(integration),
  })
  const { errors, isDirty } = form.formState
  const idOf = (field: Credential) => `credentials-${integration.id}-${field}`

  const save = form.handleSubmit((output) => {
    // A plain field emptied is missing, not kept: the form shows what will be stored.
    const missing = integrationFieldErrors(integration.platform, {
      apiKey: output.apiKey ?? integration.apiKey,
      clientSecret: output.clientSecret ?? integration.clientSecret,
      clientId: output.clientId,
      storeId: output.storeId,
      merchantId: output.merchantId,
    })
    const problems = Object.entries(missing) as [Credential, string][]
    if (problems.length > 0) {
      for (const [field, message] of problems) form.setError(field, { type: 'required', message })
      form.setFocus(problems[0]![0])
      return
    }
    const changes = credentialChanges(integration, output)
    if (Object.keys(changes).length === 0) return onClose()
    update.mutate(
      { id: integration.id, input: changes },
      {
        onSuccess: () => {
          toast({
            title: 'Credentials saved',
            description: `${label} is pending until it accepts the new credentials.`,
          })
          onClose()
        },
        onError: (error) => {
          if (showServerFieldErrors(form, error, fields)) return
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to save the credentials'),
            variant: 'destructive',
          })
        },
      },
    )
  })
  // The dialog is portalled, but React events still bubble to the page: stop the submission here.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation()
    return save(event)
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update {label} credentials</DialogTitle>
          <DialogDescription>
            The integration keeps its orders and activity. With new credentials it is pending until {label}{' '}
            accepts them.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {fields.map((field) => {
            const id = idOf(field)
            const error = errors[field]?.message
            const secret = SECRET.has(field)
            const meta = field === 'apiKey' ? { label: 'API key', holds: 'API key' } : FIELD_LABELS[field]
            const stored = integration[field]
            const kept = secret && stored ? `Leave empty to keep the current one (${stored}).` : undefined
            return (
              <Field key={field} id={id} label={meta.label} error={error} hint={kept}>
                <Input
                  type={secret ? 'password' : 'text'}
                  autoComplete="off"
                  placeholder={kept ? 'Unchanged' : `Your ${label} ${meta.holds}`}
                  {...fieldProps(id, error, Boolean(kept))}
                  {...form.register(field)}
                />
              </Field>
            )
          })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isDirty || update.isPending}>
              {update.isPending ? 'Saving...' : 'Save credentials'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
