import { toast } from '@client/components/ui/use-toast'
import { type DevicePosition, GeolocationUnsupportedError, getDevicePosition } from '@client/lib/geolocation'
import { useCallback, useState } from 'react'

export type LocationState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; position: DevicePosition }
  | { status: 'error'; message: string }

/** The diner's device location, asked for when they choose to share it. */
export function useDeviceLocation() {
  const [state, setState] = useState<LocationState>({ status: 'idle' })
  const request = useCallback(async () => {
    setState({ status: 'locating' })
    try {
      const position = await getDevicePosition()
      setState({ status: 'located', position })
    } catch (error) {
      const message =
        error instanceof GeolocationUnsupportedError
          ? 'Geolocation is not supported by your browser'
          : 'Failed to get your location.'
      setState({ status: 'error', message })
      toast({
        title: 'Location Error',
        description:
          "We couldn't access your location. Please check your browser settings or enter your location manually.",
        variant: 'destructive',
      })
    }
  }, [])
  const clear = useCallback(() => setState({ status: 'idle' }), [])
  return { state, request, clear }
}
