import type { KitchenDish } from '@shared/schemas/kitchen'
import { soldOutEntries } from '../lib/sold-out'

/** What is 86'd now, dishes and options, in sight of the whole line; nothing while all is on. */
export function SoldOutPanel({ dishes }: { dishes: KitchenDish[] }) {
  const entries = soldOutEntries(dishes)
  if (entries.length === 0) return null
  return (
    <section
      aria-labelledby="sold-out-heading"
      className="rounded-xl border border-red-600 bg-card p-4"
      data-testid="sold-out-list"
    >
      <h2 id="sold-out-heading" className="text-base font-bold">
        86’d <span className="font-normal text-muted-foreground">({entries.length})</span>
      </h2>
      <ul className="mt-2 space-y-1">
        {entries.map((entry) => (
          <li
            key={entry.kind === 'dish' ? `dish-${entry.dishId}` : `option-${entry.optionId}`}
            className="text-base"
          >
            {entry.label}
          </li>
        ))}
      </ul>
    </section>
  )
}
