import { Button } from '@client/components/ui/button'
import { Input } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import type { DevicePosition } from '@client/lib/geolocation'
import { LocateFixed, MapPin, MapPinOff, X } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import type { LocationState } from '../lib/use-device-location'

/** Where to search from: the device's location, or coordinates typed by hand. */
export function LocationPanel({
  state,
  manual,
  onLocate,
  onManual,
  onClear,
}: {
  state: LocationState
  manual: DevicePosition | null
  onLocate: () => void
  onManual: (position: DevicePosition) => void
  onClear: () => void
}) {
  const [editing, setEditing] = useState(false)
  const [lat, setLat] = useState('')
  const [lng, setLng] = useState('')
  const [invalid, setInvalid] = useState(false)
  const position = manual ?? (state.status === 'located' ? state.position : null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const latitude = Number(lat)
    const longitude = Number(lng)
    const ok =
      lat.trim() !== '' &&
      lng.trim() !== '' &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180 &&
      Number.isFinite(latitude + longitude)
    setInvalid(!ok)
    if (ok) {
      onManual({ latitude, longitude })
      setEditing(false)
    }
  }

  return (
    <section aria-label="Your location" className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
            {state.status === 'error' && !manual ? (
              <MapPinOff className="size-5" aria-hidden="true" />
            ) : (
              <MapPin className="size-5" aria-hidden="true" />
            )}
          </span>
          <div aria-live="polite">
            {position ? (
              <>
                <p className="font-medium">Showing restaurants near you</p>
                <p className="text-sm text-muted-foreground" data-testid="location-coordinates">
                  {position.latitude.toFixed(4)}, {position.longitude.toFixed(4)}
                  {manual ? ' (entered by hand)' : ''}
                </p>
              </>
            ) : state.status === 'locating' ? (
              <>
                <p className="font-medium">Finding your location…</p>
                <p className="text-sm text-muted-foreground">Your browser may ask for permission.</p>
              </>
            ) : state.status === 'error' ? (
              <>
                <p className="font-medium text-destructive" role="alert">
                  {state.message}
                </p>
                <p className="text-sm text-muted-foreground">
                  Showing all restaurants. You can enter coordinates instead.
                </p>
              </>
            ) : (
              <>
                <p className="font-medium">Find kitchens near you</p>
                <p className="text-sm text-muted-foreground">
                  Share your location to see distances and filter by radius.
                </p>
              </>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {position ? (
            <Button variant="outline" onClick={onClear}>
              <X aria-hidden="true" />
              Clear location
            </Button>
          ) : (
            <>
              <Button onClick={onLocate} disabled={state.status === 'locating'}>
                <LocateFixed aria-hidden="true" />
                {state.status === 'locating' ? 'Locating...' : 'Use my location'}
              </Button>
              <Button variant="ghost" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
                Enter coordinates
              </Button>
            </>
          )}
        </div>
      </div>
      {editing && !position ? (
        <form
          onSubmit={submit}
          className="mt-4 grid gap-3 border-t pt-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          noValidate
        >
          <div className="grid gap-1.5">
            <Label htmlFor="manual-lat">Latitude</Label>
            <Input
              id="manual-lat"
              inputMode="decimal"
              placeholder="30.2672"
              value={lat}
              onChange={(e) => setLat(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="manual-lng">Longitude</Label>
            <Input
              id="manual-lng"
              inputMode="decimal"
              placeholder="-97.7431"
              value={lng}
              onChange={(e) => setLng(e.target.value)}
            />
          </div>
          <Button type="submit">Search here</Button>
          {invalid ? (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-3">
              Enter a latitude between -90 and 90 and a longitude between -180 and 180.
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  )
}
