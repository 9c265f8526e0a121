import { Button } from '@client/components/ui/button'
import { toast } from '@client/components/ui/use-toast'
import { resaveSubscription } from '@client/lib/push/push-device'
import { applyUpdate, registerServiceWorker, updateWaiting } from '@client/lib/pwa/service-worker'
import { useCurrentUser } from '@client/lib/session'
import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

/**
 * The installed app's upkeep: registers the service worker, says when a new version is ready
 * (it takes over on the next navigation, or at once from the toast), and keeps this browser's
 * push subscription with whoever is signed in.
 */
export function AppUpdates() {
  const [location] = useLocation()
  const first = useRef(location)
  const { user } = useCurrentUser()

  useEffect(() => {
    registerServiceWorker(() =>
      toast({
        title: 'A new version of Clearplate is ready',
        description: (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
            It opens with your next page.
            <Button size="sm" variant="outline" onClick={applyUpdate} data-testid="apply-update">
              Update now
            </Button>
          </span>
        ),
        duration: 60_000,
      }),
    )
  }, [])

  useEffect(() => {
    if (location !== first.current && updateWaiting()) applyUpdate()
    first.current = location
  }, [location])

  useEffect(() => {
    if (user?.id) void resaveSubscription(user.id)
  }, [user?.id])

  return null
}
