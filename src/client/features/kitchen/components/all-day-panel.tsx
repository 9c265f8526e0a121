import { allDayCounts, type Ticket } from '@shared/schemas/kitchen'

/** What the open tickets still need, per dish. */
export function AllDayPanel({ tickets, station }: { tickets: Ticket[]; station: string | undefined }) {
  const counts = allDayCounts(tickets, station)
  return (
    <section aria-labelledby="all-day-title" className="rounded-xl border border-border bg-card p-4">
      <h2
        id="all-day-title"
        className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
      >
        All day
      </h2>
      {counts.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing to cook.</p>
      ) : (
        <ul className="space-y-1" data-testid="all-day">
          {counts.map((c) => (
            <li key={c.name} className="flex items-baseline justify-between gap-2 text-lg">
              {/* A dish with its options ("Curry (Shrimp, Rice)") may take two lines: the options tell the counts apart. */}
              <span className="line-clamp-2 min-w-0" title={c.name}>
                {c.name}
              </span>
              <span className="font-bold tabular-nums">{c.quantity}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
