import { lineTotal, type PricedLine } from '@client/lib/order-lines'
import { cn, formatMoney } from '@client/lib/utils'
import { AlertTriangle } from 'lucide-react'
import type { Key, ReactNode } from 'react'

export interface OrderLinesProps<L extends PricedLine> {
  lines: readonly L[]
  /**
   * `summary`: "2 x Margherita Pizza" and the line total (an order's details).
   * `cart`: the name over its unit price, the quantity controls, then the line total.
   */
  variant?: 'summary' | 'cart'
  lineKey?: (line: L, index: number) => Key
  /** Cart: the controls between the name and the line total (quantity buttons). */
  controls?: (line: L) => ReactNode
  /** Allergens of the diner's profile that a line contains, shown under its name. */
  flags?: (line: L) => readonly string[]
  /** Rows after the lines (a delivery fee, dishes no longer available), as `<li>` elements. */
  children?: ReactNode
  className?: string
  'aria-label'?: string
  /** data-testid of each line's row. */
  lineTestId?: string
}

/** One list of an order's lines, everywhere one is shown; line totals are computed in cents. */
export function OrderLines<L extends PricedLine>({
  lines,
  variant = 'summary',
  lineKey = (_line, index) => index,
  controls,
  flags,
  children,
  className,
  lineTestId,
  'aria-label': ariaLabel,
}: OrderLinesProps<L>) {
  return (
    <ul
      className={cn('grid text-sm', variant === 'cart' ? 'gap-3' : 'gap-2', className)}
      aria-label={ariaLabel}
    >
      {lines.map((line, index) => {
        return variant === 'cart' ? (
          <li key={lineKey(line, index)} className="flex items-center gap-3" data-testid={lineTestId}>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{line.name}</p>
              <LineChoices line={line} />
              <p className="text-xs text-muted-foreground">{formatMoney(line.price)} each</p>
              <LineFlags flags={flags?.(line)} />
            </div>
            {controls?.(line)}
            <span className="w-16 text-right font-semibold tabular-nums" data-testid="line-total">
              {formatMoney(lineTotal(line))}
            </span>
          </li>
        ) : (
          <li key={lineKey(line, index)} className="flex justify-between gap-3" data-testid={lineTestId}>
            <span className="grid gap-0.5">
              <span>
                {line.quantity} x {line.name}
              </span>
              <LineChoices line={line} />
              <LineFlags flags={flags?.(line)} />
            </span>
            <span className="tabular-nums" data-testid="line-total">
              {formatMoney(lineTotal(line))}
            </span>
          </li>
        )
      })}
      {children}
    </ul>
  )
}

/** The options chosen on a line and the diner's note, under its name. */
function LineChoices({ line }: { line: PricedLine }) {
  return (
    <>
      {line.options?.length ? (
        <span className="block text-xs text-muted-foreground" data-testid="line-options">
          {line.options.map((o) => o.name).join(' · ')}
        </span>
      ) : null}
      {line.notes ? (
        <span className="block text-xs italic text-muted-foreground" data-testid="line-notes">
          “{line.notes}”
        </span>
      ) : null}
    </>
  )
}

function LineFlags({ flags }: { flags: readonly string[] | undefined }) {
  if (!flags?.length) return null
  return (
    <span
      className="flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-400"
      data-testid="line-allergens"
    >
      <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
      Contains {flags.join(', ')}
    </span>
  )
}
