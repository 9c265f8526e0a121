import { Badge, LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { countOf } from '@client/lib/utils'
import { PRICE_RANGE_LABELS } from '@shared/constants'
import type { Restaurant } from '@shared/schemas/restaurants'
import { AlertTriangle, MapPin, RefreshCw, Star, Utensils } from 'lucide-react'
import type { ReactNode } from 'react'
import { kmToMiles } from '../menu-item'

export function RestaurantHero({
  restaurant,
  watchAction,
}: {
  restaurant: Restaurant
  watchAction: ReactNode
}) {
  const image = restaurant.images[0] ?? restaurant.avatar
  return (
    <section className="overflow-hidden rounded-2xl border bg-card shadow-sm">
      <div className="relative aspect-[16/9] max-h-[420px] w-full bg-muted sm:aspect-[21/8]">
        {image ? (
          <img
            src={image}
            alt={`${restaurant.name}`}
            fetchPriority="high"
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
        <div
          className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/20 to-transparent"
          aria-hidden="true"
        />
        <div className="absolute inset-x-0 bottom-0 grid gap-2 p-5 text-white sm:p-8">
          {restaurant.isLive ? <LiveBadge className="justify-self-start" /> : null}
          <h1 className="text-3xl font-bold tracking-tight drop-shadow sm:text-4xl">{restaurant.name}</h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-white/90">
            <span className="inline-flex items-center gap-1 font-semibold text-white">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              {restaurant.rating != null ? (
                <>
                  {restaurant.rating.toFixed(1)}
                  {restaurant.reviewCount > 0 ? (
                    <span className="font-normal text-white/80">
                      ({countOf(restaurant.reviewCount, 'review')})
                    </span>
                  ) : null}
                </>
              ) : (
                <span data-testid="rating-new">New</span>
              )}
            </span>
            <span>{restaurant.cuisine}</span>
            <span>
              {restaurant.priceRange} · {PRICE_RANGE_LABELS[restaurant.priceRange] ?? ''}
            </span>
            {restaurant.distance != null ? (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" />
                {kmToMiles(restaurant.distance).toFixed(1)} miles away
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <div className="grid gap-5 p-5 sm:p-8 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-3">
          <p className="text-muted-foreground">{restaurant.description}</p>
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {restaurant.address}
          </p>
          {restaurant.features.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Features">
              {restaurant.features.map((feature) => (
                <li key={feature}>
                  <Badge variant="secondary" className="font-medium">
                    {feature}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3 md:flex-col">
          {watchAction}
          <Button asChild variant="outline" size="lg">
            <a href="#menu">
              <Utensils aria-hidden="true" />
              View Menu
            </a>
          </Button>
        </div>
      </div>
    </section>
  )
}

export function RestaurantHeroSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border bg-card">
      <Skeleton className="aspect-[16/9] max-h-[420px] w-full rounded-none sm:aspect-[21/8]" />
      <div className="grid gap-3 p-5 sm:p-8">
        <Skeleton className="h-4 w-full max-w-xl" />
        <Skeleton className="h-4 w-2/3 max-w-md" />
        <Skeleton className="h-6 w-72" />
      </div>
    </div>
  )
}

/** The hero's place when the restaurant could not be loaded: what happened and a way to retry. */
export function RestaurantLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section
      role="alert"
      className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-5 py-12 text-center shadow-sm"
    >
      <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Could not load this restaurant</h1>
      <p className="max-w-md text-muted-foreground">
        Something went wrong while loading the restaurant. Check your connection and try again.
      </p>
      <Button onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" />
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </section>
  )
}
