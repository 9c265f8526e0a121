/** The spec's device-location request: high accuracy, 5 s timeout, never a cached position. */
export const DEVICE_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 5000,
  maximumAge: 0,
}

export class GeolocationUnsupportedError extends Error {
  constructor() {
    super('Geolocation is not supported by your browser')
    this.name = 'GeolocationUnsupportedError'
  }
}

export interface DevicePosition {
  latitude: number
  longitude: number
}

/** Asks the browser for the device's position; rejects with GeolocationUnsupportedError when it cannot. */
export function getDevicePosition(
  options: PositionOptions = DEVICE_POSITION_OPTIONS,
): Promise<DevicePosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
      reject(new GeolocationUnsupportedError())
      return
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(error),
      options,
    )
  })
}
