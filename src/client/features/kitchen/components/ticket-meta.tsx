import { cn } from '@client/lib/utils'
import { formatClockTime, orderSourceLabel } from '@shared/constants'
import type { Ticket } from '@shared/schemas/kitchen'
import { Bike, ShoppingBag } from 'lucide-react'
import { formatCountdown, type PromiseLevel, promiseLevel } from '../lib/tickets'
import { PlatformBadge } from './platform-ticket'

const PROMISE_STYLES: Record<PromiseLevel, string> = {
  ok: 'text-foreground',
  amber: 'bg-amber-400 text-amber-950',
  red: 'bg-red-600 text-white',
}

/**
 * Where a ticket came from and where it goes: its channel (Clearplate or a delivery platform),
 * pickup or delivery, and the time the diner was promised with what is left of it.
 */
export function TicketMeta({ ticket, now, timeZone }: { ticket: Ticket; now: number; timeZone: string }) {
  const level = promiseLevel(ticket.promisedAt, now)
  const pickup = ticket.fulfilment === 'pickup'
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border px-4 py-2 text-sm">
      {ticket.platform ? (
        <PlatformBadge ticket={ticket} />
      ) : (
        <span
          className="rounded-md border border-border px-2 py-0.5 font-semibold"
          data-testid="ticket-channel"
        >
          {orderSourceLabel(ticket.source)}
        </span>
      )}
      <span className="inline-flex items-center gap-1 font-semibold" data-testid="ticket-fulfilment">
        {pickup ? (
          <ShoppingBag className="size-4" aria-hidden="true" />
        ) : (
          <Bike className="size-4" aria-hidden="true" />
        )}
        {pickup ? 'Pickup' : 'Delivery'}
      </span>
      {ticket.promisedAt && level ? (
        <span
          className={cn('ml-auto rounded-md px-2 py-0.5 font-semibold tabular-nums', PROMISE_STYLES[level])}
          data-testid="ticket-promise"
          data-level={level}
        >
          {pickup ? 'Ready' : 'Due'} {formatClockTime(ticket.promisedAt, timeZone)} ·{' '}
          {formatCountdown(ticket.promisedAt, now)}
        </span>
      ) : null}
    </div>
  )
}
