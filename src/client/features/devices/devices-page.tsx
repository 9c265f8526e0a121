import { Alert } from '@client/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { NativeSelect } from '@client/components/ui/input'
import { Skeleton } from '@client/components/ui/skeleton'
import { PageSpinner } from '@client/components/ui/spinner'
import { useCameras } from '@client/lib/queries/restaurants'
import { useCurrentUser } from '@client/lib/session'
import { useDocumentTitle } from '@client/lib/use-document-title'
import type { DeviceCreated } from '@shared/schemas/devices'
import { Cpu, Store, Terminal } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { useDevices } from './api/get-devices'
import { type OwnedRestaurant, useOwnedRestaurants } from './api/get-owned-restaurants'
import { DeviceKeyDialog } from './components/device-key-dialog'
import { DeviceList } from './components/device-list'
import { RegisterDeviceForm } from './components/register-device-form'

/** /partner/devices: an owner registers, watches and revokes the restaurant's sensors. */
export default function DevicesPage() {
  useDocumentTitle('Kitchen sensors')
  const { user } = useCurrentUser()
  const restaurants = useOwnedRestaurants(user?.id)
  if (!user || restaurants.isLoading) return <PageSpinner />
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
          <Cpu className="size-7 text-primary" aria-hidden="true" />
          Kitchen sensors
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Temperature and humidity sensors send real readings to the diners watching their order. While a
          sensor reports, it replaces the kitchen’s estimate.
        </p>
      </header>
      {restaurants.isError ? (
        <Alert variant="danger">We could not load your restaurants. Please refresh the page.</Alert>
      ) : (restaurants.data ?? []).length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
            <Store className="size-10 text-primary" aria-hidden="true" />
            <h2 className="text-lg font-semibold">No restaurant yet</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              Sensors belong to a restaurant you own. Register your restaurant first.
            </p>
            <Link href="/restaurant-partners#register" className="font-medium text-primary underline">
              Register a restaurant
            </Link>
          </CardContent>
        </Card>
      ) : (
        <RestaurantDevices restaurants={restaurants.data ?? []} />
      )}
    </div>
  )
}

function RestaurantDevices({ restaurants }: { restaurants: OwnedRestaurant[] }) {
  const [chosen, setChosen] = useState<number | null>(null)
  const [created, setCreated] = useState<DeviceCreated | null>(null)
  const restaurantId = chosen ?? restaurants[0]!.id
  const devices = useDevices(restaurantId)
  const cameras = useCameras(restaurantId)
  const origin = typeof window === 'undefined' ? 'http://localhost:5000' : window.location.origin

  return (
    <>
      {restaurants.length > 1 ? (
        <Field id="devices-restaurant" label="Restaurant" className="max-w-sm">
          <NativeSelect
            id="devices-restaurant"
            value={restaurantId}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {restaurants.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
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
        <h2 id="devices-heading" className="text-lg font-semibold">
          Devices
        </h2>
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
            The simulator sends a realistic oven curve every second with a device’s key. Leave out
            <code className="mx-1">--order</code> to send the station’s readings, shown to every order cooking
            at the restaurant.
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
    </>
  )
}
