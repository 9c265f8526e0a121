import { Button } from '@client/components/ui/button'
import { dismissPrompt, promptDismissed } from '@client/lib/push/push-device'
import { BellRing, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { usePushDevice } from './use-push-device'

/**
 * The quiet offer after an order: turn on notifications to hear when it moves. Never the
 * browser's own prompt on load; that comes only from "Turn on". "Not now" hides it on this browser
 * for good (the profile's Notifications tab still has the switch).
 */
export function PushPrompt({ userId }: { userId: number }) {
  const device = usePushDevice(userId)
  const [hidden, setHidden] = useState(true)
  const [asked, setAsked] = useState(false)
  useEffect(() => setHidden(promptDismissed()), [])

  if (hidden || device.state === undefined || device.state === 'unsupported' || device.state === 'denied')
    return null
  if (device.state === 'on' && !asked) return null
  if (device.state === 'on')
    return (
      <p
        className="flex items-center gap-2 rounded-xl border bg-card px-4 py-3 text-sm"
        data-testid="push-prompt-done"
        role="status"
      >
        <BellRing className="size-4 text-primary" aria-hidden="true" />
        Notifications are on: we’ll tell you when your order moves, even with the app closed.
      </p>
    )
  return (
    <section
      aria-label="Order notifications"
      data-testid="push-prompt"
      className="flex flex-col gap-3 rounded-xl border bg-card px-4 py-3 shadow-sm sm:flex-row sm:items-center"
    >
      <BellRing className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">Know when it’s on its way</p>
        <p className="text-muted-foreground">
          Get a notification when the kitchen starts, when your food leaves and when it arrives.
        </p>
        {device.error ? (
          <p className="mt-1 text-destructive" role="alert">
            {device.error}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          size="sm"
          onClick={() => {
            setAsked(true)
            void device.turnOn()
          }}
          disabled={device.busy}
        >
          Turn on
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            dismissPrompt()
            setHidden(true)
          }}
        >
          <X className="size-4" aria-hidden="true" />
          Not now
        </Button>
      </div>
    </section>
  )
}
