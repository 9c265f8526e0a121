import { useOpenStream } from '@client/components/orders/use-open-stream'
import { RestaurantCard } from '@client/components/restaurants/restaurant-card'
import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs'
import { toast } from '@client/components/ui/use-toast'
import { useRestaurants, useRestaurantsById } from '@client/lib/queries/restaurants'
import { useUserOrders } from '@client/lib/queries/user-orders'
import { useCurrentUser } from '@client/lib/session'
import { useLiveOrders } from '@client/lib/use-live-orders'
import { orderNumber } from '@client/lib/utils'
import { isActiveStatus, POPULAR_RESTAURANTS } from '@shared/constants'
import type { Order } from '@shared/schemas/orders'
import { ClipboardList, Flame } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { ActiveOrderCard, ActiveOrderSkeleton } from './components/active-order-card'
import { OrderDetailsDialog } from './components/order-details-dialog'
import { OrderHistory, OrderHistorySkeleton } from './components/order-history'
import { addOrderToCart } from './reorder'

export const ACTIVE_SKELETONS = 4

export default function OrdersPage() {
  const { user } = useCurrentUser()
  const orders = useUserOrders(user?.id)
  const popularQuery = useRestaurants({ live: true, limit: POPULAR_RESTAURANTS })
  const { open, pendingId } = useOpenStream()
  const [, navigate] = useLocation()
  const [details, setDetails] = useState<Order | null>(null)

  useEffect(() => {
    if (orders.isError)
      toast({
        title: 'Error',
        description: 'Could not load your orders. Please try again.',
        variant: 'destructive',
      })
  }, [orders.isError])

  const ordered = useRestaurantsById(orders.data?.map((o) => o.restaurantId) ?? [])
  const restaurantName = (id: number) => ordered.byId.get(id)?.name ?? 'Restaurant'
  const active = orders.data?.filter((o) => isActiveStatus(o.status)) ?? []
  const history = orders.data?.filter((o) => !isActiveStatus(o.status)) ?? []
  useLiveOrders(
    user?.id,
    active.map((o) => o.id),
  )
  const popular = popularQuery.data?.restaurants ?? []

  const reorder = (order: Order) => {
    addOrderToCart(order)
    toast({
      title: 'Added to cart',
      description: `The items of order ${orderNumber(order.id)} are in your cart at ${restaurantName(order.restaurantId)}.`,
    })
    navigate(`/restaurant/${order.restaurantId}#cart`)
  }

  const failed = orders.isError ? (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-card p-10 text-center">
      <p className="text-muted-foreground">Could not load your orders. Please try again.</p>
      <Button variant="outline" onClick={() => orders.refetch()}>
        Try again
      </Button>
    </div>
  ) : null

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">My Orders</h1>
        <p className="text-muted-foreground">Watch what is cooking and look back at what you have enjoyed.</p>
      </div>
      <Tabs defaultValue="active">
        <TabsList>
          <TabsTrigger value="active">
            Active Orders
            <Badge
              variant={active.length > 0 ? 'default' : 'secondary'}
              className="px-2"
              aria-label={`${active.length} active`}
            >
              {orders.isLoading ? '·' : active.length}
            </Badge>
          </TabsTrigger>
          <TabsTrigger value="history">Order History</TabsTrigger>
        </TabsList>
        <TabsContent value="active" className="grid gap-10">
          {orders.isLoading ? (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {Array.from({ length: ACTIVE_SKELETONS }, (_, i) => (
                <ActiveOrderSkeleton key={i} />
              ))}
            </div>
          ) : (
            (failed ??
            (active.length === 0 ? (
              <EmptyState
                icon={<Flame className="size-8 text-primary" aria-hidden="true" />}
                title="No Active Orders"
                text="Nothing in the kitchen right now. Order from a live kitchen and watch it being made."
                action={
                  <Button asChild>
                    <Link href="/">Browse Restaurants</Link>
                  </Button>
                }
              />
            ) : (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
                {active.map((order) => (
                  <ActiveOrderCard
                    key={order.id}
                    order={order}
                    restaurantName={restaurantName(order.restaurantId)}
                    onWatch={() => open(order.id)}
                    opening={pendingId === order.id}
                  />
                ))}
              </div>
            )))
          )}
          {popular.length > 0 ? (
            <section aria-labelledby="popular" className="grid gap-4">
              <h2 id="popular" className="text-xl font-bold tracking-tight">
                Popular Right Now
              </h2>
              <div className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
                {popular.map((r) => (
                  <RestaurantCard key={r.id} restaurant={r} className="w-72 shrink-0 snap-start sm:w-auto" />
                ))}
              </div>
            </section>
          ) : null}
        </TabsContent>
        <TabsContent value="history">
          {orders.isLoading ? (
            <OrderHistorySkeleton />
          ) : (
            (failed ??
            (history.length === 0 ? (
              <EmptyState
                icon={<ClipboardList className="size-8 text-primary" aria-hidden="true" />}
                title="No Order History"
                text="Your completed and cancelled orders will appear here."
                action={
                  <Button asChild>
                    <Link href="/discover">Start Ordering</Link>
                  </Button>
                }
              />
            ) : (
              <OrderHistory
                orders={history}
                restaurantName={restaurantName}
                onReorder={reorder}
                onDetails={setDetails}
              />
            )))
          )}
        </TabsContent>
      </Tabs>
      <OrderDetailsDialog
        order={details}
        restaurantName={details ? restaurantName(details.restaurantId) : ''}
        onOpenChange={(o) => {
          if (!o) setDetails(null)
        }}
      />
    </div>
  )
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode
  title: string
  text: string
  action: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card p-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent">{icon}</span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  )
}
