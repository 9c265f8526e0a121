import { Button } from '@client/components/ui/button'
import { cancelReasonLabel } from '@shared/cancel-reasons'
import type { Ticket } from '@shared/schemas/kitchen'
import { Undo2 } from 'lucide-react'
import { recentTickets } from '../lib/tickets'
import { PlatformCancelNotice } from './platform-ticket'

function ago(at: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(at)) / 60_000))
  return minutes === 0 ? 'just now' : `${minutes} min ago`
}

/** The last 30 minutes' finished tickets, newest first, each with Recall while it may be. */
export function RecentList({
  recent,
  now,
  busy,
  onRecall,
}: {
  recent: Ticket[]
  now: number
  busy: boolean
  onRecall(ticket: Ticket): void
}) {
  const shown = recentTickets(recent, now)
  return (
    <section aria-labelledby="recent-heading" className="rounded-xl border border-border bg-card p-4">
      <h2 id="recent-heading" className="text-base font-bold">
        Recent
      </h2>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Tickets finished in the last 30 minutes appear here.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-border" data-testid="recent-list">
          {shown.map((ticket) => {
            const number = String(ticket.id).padStart(4, '0')
            const cancelled = ticket.status === 'cancelled'
            const canRecall =
              !cancelled && ticket.recallUntil !== null && Date.parse(ticket.recallUntil) > now
            return (
              <li
                key={ticket.id}
                className="flex items-center gap-2 py-2"
                data-testid={`recent-${ticket.id}`}
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold">
                    #{number} · {ticket.dinerName}
                  </p>
                  <p className="text-muted-foreground">
                    {cancelled
                      ? `Cancelled: ${cancelReasonLabel(ticket.cancellation?.reason).toLowerCase()}`
                      : ticket.fulfilment === 'pickup'
                        ? 'Picked up'
                        : 'Delivered'}{' '}
                    · {ago(ticket.statusAt, now)}
                  </p>
                  <PlatformCancelNotice ticket={ticket} />
                </div>
                {canRecall ? (
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-10"
                    disabled={busy}
                    onClick={() => onRecall(ticket)}
                    aria-label={`Recall order #${number}`}
                  >
                    <Undo2 aria-hidden="true" />
                    Recall
                  </Button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
