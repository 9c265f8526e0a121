import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu'
import { Skeleton } from '@client/components/ui/skeleton'
import { cn } from '@client/lib/utils'
import type { Insights } from '@shared/schemas/insights'
import { ArrowDown, ArrowUp, ChartNoAxesColumn, Download, Minus, Star } from 'lucide-react'
import { useState } from 'react'
import { useInsights } from '../api/get-insights'
import { Bars, ChartCard } from './insights-charts'
import {
  type Change,
  change,
  count,
  csvHref,
  type DateRange,
  duration,
  hourLabel,
  money,
  percent,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  rangeLabel,
  type SortDirection,
  type SortKey,
  shortDate,
  sortItems,
} from './insights-format'
import { RangePicker } from './range-picker'

const CSV_SECTIONS = [
  { section: 'sales', label: 'Sales by day' },
  { section: 'items', label: 'Item mix' },
  { section: 'service', label: 'Speed of service' },
  { section: 'reviews', label: 'Reviews' },
] as const

/**
 * The workspace's Insights: how the range went, beside the range before it, in the restaurant's
 * time zone (its days and hours, whatever zone the owner's browser is in). Loaded on its own.
 */
export default function InsightsSection({
  restaurantId,
  timeZone,
}: {
  restaurantId: number
  timeZone: string
}) {
  const [preset, setPreset] = useState<RangePreset | 'custom'>('7d')
  const [custom, setCustom] = useState<DateRange>(() => presetRange('7d', new Date(), timeZone))
  const range = preset === 'custom' ? custom : presetRange(preset, new Date(), timeZone)
  const insights = useInsights(restaurantId, { ...range, tz: timeZone })
  const data = insights.data

  return (
    <div className="grid min-w-0 gap-5 [&>*]:min-w-0" data-testid="insights">
      <RangePicker
        presets={RANGE_PRESETS}
        preset={preset}
        onPreset={setPreset}
        range={range}
        onRange={(next) => {
          setCustom(next)
          setPreset('custom')
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="insights-range">
          <span className="font-semibold text-foreground">{rangeLabel(range)}</span>
          {data ? ` · compared with ${rangeLabel(data.previous.range)}` : null}
          {` · ${timeZone.replaceAll('_', ' ')} time`}
          {insights.isFetching ? ' · updating…' : null}
        </p>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm">
              <Download aria-hidden="true" />
              Download CSV
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {CSV_SECTIONS.map(({ section, label }) => (
              <DropdownMenuItem key={section} asChild>
                <a href={csvHref(restaurantId, section, range, timeZone)} download>
                  {label}
                </a>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {insights.isError && !data ? (
        <Card>
          <CardContent className="p-5 text-sm text-muted-foreground">
            We could not load the insights: {insights.error.message}. Try another range or refresh the page.
          </CardContent>
        </Card>
      ) : !data ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="status" aria-label="Loading insights">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <Figures data={data} />
      )}
    </div>
  )
}

function ChangeBadge({ value, invert = false }: { value: Change; invert?: boolean }) {
  // For ticket times and late orders, down is the good direction.
  const good =
    value.direction === 'flat' || value.direction === 'none' ? null : (value.direction === 'up') !== invert
  const Icon = value.direction === 'up' ? ArrowUp : value.direction === 'down' ? ArrowDown : Minus
  return (
    <span
      className={cn(
        'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 text-xs font-semibold',
        good === null && 'bg-muted text-muted-foreground',
        good === true && 'bg-success/15 text-green-800 dark:text-green-300',
        good === false && 'bg-destructive/15 text-red-800 dark:text-red-300',
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {value.text}
    </span>
  )
}

function Headline({
  label,
  value,
  previous,
  delta,
  invert,
}: {
  label: string
  value: string
  previous: string
  delta: Change
  invert?: boolean
}) {
  return (
    <Card className="p-4" data-testid="insights-headline">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-extrabold tabular-nums tracking-tight">{value}</p>
      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <ChangeBadge value={delta} invert={invert} />
        <span>vs {previous}</span>
      </p>
    </Card>
  )
}

function Figures({ data }: { data: Insights }) {
  const { sales, previous, service, liveKitchen, reviews } = data
  const empty = sales.orders === 0 && previous.sales.orders === 0 && reviews.count === 0
  const liveNow = liveKitchen.tips.amount + liveKitchen.shouts.amount + liveKitchen.addOnRevenue
  const livePrev =
    previous.liveKitchen.tips.amount + previous.liveKitchen.shouts.amount + previous.liveKitchen.addOnRevenue
  return (
    <>
      <div className="grid min-w-0 grid-cols-2 gap-3 lg:grid-cols-4 [&>*]:min-w-0">
        <Headline
          label="Net sales"
          value={money(sales.net)}
          previous={money(previous.sales.net)}
          delta={change(sales.net, previous.sales.net)}
        />
        <Headline
          label="Orders"
          value={count(sales.orders)}
          previous={count(previous.sales.orders)}
          delta={change(sales.orders, previous.sales.orders)}
        />
        <Headline
          label="Average ticket"
          value={money(sales.averageTicket)}
          previous={money(previous.sales.averageTicket)}
          delta={change(sales.averageTicket, previous.sales.averageTicket)}
        />
        <Headline
          label="Live-kitchen extras"
          value={money(liveNow)}
          previous={money(livePrev)}
          delta={change(liveNow, livePrev)}
        />
        <Headline
          label="Order to done (median)"
          value={duration(service.orderToDone.p50)}
          previous={duration(previous.service.orderToDone.p50)}
          delta={change(service.orderToDone.p50, previous.service.orderToDone.p50)}
          invert
        />
        <Headline
          label="Late orders"
          value={percent(service.late.share)}
          previous={percent(previous.service.lateShare)}
          delta={change(service.late.share, previous.service.lateShare)}
          invert
        />
        <Headline
          label="Rating"
          value={reviews.average === null ? '—' : `${reviews.average.toFixed(2)} ★`}
          previous={previous.reviews.average === null ? 'no reviews' : previous.reviews.average.toFixed(2)}
          delta={change(reviews.average, previous.reviews.average)}
        />
        <Headline
          label="Refunds"
          value={money(sales.refunds)}
          previous={money(previous.sales.refunds)}
          delta={change(sales.refunds, previous.sales.refunds)}
          invert
        />
      </div>
      {empty ? (
        <Card data-testid="insights-empty">
          <CardContent className="grid justify-items-center gap-2 p-8 text-center">
            <ChartNoAxesColumn className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-semibold">No orders in this range yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Once diners order, this is where you see how the days went, your busy hours, how fast each
              station cooks, which dishes sell and what diners say. Try a longer range, or go live from the
              Overview.
            </p>
          </CardContent>
        </Card>
      ) : (
        <Charts data={data} />
      )}
    </>
  )
}

function Charts({ data }: { data: Insights }) {
  const { sales, service, liveKitchen, reviews, items } = data
  const byDay = sales.byDay.map((d) => ({ ...d, day: shortDate(d.date) }))
  const best = sales.byDay.reduce((a, b) => (b.net > a.net ? b : a), sales.byDay[0]!)
  const byHour = sales.byHour.map((h) => ({ ...h, label: hourLabel(h.hour) }))
  const busiest = sales.byHour.reduce((a, b) => (b.orders > a.orders ? b : a), sales.byHour[0]!)
  const stations = service.byStation.map((s) => ({
    ...s,
    name: s.station ?? 'No station',
    p50m: s.p50 === null ? 0 : s.p50 / 60,
    p90m: s.p90 === null ? 0 : s.p90 / 60,
  }))
  const slowest = stations.reduce<(typeof stations)[number] | undefined>(
    (a, b) => (!a || (b.p90 ?? 0) > (a.p90 ?? 0) ? b : a),
    undefined,
  )
  const extras = [
    { name: 'Tips', amount: liveKitchen.tips.amount, detail: `${count(liveKitchen.tips.count)} tips` },
    {
      name: 'Chef shouts',
      amount: liveKitchen.shouts.amount,
      detail: `${count(liveKitchen.shouts.count)} shouts`,
    },
    {
      name: 'Add-ons',
      amount: liveKitchen.addOnRevenue,
      detail: `${count(liveKitchen.addOnsAccepted)} of ${count(liveKitchen.addOnsOffered)} offers accepted`,
    },
  ]
  const ratings = reviews.distribution.map((d) => ({ ...d, stars: `${d.rating} ★` }))
  return (
    <div className="grid min-w-0 gap-4 xl:grid-cols-2 [&>*]:min-w-0">
      <ChartCard
        testId="chart-sales-by-day"
        title="Sales by day"
        description={`Net sales, ${money(sales.net)} in all`}
        summary={`Net sales by day from ${shortDate(sales.byDay[0]!.date)} to ${shortDate(sales.byDay.at(-1)!.date)}: ${money(sales.net)} in all; the best day was ${shortDate(best.date)} with ${money(best.net)}.`}
        rows={sales.byDay}
        rowKey={(d) => d.date}
        columns={[
          { label: 'Day', value: (d) => shortDate(d.date) },
          { label: 'Orders', value: (d) => count(d.orders), numeric: true },
          { label: 'Cancelled', value: (d) => count(d.cancelled), numeric: true },
          { label: 'Net', value: (d) => money(d.net), numeric: true },
        ]}
      >
        <Bars
          data={byDay}
          category="day"
          series={[{ key: 'net', name: 'Net sales', color: 'var(--primary)' }]}
          format={(v) => money(v)}
          axisFormat={(v) => `$${count(v)}`}
        />
      </ChartCard>

      <ChartCard
        testId="chart-orders-by-hour"
        title="Orders by hour"
        description="When diners order, in your time zone"
        summary={`Orders by hour of the day; the busiest hour was ${hourLabel(busiest.hour)} with ${count(busiest.orders)} orders.`}
        rows={sales.byHour.filter((h) => h.orders > 0)}
        rowKey={(h) => h.hour}
        columns={[
          { label: 'Hour', value: (h) => hourLabel(h.hour) },
          { label: 'Orders', value: (h) => count(h.orders), numeric: true },
          { label: 'Net', value: (h) => money(h.net), numeric: true },
        ]}
      >
        <Bars
          data={byHour}
          category="label"
          series={[{ key: 'orders', name: 'Orders', color: 'var(--info)' }]}
          format={(v) => count(v)}
        />
      </ChartCard>

      <ChartCard
        testId="chart-ticket-time"
        title="Ticket time by station"
        description={`Order to the pass; ${percent(service.late.share)} of orders finished after the time promised`}
        summary={
          slowest
            ? `Minutes from order to the pass by station, median and 90th percentile; the slowest is ${slowest.name} at ${duration(slowest.p90)} for 9 orders in 10.`
            : 'No order reached the pass in this range.'
        }
        rows={stations}
        rowKey={(s) => s.name}
        columns={[
          { label: 'Station', value: (s) => s.name },
          { label: 'Orders', value: (s) => count(s.orders), numeric: true },
          { label: 'Median', value: (s) => duration(s.p50), numeric: true },
          { label: '90th percentile', value: (s) => duration(s.p90), numeric: true },
        ]}
      >
        <Bars
          data={stations}
          category="name"
          horizontal
          series={[
            { key: 'p50m', name: 'Median', color: 'var(--primary)' },
            { key: 'p90m', name: '90th percentile', color: 'var(--warning)' },
          ]}
          format={(v) => duration(v * 60)}
          axisFormat={(v) => `${Math.round(v)}m`}
        />
      </ChartCard>

      <ChartCard
        testId="chart-live-kitchen"
        title="Live-kitchen revenue"
        description="What watching the kitchen brings on top of the orders"
        summary={`Tips ${money(liveKitchen.tips.amount)}, chef shouts ${money(liveKitchen.shouts.amount)}, add-ons ${money(liveKitchen.addOnRevenue)} (${count(liveKitchen.addOnsAccepted)} of ${count(liveKitchen.addOnsOffered)} offers accepted).`}
        rows={extras}
        rowKey={(e) => e.name}
        columns={[
          { label: 'Source', value: (e) => e.name },
          { label: 'Amount', value: (e) => money(e.amount), numeric: true },
          { label: 'Count', value: (e) => e.detail },
        ]}
      >
        <Bars
          data={extras}
          category="name"
          horizontal
          series={[{ key: 'amount', name: 'Amount', color: 'var(--success)' }]}
          format={(v) => money(v)}
          axisFormat={(v) => `$${count(v)}`}
        />
      </ChartCard>

      <ItemMix items={items} />

      <Card data-testid="insights-reviews">
        <CardHeader>
          <CardTitle>Reviews</CardTitle>
          <CardDescription>
            {reviews.count === 0
              ? 'No reviews in this range'
              : `${reviews.average?.toFixed(2)} on average from ${count(reviews.count)} ${reviews.count === 1 ? 'review' : 'reviews'}`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div
            role="img"
            aria-label={`Ratings: ${reviews.distribution.map((d) => `${d.count} of ${d.rating} stars`).join(', ')}.`}
            className="h-40 w-full"
          >
            <Bars
              data={ratings}
              category="stars"
              horizontal
              categoryWidth={44}
              series={[{ key: 'count', name: 'Reviews', color: 'var(--warning)' }]}
              format={(v) => count(v)}
            />
          </div>
          {reviews.latest.length > 0 ? (
            <ul className="grid gap-3">
              {reviews.latest.map((r) => (
                <li key={r.id} className="rounded-lg bg-muted/60 p-3 text-sm">
                  <p className="flex items-center gap-2 font-semibold">
                    <span className="inline-flex items-center gap-0.5">
                      <span aria-hidden="true">{r.rating}</span>
                      <Star className="size-3.5 fill-current text-warning" aria-hidden="true" />
                      <span className="sr-only">{`${r.rating} out of 5 stars`}</span>
                    </span>
                    <span>{r.author}</span>
                    <span className="font-normal text-muted-foreground">
                      {shortDate(r.createdAt.slice(0, 10))}
                    </span>
                  </p>
                  <p className="mt-1 text-muted-foreground">{r.comment}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>

      <ChartCard
        testId="chart-sources"
        title="Where orders come from"
        description="Orders and net sales by source; pickup and delivery below"
        summary={`Orders by source: ${sales.bySource.map((s) => `${sourceName(s.source)} ${count(s.orders)} orders, ${money(s.net)}`).join('; ')}. ${sales.byFulfilment.map((f) => `${f.fulfilment === 'pickup' ? 'Pickup' : 'Delivery'} ${count(f.orders)} orders`).join(', ')}.`}
        rows={[
          ...sales.bySource.map((s) => ({ key: `source-${s.source}`, name: sourceName(s.source), ...s })),
          ...sales.byFulfilment.map((f) => ({
            key: `fulfilment-${f.fulfilment}`,
            name: f.fulfilment === 'pickup' ? 'Pickup' : 'Delivery',
            ...f,
          })),
        ]}
        rowKey={(r) => r.key}
        columns={[
          { label: 'Source', value: (r) => r.name },
          { label: 'Orders', value: (r) => count(r.orders), numeric: true },
          { label: 'Net', value: (r) => money(r.net), numeric: true },
        ]}
      >
        <Bars
          data={[
            ...sales.bySource.map((s) => ({ name: sourceName(s.source), orders: s.orders })),
            ...sales.byFulfilment.map((f) => ({
              name: f.fulfilment === 'pickup' ? 'Pickup' : 'Delivery',
              orders: f.orders,
            })),
          ]}
          category="name"
          horizontal
          series={[{ key: 'orders', name: 'Orders', color: 'var(--info)' }]}
          format={(v) => count(v)}
        />
      </ChartCard>

      <SoldOutList soldOut={data.soldOut} />

      <Card>
        <CardHeader>
          <CardTitle>Speed of service</CardTitle>
          <CardDescription>From the order to each step, for the orders not cancelled</CardDescription>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Step
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  Median
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  90th pct.
                </th>
              </tr>
            </thead>
            <tbody>
              {service.toStatus.map((s) => (
                <tr key={s.status} className="border-b last:border-0">
                  <th scope="row" className="px-2 py-1.5 text-left font-normal capitalize">
                    {s.status === 'delivering' ? 'Out / ready' : s.status}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">{count(s.orders)}</td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{duration(s.p50)}</td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">{duration(s.p90)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-muted-foreground">
            {count(service.late.late)} of {count(service.late.orders)} orders with a promised time finished
            late ({percent(service.late.share)}).
          </p>
        </CardContent>
      </Card>
    </div>
  )
}

/** "Clearplate", "Doordash", "Uber Eats" from `clearplate`, `doordash`, `uber_eats`. */
function sourceName(source: string): string {
  return source.replaceAll('_', ' ').replace(/\b\w/g, (c) => c.toUpperCase())
}

/** The dishes 86'd during the range, longest first, from the menu's availability history. */
function SoldOutList({ soldOut }: { soldOut: Insights['soldOut'] }) {
  return (
    <Card data-testid="insights-sold-out">
      <CardHeader>
        <CardTitle>86'd dishes</CardTitle>
        <CardDescription>Dishes marked sold out during the range, and for how long</CardDescription>
      </CardHeader>
      <CardContent>
        {soldOut.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing was sold out in this range.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Dish
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  Times
                </th>
                <th scope="col" className="whitespace-nowrap px-2 py-1.5 text-right font-medium">
                  Out for
                </th>
              </tr>
            </thead>
            <tbody>
              {soldOut.map((dish) => (
                <tr key={dish.menuItemId} className="border-b last:border-0">
                  <th scope="row" className="px-2 py-1.5 text-left font-normal">
                    <span className="block">{dish.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {dish.stillOut ? 'Still sold out' : 'Back on the menu'}
                      {dish.lastBy ? ` · marked by ${dish.lastBy}` : ''}
                    </span>
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">{count(dish.times)}</td>
                  <td className="whitespace-nowrap px-2 py-1.5 text-right tabular-nums">
                    {duration(dish.minutes * 60)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}

const SORTS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Dish' },
  { key: 'quantity', label: 'Sold' },
  { key: 'revenue', label: 'Revenue' },
]

function ItemMix({ items }: { items: Insights['items'] }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'revenue',
    direction: 'desc',
  })
  const sorted = sortItems(items, sort.key, sort.direction)
  const top = Math.max(0, ...items.map((i) => i.share))
  return (
    <Card className="xl:row-span-2" data-testid="insights-items">
      <CardHeader>
        <CardTitle>Item mix</CardTitle>
        <CardDescription>
          Dishes of the orders kept; the bar is each dish’s share of net sales
        </CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No dishes sold in this range.</p>
        ) : (
          <div className="max-h-[28rem] overflow-auto">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-card">
                <tr className="border-b text-left text-muted-foreground">
                  {SORTS.map((s) => (
                    <th
                      key={s.key}
                      scope="col"
                      className={cn('px-2 py-1.5 font-medium', s.key !== 'name' && 'text-right')}
                      aria-sort={
                        sort.key === s.key
                          ? sort.direction === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-foreground"
                        onClick={() =>
                          setSort((current) => ({
                            key: s.key,
                            direction:
                              current.key === s.key
                                ? current.direction === 'asc'
                                  ? 'desc'
                                  : 'asc'
                                : s.key === 'name'
                                  ? 'asc'
                                  : 'desc',
                          }))
                        }
                      >
                        {s.label}
                        {sort.key === s.key ? (
                          sort.direction === 'asc' ? (
                            <ArrowUp className="size-3" aria-hidden="true" />
                          ) : (
                            <ArrowDown className="size-3" aria-hidden="true" />
                          )
                        ) : null}
                      </button>
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1.5 text-right font-medium">
                    Share
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((item) => (
                  <tr key={item.menuItemId ?? item.name} className="border-b last:border-0">
                    <th scope="row" className="max-w-[10rem] px-2 py-1.5 text-left font-normal">
                      <span className="block truncate">{item.name}</span>
                      <span className="mt-1 block h-1.5 rounded-full bg-muted" aria-hidden="true">
                        <span
                          className="block h-full rounded-full bg-primary"
                          style={{ width: `${top > 0 ? (item.share / top) * 100 : 0}%` }}
                        />
                      </span>
                    </th>
                    <td className="px-2 py-1.5 text-right tabular-nums">{count(item.quantity)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{money(item.revenue)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{percent(item.share)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
