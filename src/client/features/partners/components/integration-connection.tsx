import { Button } from '@client/components/ui/button'
import { Label } from '@client/components/ui/label'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { formatDate } from '@client/lib/utils'
import type { DeliveryIntegration } from '@shared/schemas/partners'
import { Copy, PlugZap, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { useIntegrationAction, useIntegrationEvents } from '../api/integration-connection'
import { useUpdateIntegration } from '../api/update-integration'

export const EVENT_LABELS: Record<string, string> = {
  received: 'Received',
  duplicate: 'Duplicate',
  accepted: 'Accepted',
  denied: 'Denied',
  missed: 'Missed',
  cancelled: 'Cancelled by platform',
  bad_signature: 'Bad signature',
  failed: 'Failed',
  menu_synced: 'Menu synced',
  menu_failed: 'Menu sync failed',
  checked: 'Checked',
}

/** "Nov 27, 14:05": when an event happened, to the minute. */
export function formatEventTime(iso: string): string {
  const at = new Date(iso)
  return `${formatDate(iso)}, ${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`
}

const BAD = new Set(['denied', 'missed', 'bad_signature', 'failed', 'menu_failed'])

/**
 * What connects an integration to its platform: the inbound URL to paste into the platform's
 * dashboard, the last error, "Check connection", "Sync menu now", auto-accept and the last 20 events.
 */
export function IntegrationConnection({ integration }: { integration: DeliveryIntegration }) {
  const check = useIntegrationAction(integration.restaurantId, integration.id, 'check')
  const sync = useIntegrationAction(integration.restaurantId, integration.id, 'sync')
  const update = useUpdateIntegration(integration.restaurantId)
  const [showEvents, setShowEvents] = useState(false)
  const events = useIntegrationEvents(integration.id, showEvents)
  const autoId = `auto-accept-${integration.id}`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(integration.inboundUrl)
      toast({ title: 'Copied', description: 'Paste it as the webhook URL in the platform’s dashboard.' })
    } catch {
      toast({ title: 'Could not copy', description: integration.inboundUrl, variant: 'destructive' })
    }
  }

  const run = (action: typeof check, done: string) =>
    action.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: result.status === 'connected' ? done : 'The platform said no',
          description: result.message,
          variant: result.status === 'connected' ? undefined : 'destructive',
        }),
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    })

  return (
    <div className="grid gap-3 border-t pt-4" data-testid="integration-connection">
      <div className="grid gap-1">
        <Label htmlFor={`inbound-${integration.id}`}>Inbound webhook URL</Label>
        <div className="flex gap-2">
          <input
            id={`inbound-${integration.id}`}
            readOnly
            value={integration.inboundUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="h-9 min-w-0 flex-1 rounded-md border border-input bg-muted px-2 font-mono text-xs"
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={copy}
            aria-label="Copy the inbound webhook URL"
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      </div>
      {integration.status === 'error' && integration.lastError ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {integration.lastError}
        </p>
      ) : null}
      {integration.lastCheckedAt ? (
        <p className="text-xs text-muted-foreground">Last checked {formatDate(integration.lastCheckedAt)}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={check.isPending}
          onClick={() => run(check, 'Connected')}
        >
          <PlugZap aria-hidden="true" />
          {check.isPending ? 'Checking…' : 'Check connection'}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={sync.isPending}
          onClick={() => run(sync, 'Menu published')}
        >
          <RefreshCw aria-hidden="true" />
          {sync.isPending ? 'Syncing…' : 'Sync menu now'}
        </Button>
      </div>
      <div className="flex items-center gap-2.5">
        <Switch
          id={autoId}
          checked={integration.autoAccept}
          disabled={update.isPending}
          onCheckedChange={(autoAccept) => update.mutate({ id: integration.id, input: { autoAccept } })}
        />
        <Label htmlFor={autoId} className="cursor-pointer">
          Accept orders automatically
        </Label>
      </div>
      <details onToggle={(e) => setShowEvents(e.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium">Recent events</summary>
        {events.data && events.data.length === 0 ? (
          <p className="pt-2 text-sm text-muted-foreground">
            Nothing yet. Orders from the platform appear here.
          </p>
        ) : null}
        <ol className="grid gap-1 pt-2" data-testid="integration-events">
          {events.data?.map((event) => (
            <li key={event.id} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs">
              <span className={BAD.has(event.kind) ? 'font-semibold text-destructive' : 'font-semibold'}>
                {EVENT_LABELS[event.kind] ?? event.kind}
              </span>
              <span className="truncate text-muted-foreground" title={event.message}>
                {formatEventTime(event.at)} · {event.message}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </div>
  )
}
