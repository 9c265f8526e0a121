import { LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { PRICE_RANGE_LABELS } from '@shared/constants'
import type { Restaurant } from '@shared/schemas/restaurants'
import { Star } from 'lucide-react'
import { Link } from 'wouter'

/** One restaurant in the spotlight: its live cameras, its menu, and the way to every restaurant. */
export function RestaurantSpotlight({ restaurant }: { restaurant: Restaurant | undefined }) {
  if (!restaurant) return <Skeleton className="h-80 rounded-2xl md:h-72" />
  const image = restaurant.images[0] ?? restaurant.avatar
  return (
    <section
      aria-labelledby="spotlight"
      className="grid overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-2"
    >
      <div className="relative aspect-[16/10] bg-muted md:aspect-auto md:min-h-72">
        {image ? (
          <img
            src={image}
            alt={`${restaurant.name} kitchen`}
            className="absolute inset-0 size-full object-cover"
            loading="lazy"
          />
        ) : null}
        {restaurant.isLive ? <LiveBadge className="absolute left-4 top-4" /> : null}
      </div>
      <div className="grid content-center gap-4 p-6 sm:p-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Restaurant Spotlight</p>
        <div className="grid gap-1">
          <h2 id="spotlight" className="text-2xl font-bold tracking-tight">
            {restaurant.name}
          </h2>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span className="font-medium text-foreground">{(restaurant.rating ?? 4.5).toFixed(1)}</span>·{' '}
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
