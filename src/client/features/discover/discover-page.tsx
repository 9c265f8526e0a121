import { RestaurantCard, RestaurantCardSkeleton } from '@client/components/restaurants/restaurant-card'
import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { NativeSelect } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { Switch } from '@client/components/ui/switch'
import type { DevicePosition } from '@client/lib/geolocation'
import { useRestaurantPages } from '@client/lib/queries/restaurants'
import { useDocumentTitle } from '@client/lib/use-document-title'
import {
  DEFAULT_RADIUS_KM,
  DINER_CUISINES,
  DISTANCE_OPTIONS_KM,
  PRICE_RANGE_LABELS,
  PRICE_RANGES,
} from '@shared/constants'
import { SearchX } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'wouter'
import { LocationPanel } from './components/location-panel'
import {
  type DiscoverFilters,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  listQuery,
  NO_FILTERS,
  type RadiusChoice,
} from './lib/discover-filters'
import { useDeviceLocation } from './lib/use-device-location'

const SKELETON_CARDS = 6

export default function DiscoverPage() {
  useDocumentTitle('Discover restaurants')
  const location = useDeviceLocation()
  const [manual, setManual] = useState<DevicePosition | null>(null)
  const [radius, setRadius] = useState<RadiusChoice | null>(null)
  // Filters live in the address, so going back to the page finds them (and its loaded pages) again.
  const [params, setParams] = useSearchParams()
  const filters = filtersFromSearch(params)
  const setFilters = (next: DiscoverFilters) => setParams(filtersToSearch(next), { replace: true })
  const position = manual ?? (location.state.status === 'located' ? location.state.position : null)
  // With a known location and no choice made, search within the default radius.
  const chosenRadius: RadiusChoice = radius ?? DEFAULT_RADIUS_KM
  const restaurants = useRestaurantPages(
    listQuery(
      filters,
      position ? { ...position, ...(chosenRadius === 'any' ? {} : { radius: chosenRadius }) } : undefined,
    ),
  )
  const shown = restaurants.data?.pages.flatMap((page) => page.restaurants) ?? []
  // The newest page's count: restaurants added or removed since the first page show up in it.
  const total = restaurants.data?.pages.at(-1)?.total ?? 0
  const update = (patch: Partial<DiscoverFilters>) => setFilters({ ...filters, ...patch })

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Discover restaurants</h1>
        <p className="mt-2 text-muted-foreground">Kitchens you can watch, near you and across Austin.</p>
      </header>

      <LocationPanel
        state={location.state}
        manual={manual}
        onLocate={() => {
          setManual(null)
          void location.request()
        }}
        onManual={setManual}
        onClear={() => {
          setManual(null)
          setRadius(null)
          location.clear()
        }}
      />

      <section
        aria-label="Filters"
        className="mt-4 grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4 lg:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="filter-distance">Distance</Label>
          <NativeSelect
            id="filter-distance"
            disabled={!position}
            value={position ? String(chosenRadius) : 'any'}
            onChange={(e) =>
              setRadius(e.target.value === 'any' ? 'any' : (Number(e.target.value) as RadiusChoice))
            }
          >
            <option value="any">Any distance</option>
            {DISTANCE_OPTIONS_KM.map((km) => (
              <option key={km} value={km}>
                Within {km} km
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-cuisine">Cuisine</Label>
          <NativeSelect
            id="filter-cuisine"
            value={filters.cuisine}
            onChange={(e) => update({ cuisine: e.target.value })}
          >
            <option value="all">All cuisines</option>
            {DINER_CUISINES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-price">Price</Label>
          <NativeSelect
            id="filter-price"
            value={filters.price}
            onChange={(e) => update({ price: e.target.value })}
          >
            <option value="all">Any price</option>
            {PRICE_RANGES.map((p) => (
              <option key={p} value={p}>
                {p} · {PRICE_RANGE_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex h-10 items-center gap-3">
          <Switch
            id="filter-live"
            checked={filters.liveOnly}
            onCheckedChange={(liveOnly) => update({ liveOnly })}
          />
          <Label htmlFor="filter-live" className="cursor-pointer">
            Live kitchens only
          </Label>
        </div>
      </section>

      <div className="mt-8 flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {restaurants.isLoading ? 'Loading restaurants…' : `${total} restaurant${total === 1 ? '' : 's'}`}
        </h2>
        {hasActiveFilters(filters) ? (
          <Button variant="link" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>

      {restaurants.isError ? (
        <Alert variant="danger" className="mt-4">
          We couldn’t load restaurants right now. Please try again in a moment.
        </Alert>
      ) : null}

      <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="restaurant-grid">
        {restaurants.isLoading
          ? Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <RestaurantCardSkeleton key={i} variant="detailed" />
            ))
          : shown.map((r) => <RestaurantCard key={r.id} restaurant={r} variant="detailed" />)}
      </div>

      {!restaurants.isLoading && !restaurants.isError && shown.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed p-12 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No restaurants match</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Try another cuisine or price, a wider distance, or turn off “Live kitchens only”.
          </p>
          <Button
            variant="outline"
            onClick={() => {
              setFilters(NO_FILTERS)
              if (position) setRadius('any')
            }}
          >
            Show all restaurants
          </Button>
        </div>
      ) : null}

      {shown.length > 0 ? (
        <div className="mt-10 flex flex-col items-center gap-3">
          <p className="text-sm text-muted-foreground" data-testid="discover-shown">
            Showing {shown.length} of {Math.max(total, shown.length)}
          </p>
          {restaurants.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => void restaurants.fetchNextPage()}
              disabled={restaurants.isFetchingNextPage}
            >
              {restaurants.isFetchingNextPage ? 'Loading…' : 'Load more restaurants'}
            </Button>
          ) : null}
          {restaurants.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-destructive">
              More restaurants could not be loaded. Please try again.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
