import { CameraPlayer } from '@client/components/kitchen/camera-player'
import { StatusTracker } from '@client/components/kitchen/status-tracker'
import { Card, CardContent } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import { api } from '@client/lib/api-client'
import { isActiveStatus, orderSourceLabel, orderStatusLabel } from '@shared/constants'
import type { Watch } from '@shared/schemas/watch'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'

/** GET /api/watch/{code}, every 5 s while the order is in the kitchen. */
export function watchQuery(code: string) {
  return queryOptions({
    queryKey: ['watch', code] as const,
    queryFn: () => api.get<Watch>(`/api/watch/${encodeURIComponent(code)}`),
    refetchInterval: (query) => (query.state.data && !isActiveStatus(query.state.data.status) ? false : 5000),
    retry: false,
  })
}

/**
 * The page a delivery platform's customer opens from the QR code in the bag or the platform's
 * link: their meal cooked live, without an account. It shows the kitchen and the order's steps,
 * never a name, an address or a price.
 */
export default function WatchPage({ code }: { code: string }) {
  const watch = useQuery(watchQuery(code))
  const data = watch.data
  useEffect(() => {
    document.title = data ? `Your ${data.restaurantName} order · Clearplate` : 'Watch your order · Clearplate'
  }, [data])

  if (watch.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">This watch link does not work</h1>
        <p className="mt-2 text-muted-foreground">Check the code on your receipt, or ask the restaurant.</p>
      </div>
    )
  if (!data)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="aspect-video w-full" />
      </div>
    )

  const live = isActiveStatus(data.status)
  return (
    <div data-testid="watch-page" className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:py-8">
      <header className="space-y-1">
        <p className="text-sm font-medium text-muted-foreground">
          Your {orderSourceLabel(data.platform)} order · #{String(data.orderId).padStart(4, '0')}
        </p>
        <h1 className="text-2xl font-bold sm:text-3xl">{data.restaurantName}</h1>
        <p className="text-lg font-semibold" data-testid="watch-status">
          {data.status === 'delivering' && data.fulfilment === 'pickup'
            ? 'Ready for pickup'
            : orderStatusLabel(data.status)}
        </p>
      </header>
      {live ? (
        <CameraPlayer cameras={data.cameras} title={`${data.restaurantName} live kitchen`} />
      ) : (
        <Card>
          <CardContent className="p-5 text-muted-foreground">
            {data.status === 'cancelled'
              ? 'This order was cancelled.'
              : 'Your meal has left the kitchen. Enjoy it!'}
          </CardContent>
        </Card>
      )}
      {data.status !== 'cancelled' && data.status !== 'received' ? (
        <StatusTracker status={data.status} />
      ) : null}
      <Card>
        <CardContent className="p-5">
          <h2 className="mb-2 font-semibold">In the kitchen</h2>
          <ul className="space-y-1">
            {data.items.map((item, i) => (
              <li key={`${item.name}-${i}`}>
                <span className="font-semibold tabular-nums">{item.quantity}×</span> {item.name}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  )
}
