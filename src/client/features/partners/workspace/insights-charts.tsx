import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { cn } from '@client/lib/utils'
import { Table2 } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts'

/**
 * Charts of the Insights section (recharts, loaded with the section only). Each chart is an image
 * for assistive technology, named by a sentence that says what it shows, with a table of the same
 * figures beside it: hidden from sight until "Table" is pressed, always read by screen readers.
 */

export interface Column<T> {
  label: string
  value: (row: T) => ReactNode
  numeric?: boolean
}

export function ChartCard<T>({
  title,
  description,
  summary,
  rows,
  columns,
  rowKey,
  children,
  testId,
}: {
  title: string
  description?: string
  /** The chart's text alternative: what an owner would read off it. */
  summary: string
  rows: readonly T[]
  columns: Column<T>[]
  rowKey: (row: T) => string | number
  children: ReactNode
  testId?: string
}) {
  const [table, setTable] = useState(false)
  const tableId = useId()
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={table}
          aria-controls={tableId}
          onClick={() => setTable((shown) => !shown)}
        >
          <Table2 aria-hidden="true" />
          {table ? 'Chart' : 'Table'}
        </Button>
      </CardHeader>
      <CardContent>
        {table ? null : (
          <div role="img" aria-label={summary} className="h-60 w-full">
            {children}
          </div>
        )}
        <div id={tableId} className={cn(table ? 'max-h-80 overflow-auto' : 'sr-only')}>
          <table className="w-full text-sm">
            <caption className="sr-only">{`${title}: ${summary}`}</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                {columns.map((c) => (
                  <th
                    key={c.label}
                    scope="col"
                    className={cn('px-2 py-1.5 font-medium', c.numeric && 'text-right')}
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-b last:border-0">
                  {columns.map((c) => (
                    <td key={c.label} className={cn('px-2 py-1.5', c.numeric && 'text-right tabular-nums')}>
                      {c.value(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  )
}

const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 }

function ChartTooltip({
  active,
  payload,
  label,
  format,
}: TooltipContentProps<number, string> & {
  format: (value: number, name: string) => string
}) {
  if (!active || !payload?.length) return null
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-semibold">{label}</p>
      {payload.map((p) => (
        <p key={String(p.dataKey)}>
          {p.name}: {format(Number(p.value), String(p.name))}
        </p>
      ))}
    </div>
  )
}

export interface BarSeries {
  key: string
  name: string
  /** A CSS colour; theme variables follow dark mode. */
  color: string
}

/** Vertical bars over a category axis (days, hours), or horizontal ones with `horizontal`. */
export function Bars<T extends object>({
  data,
  category,
  series,
  format,
  axisFormat,
  horizontal = false,
  categoryWidth = 96,
}: {
  data: readonly T[]
  category: keyof T & string
  series: BarSeries[]
  format: (value: number, name: string) => string
  axisFormat?: (value: number) => string
  horizontal?: boolean
  categoryWidth?: number
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 240 }}>
      <BarChart
        data={data as T[]}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--border)" vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis
              type="number"
              tick={AXIS}
              tickFormatter={axisFormat}
              stroke="var(--border)"
              allowDecimals={false}
            />
            <YAxis
              type="category"
              dataKey={category as string}
              tick={AXIS}
              width={categoryWidth}
              stroke="var(--border)"
            />
          </>
        ) : (
          <>
            <XAxis dataKey={category as string} tick={AXIS} stroke="var(--border)" minTickGap={8} />
            <YAxis
              tick={AXIS}
              tickFormatter={axisFormat}
              width={48}
              stroke="var(--border)"
              allowDecimals={false}
            />
          </>
        )}
        <Tooltip
          cursor={{ fill: 'var(--muted)' }}
          content={(props) => (
            <ChartTooltip {...(props as TooltipContentProps<number, string>)} format={format} />
          )}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color}
            radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
