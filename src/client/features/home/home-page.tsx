import { RestaurantCard, RestaurantCardSkeleton } from '@client/components/restaurants/restaurant-card'
import { toast } from '@client/components/ui/use-toast'
import { useRestaurants } from '@client/lib/queries/restaurants'
import { ArrowRight } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'wouter'
import { ActiveOrdersPanel } from './components/active-orders-panel'
import { FeaturedKitchen } from './components/featured-kitchen'
import { HomeHero } from './components/home-hero'
import { HowItWorks } from './components/how-it-works'
import { RecruitmentBlock } from './components/recruitment-block'
import { RestaurantSpotlight } from './components/restaurant-spotlight'
import { StreamAccessForm } from './components/stream-access-form'

const GRID_SIZE = 6

export default function HomePage() {
  // Live kitchens first; only when there are too few to fill the grid, the others after them.
  const liveOnes = useRestaurants({ live: true, limit: GRID_SIZE })
  const tooFew = liveOnes.data !== undefined && liveOnes.data.restaurants.length < GRID_SIZE
  const others = useRestaurants({ live: false, limit: GRID_SIZE }, { enabled: tooFew })
  const restaurants = tooFew ? others : liveOnes
  useEffect(() => {
    if (restaurants.isError)
      toast({
        title: 'Error',
        description: 'Could not load restaurant data. Please try again.',
        variant: 'destructive',
      })
  }, [restaurants.isError])
  const live =
    liveOnes.data && (!tooFew || others.data)
      ? [...liveOnes.data.restaurants, ...(tooFew ? (others.data?.restaurants ?? []) : [])].slice(
          0,
          GRID_SIZE,
        )
      : undefined

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 py-6 sm:py-10 lg:gap-16">
      <HomeHero />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <FeaturedKitchen />
        <div className="grid content-start gap-6">
          <StreamAccessForm />
          <ActiveOrdersPanel />
        </div>
      </div>
      {restaurants.isError ? null : <RestaurantSpotlight restaurant={live?.[2] ?? live?.[0]} />}
      <HowItWorks />
      <section aria-labelledby="restaurants-heading" className="grid gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="restaurants-heading" className="text-2xl font-bold tracking-tight">
              Kitchens streaming now
            </h2>
            <p className="text-muted-foreground">Order from a restaurant that lets you watch.</p>
          </div>
          <Link
            href="/discover"
            className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            Browse all restaurants
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {live
            ? live.map((r) => <RestaurantCard key={r.id} restaurant={r} />)
            : restaurants.isError
              ? null
              : Array.from({ length: GRID_SIZE }, (_, i) => <RestaurantCardSkeleton key={i} />)}
        </div>
        {restaurants.isError ? (
          <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">
            Could not load restaurant data. Please try again.
          </p>
        ) : null}
      </section>
      <RecruitmentBlock />
    </div>
  )
}
