import { errorMessage } from '@client/lib/api-client'
import { type PushDeviceState, pushDeviceState, turnOffPush, turnOnPush } from '@client/lib/push/push-device'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'

/** This browser's push state (read after the first render: the server knows nothing of it), and turning it on or off. */
export function usePushDevice(userId: number | undefined) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<PushDeviceState | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()

  useEffect(() => {
    let live = true
    void pushDeviceState().then((s) => live && setState(s))
    return () => {
      live = false
    }
  }, [])

  const run = useCallback(
    async (change: (userId: number) => Promise<PushDeviceState>) => {
      if (!userId) return
      setBusy(true)
      setError(undefined)
      try {
        setState(await change(userId))
      } catch (e) {
        setError(errorMessage(e, 'Notifications could not be turned on in this browser. Try again.'))
      } finally {
        setBusy(false)
        void queryClient.invalidateQueries({ queryKey: ['users', userId, 'push-subscriptions'] })
      }
    },
    [userId, queryClient],
  )

  return {
    state,
    busy,
    error,
    turnOn: () => run(turnOnPush),
    turnOff: () => run(turnOffPush),
  }
}
