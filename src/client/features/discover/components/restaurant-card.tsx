import { Badge, LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import type { Restaurant } from '@shared/schemas/restaurants'
import { MapPin, Navigation, Play, Star, UtensilsCrossed } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { cardFeatures, formatDistance, ratingLabel, shortAddress } from '../lib/discover-filters'

export function RestaurantCard({ restaurant }: { restaurant: Restaurant }) {
  const [imageFailed, setImageFailed] = useState(false)
  const image = imageFailed ? null : (restaurant.images[0] ?? restaurant.avatar)
  const rated = restaurant.rating !== null
  return (
    <Card
      className="group flex flex-col overflow-hidden transition-shadow hover:shadow-md"
      data-testid="restaurant-card"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-muted">
        {image ? (
          <img
            src={image}
            alt={`${restaurant.name} dishes`}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-100 to-brand-300 dark:from-brand-900 dark:to-brand-700">
            <UtensilsCrossed className="size-10 text-brand-700 dark:text-brand-200" aria-hidden="true" />
          </div>
        )}
        <div className="absolute left-3 top-3 flex gap-2">{restaurant.isLive ? <LiveBadge /> : null}</div>
        {restaurant.distance !== null ? (
          <span className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white backdrop-blur">
            <Navigation className="size-3" aria-hidden="true" />
            <span data-testid="restaurant-distance">{formatDistance(restaurant.distance)}</span>
            <span className="sr-only"> away</span>
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="truncate text-lg font-semibold leading-tight">{restaurant.name}</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              {restaurant.cuisine} · <span className="sr-only">price range </span>
              {restaurant.priceRange}
            </p>
          </div>
          {rated ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-accent px-2 py-1 text-sm font-semibold text-accent-foreground">
              <Star className="size-3.5 fill-current" aria-hidden="true" />
              {ratingLabel(restaurant.rating)}
              <span className="sr-only"> out of 5, </span>
              <span className="text-xs font-normal opacity-80">({restaurant.reviewCount})</span>
            </span>
          ) : (
            <Badge variant="info" className="shrink-0">
              New
            </Badge>
          )}
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{shortAddress(restaurant.address)}</span>
        </p>
        {restaurant.features.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Features">
            {cardFeatures(restaurant.features).map((feature) => (
              <li key={feature} className="rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Button asChild variant="outline">
            <Link href={`/restaurant/${restaurant.id}`} aria-label={`View menu of ${restaurant.name}`}>
              View Menu
            </Link>
          </Button>
          {restaurant.isLive ? (
            <Button asChild>
              <Link
                href={`/restaurant/${restaurant.id}#live-cameras`}
                aria-label={`Watch ${restaurant.name}’s kitchen live`}
              >
                <Play className="fill-current" aria-hidden="true" />
                Watch
              </Link>
            </Button>
          ) : (
            <Button disabled variant="secondary" aria-label={`${restaurant.name} is not streaming now`}>
              Offline
            </Button>
          )}
        </div>
      </div>
    </Card>
  )
}

export function RestaurantCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </div>
    </Card>
  )
}
