import { usePushDevice } from '@client/components/push/use-push-device'
import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import type { PushDeviceState } from '@client/lib/push/push-device'
import { useWorkplaces } from '@client/lib/queries/workplaces'
import type { User } from '@shared/schemas/auth'
import { OWNER_PUSH_KINDS, PUSH_KIND_LABELS, PUSH_KINDS } from '@shared/schemas/push'
import { Bell, BellOff, Smartphone } from 'lucide-react'
import { usePushDevices } from '../api/get-push-devices'
import { usePushPreferences } from '../api/get-push-preferences'
import { useUpdatePushPreferences } from '../api/update-push-preferences'
import { Section } from './profile-tabs'

const DEVICE_TEXT: Record<PushDeviceState, { title: string; body: string }> = {
  on: {
    title: 'On for this device',
    body: 'Your order’s steps reach this device, even when Clearplate is closed.',
  },
  off: {
    title: 'Off for this device',
    body: 'Turn them on to hear when the kitchen starts, when your food leaves and when it arrives.',
  },
  denied: {
    title: 'Blocked in this browser',
    body: 'Notifications for this site were blocked. Allow them in your browser’s site settings, then come back here.',
  },
  unsupported: {
    title: 'Not available in this browser',
    body: 'This browser cannot receive notifications from websites. On an iPhone or iPad, add Clearplate to your Home Screen (Share, then Add to Home Screen) and open it from there.',
  },
}

/** The profile's Notifications: this device's push state, the diner's other devices, and which kinds to push. */
export function NotificationsTab({ user }: { user: User }) {
  const device = usePushDevice(user.id)
  const devices = usePushDevices(user.id)
  const preferences = usePushPreferences(user.id)
  const update = useUpdatePushPreferences(user.id)
  // A restaurant's kinds are offered to its owner only: no one else is ever sent them.
  const owner = useWorkplaces(user.id).data?.some((w) => w.role === 'owner') ?? false
  const kinds = owner ? PUSH_KINDS : PUSH_KINDS.filter((kind) => !OWNER_PUSH_KINDS.includes(kind))
  const text = device.state ? DEVICE_TEXT[device.state] : undefined
  const others = (devices.data?.length ?? 0) - (device.state === 'on' ? 1 : 0)

  return (
    <div className="grid gap-6">
      <Section title="This device" description="Notifications on your lock screen when an order moves.">
        {text ? (
          <div
            className="flex flex-col gap-4 sm:flex-row sm:items-center"
            data-testid="push-device-state"
            data-state={device.state}
          >
            <div className="flex min-w-0 flex-1 items-start gap-3">
              {device.state === 'on' ? (
                <Bell className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              ) : (
                <BellOff className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p className="font-medium">{text.title}</p>
                <p className="text-sm text-muted-foreground">{text.body}</p>
              </div>
            </div>
            {device.state === 'on' ? (
              <Button variant="outline" onClick={device.turnOff} disabled={device.busy}>
                Turn off
              </Button>
            ) : device.state === 'off' ? (
              <Button onClick={device.turnOn} disabled={device.busy}>
                Turn on
              </Button>
            ) : null}
          </div>
        ) : (
          <Skeleton className="h-12" />
        )}
        {device.error ? (
          <Alert variant="danger" className="mt-4" role="alert">
            {device.error}
          </Alert>
        ) : null}
        {others > 0 ? (
          <p
            className="mt-4 flex items-center gap-2 text-sm text-muted-foreground"
            data-testid="push-other-devices"
          >
            <Smartphone className="size-4" aria-hidden="true" />
            Also on for {others} other {others === 1 ? 'device' : 'devices'}.
          </p>
        ) : null}
      </Section>
      <Section title="What to notify" description="For every device with notifications on.">
        {preferences.data ? (
          <ul className="divide-y rounded-xl border" data-testid="push-preferences">
            {kinds.map((kind) => {
              const id = `push-kind-${kind}`
              return (
                <li key={kind} className="flex items-center gap-4 px-4 py-3.5">
                  <div className="min-w-0 flex-1">
                    <label htmlFor={id} className="font-medium">
                      {PUSH_KIND_LABELS[kind].label}
                    </label>
                    <p className="text-sm text-muted-foreground">{PUSH_KIND_LABELS[kind].hint}</p>
                  </div>
                  <Switch
                    id={id}
                    checked={preferences.data[kind]}
                    disabled={update.isPending}
                    onCheckedChange={(checked) =>
                      update.mutate(
                        { [kind]: checked },
                        {
                          onError: (error) =>
                            toast({
                              title: 'Not saved',
                              description: errorMessage(error, 'Your choice could not be saved. Try again.'),
                              variant: 'destructive',
                            }),
                        },
                      )
                    }
                  />
                </li>
              )
            })}
          </ul>
        ) : preferences.isError ? (
          <Alert variant="danger" role="alert">
            Your notification choices could not be loaded. Reload the page to try again.
          </Alert>
        ) : (
          <Skeleton className="h-72" />
        )}
      </Section>
    </div>
  )
}
