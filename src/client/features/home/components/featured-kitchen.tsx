import { CameraPlayer } from '@client/components/kitchen/camera-player'
import { StatusTracker } from '@client/components/kitchen/status-tracker'
import { LiveTelemetryOverlay } from '@client/components/kitchen/telemetry-overlay'
import { useOpenStream } from '@client/components/orders/use-open-stream'
import { Button } from '@client/components/ui/button'
import { Skeleton } from '@client/components/ui/skeleton'
import { Spinner } from '@client/components/ui/spinner'
import { useOrderStatus } from '@client/lib/queries/order'
import { useCameras, useRestaurant } from '@client/lib/queries/restaurants'
import { useShowcase } from '@client/lib/queries/showcase'
import { useLiveOrder } from '@client/lib/use-live-order'
import { orderNumber } from '@client/lib/utils'
import { orderStatusLabel } from '@shared/constants'
import { ArrowRight } from 'lucide-react'

/** A fixed demo audience for the showcase kitchen. */
const SHOWCASE_VIEWERS = 238

/** The public showcase: restaurant 1's cameras with the live telemetry of the showcase order. */
export function FeaturedKitchen() {
  const showcase = useShowcase()
  const orderId = showcase.data?.orderId
  const restaurantId = showcase.data?.restaurantId
  const status = useOrderStatus(orderId)
  const restaurant = useRestaurant(restaurantId)
  const cameras = useCameras(restaurantId)
  const { readings } = useLiveOrder(orderId)
  const { open, pendingId } = useOpenStream()
  const unavailable = showcase.isError

  return (
    <section aria-labelledby="featured-kitchen" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Featured Kitchen</p>
          <h2 id="featured-kitchen" className="text-2xl font-bold tracking-tight">
            {restaurant.data ? (
              `Live from ${restaurant.data.name}`
            ) : unavailable ? (
              'Live kitchens'
            ) : (
              <Skeleton className="h-8 w-64" />
            )}
          </h2>
        </div>
        {orderId ? (
          <div className="flex items-center gap-3 text-sm">
            <span className="text-muted-foreground">
              Showcase order <span className="font-semibold text-foreground">{orderNumber(orderId)}</span>
              {status ? <> · {orderStatusLabel(status)}</> : null}
            </span>
          </div>
        ) : null}
      </div>
      <CameraPlayer
        title={restaurant.data ? `${restaurant.data.name} live kitchen` : 'Featured live kitchen'}
        cameras={unavailable ? [] : cameras.data}
        isLoading={!unavailable && (showcase.isLoading || cameras.isLoading)}
        viewers={unavailable ? undefined : SHOWCASE_VIEWERS}
        poster={restaurant.data?.images[0]}
        overlay={unavailable ? null : <LiveTelemetryOverlay readings={readings} />}
      />
      <div className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center">
        <StatusTracker status={status ?? ''} className="flex-1" />
        {orderId ? (
          <Button
            variant="outline"
            onClick={() => open(orderId)}
            disabled={pendingId !== null}
            className="sm:self-center"
          >
            {pendingId === orderId ? <Spinner className="size-4" label="Opening stream" /> : null}
            Open full stream
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </section>
  )
}
