import { Badge, LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import { cardFeatures, formatDistance, ratingLabel, shortAddress } from '@client/lib/restaurant-format'
import { cn } from '@client/lib/utils'
import { PRICE_RANGE_LABELS } from '@shared/constants'
import type { Restaurant } from '@shared/schemas/restaurants'
import { MapPin, Navigation, Play, Star, UtensilsCrossed } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'

/**
 * `compact`: the whole card links to the restaurant (home grid, My Orders, "You might also like").
 * `detailed`: distance, features, review count, View Menu and Watch (discover).
 * `spotlight`: wide, with the description and the ways in (the home page's spotlight).
 */
export type RestaurantCardVariant = 'compact' | 'detailed' | 'spotlight'

/** One restaurant as a card, in the variant the page needs. */
export function RestaurantCard({
  restaurant,
  variant = 'compact',
  className,
}: {
  restaurant: Restaurant
  variant?: RestaurantCardVariant
  className?: string
}) {
  if (variant === 'detailed') return <DetailedCard restaurant={restaurant} className={className} />
  if (variant === 'spotlight') return <SpotlightCard restaurant={restaurant} className={className} />
  return <CompactCard restaurant={restaurant} className={className} />
}

/** The picture (or a placeholder when there is none or it fails), the live badge, the distance. */
function CardImage({
  restaurant,
  alt,
  className,
  imageClassName,
  badgeClassName = 'left-3 top-3',
  showDistance = false,
}: {
  restaurant: Restaurant
  alt: string
  className?: string
  imageClassName?: string
  badgeClassName?: string
  showDistance?: boolean
}) {
  const [failed, setFailed] = useState(false)
  const image = failed ? null : (restaurant.images[0] ?? restaurant.avatar)
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {image ? (
        <img
          src={image}
          alt={alt}
          loading="lazy"
          onError={() => setFailed(true)}
          className={cn('size-full object-cover', imageClassName)}
        />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-100 to-brand-300 dark:from-brand-900 dark:to-brand-700">
          <UtensilsCrossed className="size-10 text-brand-700 dark:text-brand-200" aria-hidden="true" />
        </div>
      )}
      {restaurant.isLive ? <LiveBadge className={cn('absolute', badgeClassName)} /> : null}
      {showDistance && restaurant.distance !== null ? (
        <span className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-full bg-black/65 px-2.5 py-1 text-xs font-medium text-white backdrop-blur">
          <Navigation className="size-3" aria-hidden="true" />
          <span data-testid="restaurant-distance">{formatDistance(restaurant.distance)}</span>
          <span className="sr-only"> away</span>
        </span>
      ) : null}
    </div>
  )
}

function StarRating({ restaurant, className }: { restaurant: Restaurant; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1 text-sm font-medium', className)}>
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      {ratingLabel(restaurant.rating)}
    </span>
  )
}

function CompactCard({ restaurant, className }: { restaurant: Restaurant; className?: string }) {
  return (
    <Link
      href={`/restaurant/${restaurant.id}`}
      className={cn(
        'group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <CardImage
        restaurant={restaurant}
        alt={`${restaurant.name} dishes`}
        className="aspect-[16/10]"
        imageClassName="transition-transform duration-300 group-hover:scale-[1.03]"
      />
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold leading-tight">{restaurant.name}</h3>
          <StarRating restaurant={restaurant} />
        </div>
        <p className="text-sm text-muted-foreground">
          {restaurant.cuisine} ·{' '}
          <span title={PRICE_RANGE_LABELS[restaurant.priceRange]}>{restaurant.priceRange}</span>
        </p>
        <p className="mt-auto inline-flex items-center gap-1 text-xs text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden="true" />
          <span className="truncate">{shortAddress(restaurant.address)}</span>
        </p>
      </div>
    </Link>
  )
}

function DetailedCard({ restaurant, className }: { restaurant: Restaurant; className?: string }) {
  return (
    <Card
      className={cn('group flex flex-col overflow-hidden transition-shadow hover:shadow-md', className)}
      data-testid="restaurant-card"
    >
      <CardImage
        restaurant={restaurant}
        alt={`${restaurant.name} dishes`}
        className="aspect-[16/10]"
        imageClassName="transition-transform duration-500 group-hover:scale-[1.03]"
        showDistance
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="truncate text-lg font-semibold leading-tight">{restaurant.name}</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              {restaurant.cuisine} · <span className="sr-only">price range </span>
              {restaurant.priceRange}
            </p>
          </div>
          {restaurant.rating !== null ? (
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

function SpotlightCard({ restaurant, className }: { restaurant: Restaurant; className?: string }) {
  return (
    <section
      aria-labelledby="spotlight"
      className={cn('grid overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-2', className)}
    >
      <CardImage
        restaurant={restaurant}
        alt={`${restaurant.name} kitchen`}
        className="aspect-[16/10] md:aspect-auto md:min-h-72"
        imageClassName="absolute inset-0"
        badgeClassName="left-4 top-4"
      />
      <div className="grid content-center gap-4 p-6 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Restaurant Spotlight</p>
        <div className="grid gap-1">
          <h2 id="spotlight" className="text-2xl font-bold tracking-tight">
            {restaurant.name}
          </h2>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span className="font-medium text-foreground">{ratingLabel(restaurant.rating)}</span>·{' '}
            {restaurant.cuisine} · {restaurant.priceRange} {PRICE_RANGE_LABELS[restaurant.priceRange]}
          </p>
        </div>
        <p className="line-clamp-3 text-muted-foreground">{restaurant.description}</p>
        <div className="flex flex-wrap gap-3">
          {restaurant.isLive ? (
            <Button asChild>
              <Link href={`/restaurant/${restaurant.id}#live-cameras`}>Watch the kitchen</Link>
            </Button>
          ) : null}
          <Button asChild variant={restaurant.isLive ? 'outline' : 'default'}>
            <Link href={`/restaurant/${restaurant.id}`}>View menu</Link>
          </Button>
          <Button asChild variant="link">
            <Link href="/discover">All restaurants</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}

/** The card's shape while the restaurants load. */
export function RestaurantCardSkeleton({ variant = 'compact' }: { variant?: RestaurantCardVariant }) {
  if (variant === 'spotlight') return <Skeleton className="h-80 rounded-2xl md:h-72" />
  if (variant === 'detailed')
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
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </div>
  )
}
