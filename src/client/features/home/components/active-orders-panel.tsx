import { useOpenStream } from '@client/components/orders/use-open-stream'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { ProgressBar } from '@client/components/ui/progress-bar'
import { Skeleton } from '@client/components/ui/skeleton'
import { Spinner } from '@client/components/ui/spinner'
import { useActiveOrders } from '@client/lib/queries/active-orders'
import { useRestaurantsById } from '@client/lib/queries/restaurants'
import { useCurrentUser } from '@client/lib/session'
import { orderNumber } from '@client/lib/utils'
import { HOME_ACTIVE_ORDERS, orderStatusLabel } from '@shared/constants'
import { ChevronRight, Receipt } from 'lucide-react'
import { Link } from 'wouter'

/** The signed-in diner's first three active orders; a sign-in prompt for visitors. */
export function ActiveOrdersPanel() {
  const { user, isLoading: userLoading } = useCurrentUser()
  const orders = useActiveOrders(user?.id)
  const { open, pendingId } = useOpenStream()
  const shown = orders.data?.slice(0, HOME_ACTIVE_ORDERS) ?? []
  const restaurants = useRestaurantsById(shown.map((o) => o.restaurantId))

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden="true" />
          Your Active Orders
        </CardTitle>
        {user ? <CardDescription>Tap an order to watch it in the kitchen.</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {userLoading || (user && orders.isLoading) ? (
          <>
            <Skeleton className="h-[68px]" />
            <Skeleton className="h-[68px]" />
          </>
        ) : !user ? (
          <div className="grid gap-3 rounded-lg bg-muted/60 p-4 text-sm">
            <p className="text-muted-foreground">
              Sign in to see your orders in the kitchen and jump straight to their streams.
            </p>
            <Button asChild size="sm" className="justify-self-start">
              <Link href="/auth">Sign in</Link>
            </Button>
          </div>
        ) : orders.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your orders. Please try again.</p>
        ) : shown.length === 0 ? (
          <p className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">
            No orders in the kitchen right now. Pick a restaurant below and watch your meal being made.
          </p>
        ) : (
          <ul className="grid gap-2">
            {shown.map((order) => (
              <li key={order.id}>
                <a
                  href={`/stream/${order.id}`}
                  onClick={(event) => {
                    // A plain click asks for access first; a new tab asks from the stream page.
                    if (
                      event.button !== 0 ||
                      event.metaKey ||
                      event.ctrlKey ||
                      event.shiftKey ||
                      event.altKey
                    )
                      return
                    event.preventDefault()
                    if (pendingId === null) open(order.id)
                  }}
                  aria-busy={pendingId === order.id || undefined}
                  className="flex w-full items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-busy:opacity-70"
                >
                  <div className="grid min-w-0 flex-1 gap-1.5">
                    <div className="flex items-center justify-between gap-2 text-sm">
                      <span className="font-semibold">
                        <span className="sr-only">Watch </span>Order {orderNumber(order.id)}
                      </span>
                      <span className="text-xs font-medium text-primary">
                        {orderStatusLabel(order.status)}
                      </span>
                    </div>
                    <p className="truncate text-xs text-muted-foreground">
                      {restaurants.byId.get(order.restaurantId)?.name ?? 'Restaurant'}
                    </p>
                    <ProgressBar value={order.progress} className="h-1.5" />
                  </div>
                  {pendingId === order.id ? (
                    <Spinner className="size-4" label="Opening stream" />
                  ) : (
                    <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
        {user ? (
          <Link
            href="/orders"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            View all orders
          </Link>
        ) : null}
      </CardContent>
    </Card>
  )
}
