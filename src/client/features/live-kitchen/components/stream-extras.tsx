import { formatCookingTime } from '@client/components/kitchen/telemetry'
import { Button } from '@client/components/ui/button'
import type { LiveState } from '@client/lib/live-client'
import { useAllergenProfile } from '@client/lib/queries/allergen-profile'
import { useMenu } from '@client/lib/queries/restaurants'
import { useLiveState } from '@client/lib/use-live-order'
import { cn, formatMoney } from '@client/lib/utils'
import { parseOrderItems } from '@shared/order-lines'
import type { Order } from '@shared/schemas/orders'
import { FlaskConical, Timer } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { alsoLikeDishes } from '../also-like'

/** A small box with a button that shows a sample tip notification (nothing is sent). */
export function TestingControls({ onSampleTip }: { onSampleTip: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed bg-muted/40 px-4 py-3 text-sm">
      <span className="inline-flex items-center gap-2 text-muted-foreground">
        <FlaskConical className="size-4" aria-hidden="true" />
        Testing controls
      </span>
      <Button size="sm" variant="outline" onClick={onSampleTip}>
        Show a sample tip notification
      </Button>
    </div>
  )
}

const LIVE_LABEL: Record<LiveState, string> = {
  open: 'Live',
  connecting: 'Connecting…',
  closed: 'Reconnecting…',
}

/**
 * The live connection, shown subtly: live, connecting or reconnecting. It reads the channel's
 * state itself, so a change re-renders this line alone.
 */
export function LiveConnectionIndicator() {
  const state = useLiveState()
  return (
    <span
      className="inline-flex min-w-[6.5rem] items-center gap-1.5 text-xs font-medium text-muted-foreground"
      role="status"
      data-testid="live-state"
    >
      <span
        className={cn(
          'size-2 rounded-full',
          state === 'open'
            ? 'bg-green-500'
            : state === 'connecting'
              ? 'animate-pulse bg-amber-500'
              : 'animate-pulse bg-red-500',
        )}
        aria-hidden="true"
      />
      {LIVE_LABEL[state]}
    </span>
  )
}

/** Time left on the stream access grant, ticking each second. */
export function AccessCountdown({ expiresAt }: { expiresAt: number }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000))
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium tabular-nums',
        seconds <= 60 ? 'border-amber-400 text-amber-700 dark:text-amber-300' : 'text-muted-foreground',
      )}
      data-testid="access-countdown"
    >
      <Timer className="size-3.5" aria-hidden="true" />
      <span>Access ends in</span>
      {/* The server renders the page ahead with a whole grant; the clock corrects it within a second. */}
      <time dateTime={`PT${seconds}S`} suppressHydrationWarning>
        {formatCookingTime(seconds)}
      </time>
    </span>
  )
}

/**
 * Dishes of the order's restaurant for next time: ones the diner did not order, none with an
 * allergen of the viewer's profile. Nothing while the menu loads, and no section when none is left.
 */
export function AlsoLikeDishes({
  order,
  viewerId,
}: {
  order: Pick<Order, 'restaurantId' | 'items'>
  viewerId: number | undefined
}) {
  const menu = useMenu(order.restaurantId)
  const profile = useAllergenProfile(viewerId)
  if (!menu.data || (viewerId !== undefined && !profile.data)) return null
  const dishes = alsoLikeDishes(menu.data, parseOrderItems(order.items), profile.data?.allergens ?? [])
  if (dishes.length === 0) return null
  return (
    <section
      aria-labelledby="also-like-dishes"
      className="offscreen-lazy grid gap-3 rounded-xl border bg-card p-5 shadow-sm [--offscreen-height:200px]"
      data-testid="also-like"
    >
      <h2 id="also-like-dishes" className="font-semibold">
        You Might Also Like
      </h2>
      <ul className="grid gap-2 text-sm">
        {dishes.map((dish) => (
          <li key={dish.id} className="flex justify-between gap-3">
            <Link
              href={`/restaurant/${order.restaurantId}?dish=${dish.id}`}
              className="hover:text-primary hover:underline"
            >
              {dish.name}
            </Link>
            <span className="tabular-nums text-muted-foreground">{formatMoney(dish.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
