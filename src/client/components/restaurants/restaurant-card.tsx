import { LiveBadge } from '@client/components/ui/badge'
import { Skeleton } from '@client/components/ui/skeleton'
import { cn } from '@client/lib/utils'
import { PRICE_RANGE_LABELS } from '@shared/constants'
import type { Restaurant } from '@shared/schemas/restaurants'
import { MapPin, Star } from 'lucide-react'
import { Link } from 'wouter'

/** A restaurant as a card linking to its page. */
export function RestaurantCard({ restaurant, className }: { restaurant: Restaurant; className?: string }) {
  const image = restaurant.images[0] ?? restaurant.avatar
  return (
    <Link
      href={`/restaurant/${restaurant.id}`}
      className={cn(
        'group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-muted">
        {image ? (
          <img
            src={image}
            alt={`${restaurant.name} dishes`}
            loading="lazy"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : null}
        {restaurant.isLive ? <LiveBadge className="absolute left-3 top-3" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold leading-tight">{restaurant.name}</h3>
          <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            {restaurant.rating != null ? restaurant.rating.toFixed(1) : 'New'}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          {restaurant.cuisine} ·{' '}
          <span title={PRICE_RANGE_LABELS[restaurant.priceRange]}>{restaurant.priceRange}</span>
        </p>
        <p className="mt-auto inline-flex items-center gap-1 text-xs text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden="true" />
          <span className="truncate">{restaurant.address.split(',')[0]}</span>
        </p>
      </div>
    </Link>
  )
}

export function RestaurantCardSkeleton() {
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
