import { OrderLines } from '@client/components/orders/order-lines'
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import { orderBreakdown } from '@client/lib/order-lines'
import { useNow } from '@client/lib/use-now'
import { cn, formatAddress, formatMoney, formatTime } from '@client/lib/utils'
import { isActiveStatus, PRICE_RANGE_LABELS } from '@shared/constants'
import type { Order } from '@shared/schemas/orders'
import type { Restaurant } from '@shared/schemas/restaurants'
import { Bike, Check, MapPin, Store } from 'lucide-react'
import { Link } from 'wouter'
import { timelineSteps } from '../timeline'

export function OrderDetails({
  order,
  restaurant,
}: {
  order: Omit<Order, 'progress'>
  restaurant: Restaurant | undefined
}) {
  const { lines, fee } = orderBreakdown(order)
  const now = useNow(30_000, isActiveStatus(order.status))
  const steps = timelineSteps(order, now)
  return (
    <Card className="offscreen-lazy [--offscreen-height:520px]">
      <CardHeader>
        <CardTitle as="h2">Order Details</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="details-items" className="grid gap-2">
          <h3
            id="details-items"
            className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
          >
            Items
          </h3>
          <OrderLines lines={lines} className="gap-1.5">
            {fee > 0 ? (
              <li className="flex justify-between gap-3 text-muted-foreground">
                <span>Delivery fee</span>
                <span className="tabular-nums">{formatMoney(fee)}</span>
              </li>
            ) : null}
          </OrderLines>
          <p className="flex justify-between border-t pt-2 text-sm font-bold">
            <span>Total</span>
            <span className="tabular-nums" data-testid="order-total">
              {formatMoney(order.totalPrice)}
            </span>
          </p>
        </section>
        <section aria-labelledby="details-status" className="grid gap-3">
          <h3
            id="details-status"
            className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
          >
            Status Updates
          </h3>
          <ol className="grid gap-0">
            {steps.map((step, index) => (
              <li
                key={step.status}
                className="relative flex gap-3 pb-4 last:pb-0"
                data-reached={step.reached}
                data-testid={`timeline-${step.status}`}
              >
                {index < steps.length - 1 ? (
                  <span
                    className={cn(
                      'absolute left-[11px] top-6 h-[calc(100%-1.25rem)] w-0.5',
                      step.reached ? 'bg-primary/50' : 'bg-border',
                    )}
                    aria-hidden="true"
                  />
                ) : null}
                <span
                  className={cn(
                    'relative flex size-6 shrink-0 items-center justify-center rounded-full border-2',
                    step.reached
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-border bg-card',
                  )}
                  aria-hidden="true"
                >
                  {step.reached ? <Check className="size-3.5" strokeWidth={3} /> : null}
                </span>
                <div className="flex flex-1 items-baseline justify-between gap-2 text-sm">
                  <span className={step.reached ? 'font-medium' : 'text-muted-foreground'}>{step.label}</span>
                  <span
                    className={cn('text-xs tabular-nums text-muted-foreground', step.estimated && 'italic')}
                  >
                    {step.time ? (
                      step.estimated ? (
                        <>
                          <span aria-hidden="true">~</span>
                          <span className="sr-only">estimated </span>
                          {formatTime(step.time)}
                          <span className="ml-1 not-italic" aria-hidden="true">
                            est.
                          </span>
                        </>
                      ) : (
                        formatTime(step.time)
                      )
                    ) : (
                      'Pending'
                    )}
                  </span>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="details-fulfilment" className="grid gap-2 text-sm">
          <h4
            id="details-fulfilment"
            className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
          >
            {order.fulfilment === 'pickup' ? 'Pickup' : 'Delivery'}
          </h4>
          <p className="flex items-start gap-2" data-testid="order-fulfilment">
            {order.fulfilment === 'pickup' ? (
              <>
                <Store className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>Collect it at {restaurant?.address ?? 'the restaurant'}</span>
              </>
            ) : (
              <>
                <Bike className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{order.address ? `To ${formatAddress(order.address)}` : 'To your address'}</span>
              </>
            )}
          </p>
          {order.promisedAt ? (
            <p className="text-xs text-muted-foreground">
              Promised at checkout: {order.fulfilment === 'pickup' ? 'ready at' : 'arriving around'}{' '}
              {formatTime(new Date(order.promisedAt))}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="details-restaurant" className="grid gap-3">
          <h3
            id="details-restaurant"
            className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
          >
            Restaurant
          </h3>
          {restaurant ? (
            <div className="flex gap-3">
              {restaurant.avatar ? (
                <img
                  src={restaurant.avatar}
                  alt=""
                  // Below the first screen on a phone: fetched and drawn once the diner gets near it.
                  loading="lazy"
                  className="size-12 shrink-0 rounded-full border bg-muted object-cover"
                />
              ) : (
                <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-accent-foreground">
                  {restaurant.name.charAt(0)}
                </span>
              )}
              <div className="grid gap-0.5 text-sm">
                <Link href={`/restaurant/${restaurant.id}`} className="font-semibold hover:underline">
                  {restaurant.name}
                </Link>
                <p className="text-muted-foreground">
                  {restaurant.cuisine} · {restaurant.priceRange}{' '}
                  {PRICE_RANGE_LABELS[restaurant.priceRange] ?? ''}
                </p>
                <p className="inline-flex items-start gap-1 text-muted-foreground">
                  <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                  {restaurant.address}
                </p>
              </div>
            </div>
          ) : (
            <div className="flex gap-3">
              <Skeleton className="size-12 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-2/3" />
              </div>
            </div>
          )}
        </section>
      </CardContent>
    </Card>
  )
}
