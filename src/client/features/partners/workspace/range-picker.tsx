import { Input } from '@client/components/ui/input'
import { cn } from '@client/lib/utils'
import { useId } from 'react'

/** Local dates, both included (YYYY-MM-DD), as the date inputs show them. */
type DayRange = { from: string; to: string }

/**
 * A workspace section's date range: preset buttons, then From and To for a range of one's own.
 * A date left empty, or one that would put From after To, is not taken.
 */
export function RangePicker<P extends string>({
  presets,
  preset,
  onPreset,
  range,
  onRange,
}: {
  presets: readonly { id: P; label: string }[]
  preset: P | 'custom'
  onPreset: (preset: P) => void
  /** The range shown: the preset's, or the one typed in. */
  range: DayRange
  onRange: (range: DayRange) => void
}) {
  const id = useId()
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Date range</legend>
      <div className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {presets.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={preset === p.id}
            onClick={() => onPreset(p.id)}
            className={cn(
              'h-9 rounded-md px-3 text-sm font-medium transition-colors',
              preset === p.id
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="flex items-end gap-2">
        <label htmlFor={`${id}-from`} className="grid gap-1 text-xs font-medium text-muted-foreground">
          From
          <Input
            id={`${id}-from`}
            type="date"
            className="h-9 w-[9.5rem]"
            value={range.from}
            max={range.to}
            onChange={(e) => {
              if (e.target.value && e.target.value <= range.to)
                onRange({ from: e.target.value, to: range.to })
            }}
          />
        </label>
        <label htmlFor={`${id}-to`} className="grid gap-1 text-xs font-medium text-muted-foreground">
          To
          <Input
            id={`${id}-to`}
            type="date"
            className="h-9 w-[9.5rem]"
            value={range.to}
            min={range.from}
            onChange={(e) => {
              if (e.target.value && e.target.value >= range.from)
                onRange({ from: range.from, to: e.target.value })
            }}
          />
        </label>
      </div>
    </fieldset>
  )
}
