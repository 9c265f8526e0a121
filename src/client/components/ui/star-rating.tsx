import { cn } from '@client/lib/utils'
import { Star } from 'lucide-react'

/** Five stars to choose a rating from: radio buttons, so arrow keys move between them. */
export function StarRatingInput({
  name,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  name: string
  value: number | undefined
  onChange: (rating: number) => void
  invalid?: boolean
  describedBy?: string
}) {
  return (
    <fieldset className="flex gap-1" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="sr-only">Your rating</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
        >
          <input
            type="radio"
            name={name}
            value={n}
            className="sr-only"
            checked={value === n}
            onChange={() => onChange(n)}
          />
          <span className="sr-only">
            {n} {n === 1 ? 'star' : 'stars'}
          </span>
          <Star
            aria-hidden="true"
            className={cn(
              'size-8 transition-colors',
              value !== undefined && n <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
            )}
          />
        </label>
      ))}
    </fieldset>
  )
}

/** A rating shown as stars, read as "4 out of 5 stars". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex gap-0.5', className)} role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            'size-4',
            n <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50',
          )}
        />
      ))}
    </span>
  )
}
