import { Button } from '@client/components/ui/button'
import { cn } from '@client/lib/utils'
import { orderStatusLabel } from '@shared/constants'
import { formatMoney } from '@shared/money'
import { nextStatus, type Ticket } from '@shared/schemas/kitchen'
import { AlertTriangle, Check, ChevronRight, HandCoins, Megaphone, Undo2, X } from 'lucide-react'
import { type AgeLevel, ageLevel, formatAge, stationsFinished } from '../lib/tickets'
import { PlatformPanel } from './platform-ticket'
import { TicketMeta } from './ticket-meta'

const AGE_STYLES: Record<AgeLevel, string> = {
  fresh: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  amber: 'bg-amber-400 text-amber-950',
  red: 'bg-red-600 text-white',
}

const SEVERITY_LABELS: Record<string, string> = {
  mild: 'mild',
  moderate: 'moderate',
  severe: 'severe',
  'life-threatening': 'life-threatening',
}

export interface TicketActions {
  onBump(ticket: Ticket): void
  onRecall(ticket: Ticket): void
  onCancel(ticket: Ticket): void
  onShout(shoutId: number, status: 'acknowledged' | 'done'): void
  onLine(ticket: Ticket, index: number, done: boolean): void
}

export function TicketCard({
  ticket,
  restaurantId,
  now,
  thresholds,
  timeZone,
  station,
  busy,
  actions,
  readOnly = false,
  canCancel = true,
  position,
  selected = false,
  flash = false,
  onSelect,
  cardRef,
}: {
  ticket: Ticket
  /** For a delivery platform's order: its accept and deny calls. */
  restaurantId?: number
  now: number
  thresholds: { amberMinutes: number; redMinutes: number }
  /** The restaurant's, for the promised time. */
  timeZone: string
  /** The station this tablet shows, or undefined for the expo view. */
  station: string | undefined
  busy: boolean
  actions: TicketActions
  /** A cook looking beyond their stations: the ticket is shown, nothing on it can be done. */
  readOnly?: boolean
  /** The role may cancel with a refund (not a cook). */
  canCancel?: boolean
  /** 1 to 9: the key that selects it. */
  position?: number
  /** The ticket the keyboard (or bump bar) works on. */
  selected?: boolean
  /** Just arrived: the card flashes. */
  flash?: boolean
  onSelect?: (ticket: Ticket) => void
  cardRef?: (element: HTMLElement | null) => void
}) {
  const level = ageLevel(ticket.createdAt, now, thresholds)
  const next = nextStatus(ticket.status)
  const canRecall = ticket.recallUntil !== null && Date.parse(ticket.recallUntil) > now
  const lines = station ? ticket.items.filter((l) => l.station === station) : ticket.items
  const ready = stationsFinished(ticket)
  const openShouts = ticket.shouts.filter((s) => s.status !== 'done')
  const number = String(ticket.id).padStart(4, '0')

  return (
    <article
      ref={cardRef}
      aria-label={`Order #${number}${selected ? ', selected' : ''}`}
      aria-current={selected ? 'true' : undefined}
      data-testid={`ticket-${ticket.id}`}
      data-selected={selected}
      data-ticket-card=""
      // The selected ticket is the rail's one stop for Tab; arrows move between tickets.
      tabIndex={selected ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !selected) onSelect?.(ticket)
      }}
      onPointerDown={() => onSelect?.(ticket)}
      className={cn(
        'flex w-full shrink-0 flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm outline-none md:w-80',
        selected && 'ring-4 ring-sky-500 ring-offset-2 ring-offset-background',
        flash && 'motion-safe:animate-ticket-flash',
      )}
    >
      <header className={cn('flex items-center justify-between gap-2 px-4 py-3', AGE_STYLES[level])}>
        <div className="min-w-0">
          <p className="text-2xl font-bold leading-tight">
            {position ? (
              <span
                className="mr-2 inline-flex size-7 items-center justify-center rounded-md border border-current align-middle font-mono text-base"
                aria-hidden="true"
              >
                {position}
              </span>
            ) : null}
            #{number}
          </p>
          <p className="truncate text-base font-medium">{ticket.dinerName}</p>
        </div>
        <div className="text-right">
          <p className="font-mono text-2xl font-bold tabular-nums" title="Age">
            {formatAge(ticket.createdAt, now)}
          </p>
          <p className="text-sm font-semibold" data-testid="ticket-status">
            {orderStatusLabel(ticket.status)}
          </p>
          {ticket.lastBy ? (
            <p className="max-w-32 truncate text-xs opacity-80" data-testid="ticket-last-by">
              by {ticket.lastBy.name.split(/\s+/)[0]} · {ticket.lastBy.role}
            </p>
          ) : null}
        </div>
      </header>

      <TicketMeta ticket={ticket} now={now} timeZone={timeZone} />

      {ticket.allergenAlerts.length > 0 ? (
        <div role="alert" className="space-y-1 bg-red-700 px-4 py-2 text-white">
          {ticket.allergenAlerts.map((a) => (
            <p key={`${a.menuItemName}-${a.allergen}`} className="flex items-start gap-2 text-base font-bold">
              <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span>
                {a.menuItemName}: {a.allergen} ({SEVERITY_LABELS[a.severity] ?? a.severity})
              </span>
            </p>
          ))}
        </div>
      ) : null}

      <ul className="flex-1 divide-y divide-border px-4">
        {lines.map((line) => (
          <li key={line.index} className="flex items-center gap-3 py-2.5">
            <span className="min-w-8 text-xl font-bold tabular-nums">{line.quantity}×</span>
            <span
              className={cn('flex-1 text-lg leading-snug', line.done && 'text-muted-foreground line-through')}
            >
              {line.name}
              {line.added ? (
                <span className="ml-2 rounded bg-sky-600 px-1.5 py-0.5 align-middle text-xs font-semibold text-white">
                  Added
                </span>
              ) : null}
              {!station && line.station ? (
                <span className="ml-2 align-middle text-xs uppercase tracking-wide text-muted-foreground">
                  {line.station}
                </span>
              ) : null}
              {line.options?.length ? (
                <span className="block text-base font-semibold" data-testid="ticket-line-options">
                  {line.options.map((o) => o.name).join(' · ')}
                </span>
              ) : null}
              {line.notes ? (
                <span
                  className="block text-base italic text-amber-700 dark:text-amber-300"
                  data-testid="ticket-line-notes"
                >
                  “{line.notes}”
                </span>
              ) : null}
            </span>
            {station && !readOnly ? (
              <Button
                size="lg"
                variant={line.done ? 'secondary' : 'outline'}
                className="min-w-24"
                disabled={busy}
                aria-pressed={line.done}
                onClick={() => actions.onLine(ticket, line.index, !line.done)}
              >
                {line.done ? <Undo2 aria-hidden="true" /> : <Check aria-hidden="true" />}
                {line.done ? 'Undo' : 'Ready'}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>

      {openShouts.length > 0 ? (
        <div className="space-y-2 border-t border-border bg-amber-50 px-4 py-3 dark:bg-amber-950/40">
          {openShouts.map((s) => (
            <div key={s.id} className="flex items-center gap-2" data-testid={`shout-${s.id}`}>
              <Megaphone className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
              <span className="flex-1 text-base font-semibold">{s.shoutName}</span>
              {s.status === 'pending' ? (
                <Button
                  size="lg"
                  disabled={busy || readOnly}
                  onClick={() => actions.onShout(s.id, 'acknowledged')}
                >
                  Acknowledge
                </Button>
              ) : (
                <Button
                  size="lg"
                  variant="secondary"
                  disabled={busy || readOnly}
                  onClick={() => actions.onShout(s.id, 'done')}
                >
                  Done
                </Button>
              )}
            </div>
          ))}
        </div>
      ) : null}

      {ticket.tips.length > 0 ? (
        <div className="space-y-1 border-t border-border px-4 py-2">
          {ticket.tips.map((tip) => (
            <p key={tip.createdAt + tip.amount} className="flex items-start gap-2 text-sm">
              <HandCoins className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
              <span>
                <strong>{formatMoney(tip.amount)} tip</strong>
                {tip.message ? <>: “{tip.message}”</> : null}
              </span>
            </p>
          ))}
        </div>
      ) : null}

      {restaurantId !== undefined ? (
        <PlatformPanel ticket={ticket} restaurantId={restaurantId} now={now} />
      ) : null}

      <footer className="space-y-2 border-t border-border px-4 py-3">
        <p className="flex justify-between text-sm text-muted-foreground">
          <span>Total</span>
          <span className="font-semibold text-foreground">{formatMoney(ticket.totalPrice)}</span>
        </p>
        {!station && !readOnly && ticket.status !== 'received' ? (
          <>
            {next ? (
              <Button
                size="lg"
                className={cn('h-14 w-full text-lg', !ready && 'opacity-80')}
                disabled={busy}
                onClick={() => actions.onBump(ticket)}
              >
                Bump to {orderStatusLabel(next)}
                <ChevronRight aria-hidden="true" />
              </Button>
            ) : null}
            {!ready ? (
              <p className="text-center text-xs text-muted-foreground">Stations still cooking</p>
            ) : null}
            <div className="flex gap-2">
              {canRecall ? (
                <Button
                  size="lg"
                  variant="outline"
                  className="flex-1"
                  disabled={busy}
                  onClick={() => actions.onRecall(ticket)}
                >
                  <Undo2 aria-hidden="true" />
                  Recall
                </Button>
              ) : null}
              {canCancel ? (
                <Button
                  size="lg"
                  variant="ghost"
                  className="flex-1 text-destructive"
                  disabled={busy}
                  onClick={() => actions.onCancel(ticket)}
                >
                  <X aria-hidden="true" />
                  Cancel
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
      </footer>
    </article>
  )
}
