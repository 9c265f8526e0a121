import { Alert } from '@client/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import { useCameras } from '@client/lib/queries/restaurants'
import type { DeviceCreated } from '@shared/schemas/devices'
import { Terminal } from 'lucide-react'
import { useState } from 'react'
import { useDevices } from './api/get-devices'
import { DeviceKeyDialog } from './components/device-key-dialog'
import { DeviceList } from './components/device-list'
import { RegisterDeviceForm } from './components/register-device-form'

/**
 * The workspace's Devices section (/partner/{restaurantId}/devices): an owner registers, watches
 * and revokes the restaurant's sensors. The router hands it to the workspace, which switches
 * restaurants.
 */
export default function DevicesSection({ restaurantId }: { restaurantId: number }) {
  const [created, setCreated] = useState<DeviceCreated | null>(null)
  const devices = useDevices(restaurantId)
  const cameras = useCameras(restaurantId)
  const origin = typeof window === 'undefined' ? 'http://localhost:5000' : window.location.origin

  return (
    <div className="grid gap-6" data-testid="devices-section">
      <p className="max-w-2xl text-muted-foreground">
        Temperature and humidity sensors send real readings to the diners watching their order. While a sensor
        reports, it replaces the kitchen’s estimate.
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Register a device</CardTitle>
          <CardDescription>
            Give it a name the kitchen recognises. Its key is shown once, right after registering.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RegisterDeviceForm key={restaurantId} restaurantId={restaurantId} onRegistered={setCreated} />
        </CardContent>
      </Card>
      <section className="grid gap-3" aria-labelledby="devices-heading">
        <h3 id="devices-heading" className="text-lg font-semibold">
          Registered devices
        </h3>
        {devices.isLoading ? (
          <Skeleton className="h-24 w-full rounded-xl" />
        ) : devices.isError ? (
          <Alert variant="danger">We could not load the devices. Please refresh the page.</Alert>
        ) : (devices.data ?? []).length === 0 ? (
          <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            No devices yet. Register your first sensor above.
          </p>
        ) : (
          <DeviceList restaurantId={restaurantId} devices={devices.data ?? []} cameras={cameras.data ?? []} />
        )}
      </section>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Terminal className="size-5" aria-hidden="true" />
            Try your setup
          </CardTitle>
          <CardDescription>
            The simulator sends a realistic oven curve every second with a device’s key. Leave out{' '}
            <code>--order</code> to send the station’s readings, shown to every order cooking at the
            restaurant.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <pre className="overflow-x-auto rounded-lg bg-muted p-3 font-mono text-xs">
            npm run device -- --key YOUR_KEY --order 42 --url {origin}
          </pre>
          <p className="text-muted-foreground">
            Devices send <code>POST /api/telemetry</code> with <code>Authorization: Bearer YOUR_KEY</code> and
            up to 100 readings, in °F or °C, as described in the API documentation.
          </p>
        </CardContent>
      </Card>
      <DeviceKeyDialog device={created} onClose={() => setCreated(null)} />
    </div>
  )
}
