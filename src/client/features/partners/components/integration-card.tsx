import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardContent } from '@client/components/ui/card'
import { Label } from '@client/components/ui/label'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { formatDate } from '@client/lib/utils'
import type { DeliveryIntegration } from '@shared/schemas/partners'
import { KeyRound, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useDeleteIntegration } from '../api/delete-integration'
import { useUpdateIntegration } from '../api/update-integration'
import { IntegrationConnection } from './integration-connection'
import { EditCredentialsDialog } from './integration-credentials'
import { PlatformWordmark, platformLabel } from './platform-logos'

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this integration?'

/** connected green, error red, anything else yellow "Pending". */
export function integrationStatusBadge(status: string): {
  label: string
  variant: 'success' | 'danger' | 'warning'
} {
  if (status === 'connected') return { label: 'Connected', variant: 'success' }
  if (status === 'error') return { label: 'Error', variant: 'danger' }
  return { label: 'Pending', variant: 'warning' }
}

export function IntegrationCard({ integration }: { integration: DeliveryIntegration }) {
  const update = useUpdateIntegration(integration.restaurantId)
  const remove = useDeleteIntegration(integration.restaurantId)
  const [editing, setEditing] = useState(false)
  const badge = integrationStatusBadge(integration.status)
  const label = platformLabel(integration.platform)
  const details = [
    ['API key', integration.apiKey],
    ['Client ID', integration.clientId],
    ['Client secret', integration.clientSecret],
    ['Store ID', integration.storeId],
    ['Merchant ID', integration.merchantId],
    ['Webhook', integration.webhookUrl],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]))
  const switchId = `sync-${integration.id}`

  const toggleSync = (syncEnabled: boolean) =>
    update.mutate(
      { id: integration.id, input: { syncEnabled } },
      {
        onSuccess: () =>
          toast({
            title: 'Integration updated',
            description: `Order sync with ${label} is ${syncEnabled ? 'on' : 'off'}.`,
          }),
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update integration', variant: 'destructive' }),
      },
    )

  const onDelete = () => {
    if (!window.confirm(DELETE_CONFIRMATION)) return
    remove.mutate(integration.id, {
      onSuccess: () =>
        toast({ title: 'Integration removed', description: `${label} is no longer connected.` }),
      onError: () =>
        toast({ title: 'Error', description: 'Failed to delete integration', variant: 'destructive' }),
    })
  }

  return (
    <Card data-testid={`integration-${integration.platform}`}>
      <CardContent className="grid gap-4 p-5">
        <div className="flex items-center justify-between gap-3">
          <PlatformWordmark platform={integration.platform} className="h-8" />
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
        {details.length > 0 ? (
          <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            {details.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-muted-foreground">{name}</dt>
                <dd className="min-w-0 break-all font-mono text-xs leading-5 sm:text-sm">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {integration.lastSyncedAt
            ? `Last synced ${formatDate(integration.lastSyncedAt)}`
            : 'Not synced yet'}{' '}
          · Added {formatDate(integration.createdAt)}
        </p>
        <IntegrationConnection integration={integration} />
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t pt-4">
          <div className="flex items-center gap-2.5">
            <Switch
              id={switchId}
              checked={integration.syncEnabled}
              disabled={update.isPending}
              onCheckedChange={toggleSync}
            />
            <Label htmlFor={switchId} className="cursor-pointer whitespace-nowrap">
              Sync orders
            </Label>
          </div>
          <div className="ml-auto flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label={`Update ${label} credentials`}
            >
              <KeyRound aria-hidden="true" />
              Credentials
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive/10"
              onClick={onDelete}
              disabled={remove.isPending}
              aria-label={`Delete ${label} integration`}
            >
              <Trash2 aria-hidden="true" />
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </div>
        {editing ? (
          <EditCredentialsDialog integration={integration} onClose={() => setEditing(false)} />
        ) : null}
      </CardContent>
    </Card>
  )
}
