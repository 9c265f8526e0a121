import { api } from '@client/lib/api-client'
import { liveClient } from '@client/lib/live-client'
import { countOf } from '@client/lib/utils'
import type { CookingCurve as Curve, CurvePoint } from '@shared/schemas/cooking-curve'
import { useQuery } from '@tanstack/react-query'
import { memo, useEffect, useMemo, useState } from 'react'
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts'

/** At most this many points are drawn: older ones give way to new live readings. */
const MAX_POINTS = 600
const STATUS_LABELS: Record<string, string> = {
  cooking: 'Cooking',
  plating: 'Plating',
  delivering: 'On its way',
  completed: 'Done',
  cancelled: 'Cancelled',
}

interface Row {
  t: number
  sensor: number | null
  estimate: number | null
}

/** Minutes since cooking began, for the x axis. */
function toRows(points: readonly CurvePoint[], startedAt: number): Row[] {
  return points.map((p) => ({
    t: (Date.parse(p.at) - startedAt) / 60_000,
    sensor: p.source === 'sensor' ? p.temperature : null,
    estimate: p.source === 'estimate' ? p.temperature : null,
  }))
}

/**
 * The order's oven temperature since cooking began: sensor readings as a solid line, the
 * kitchen's estimate dashed, its target as a line and the status changes as marks. It reads the
 * history once, then follows the order's live messages itself, so a new reading redraws this
 * chart and nothing else of the page.
 */
function CookingCurveChart({ orderId }: { orderId: number }) {
  const history = useQuery({
    queryKey: ['orders', orderId, 'cooking-curve'],
    queryFn: () => api.get<Curve>(`/api/orders/${orderId}/cooking-curve`),
    staleTime: Number.POSITIVE_INFINITY,
    // Mounted again, the order may be cooking anew (a showcase cooks in a loop): no stale run.
    gcTime: 0,
  })
  const [live, setLive] = useState<{ points: CurvePoint[]; events: { status: string; at: string }[] }>({
    points: [],
    events: [],
  })
  const refetch = history.refetch
  useEffect(
    () =>
      liveClient.subscribe(orderId, (message) => {
        if (message.type === 'telemetry') {
          const at = message.data.recordedAt ?? new Date(message.sentAt).toISOString()
          const source: CurvePoint['source'] =
            message.data.source === 'sensor' && !message.data.sensorOffline ? 'sensor' : 'estimate'
          setLive((current) => ({
            ...current,
            points: [...current.points, { at, temperature: message.data.temperature, source }].slice(
              -MAX_POINTS,
            ),
          }))
        } else if (message.type === 'status') {
          const at = new Date(message.sentAt).toISOString()
          setLive((current) => ({ ...current, events: [...current.events, { status: message.status, at }] }))
          // Cooking has just begun: the history now has a start.
          if (message.status === 'cooking') void refetch()
        } else if (message.type === 'resync') void refetch()
      }),
    [orderId, refetch],
  )

  const data = history.data
  const startedAt = data?.startedAt ? Date.parse(data.startedAt) : undefined
  const rows = useMemo(() => {
    if (startedAt === undefined || !data) return []
    const fetchedUntil = data.points.length ? Date.parse(data.points.at(-1)!.at) : startedAt
    const newer = live.points.filter((p) => Date.parse(p.at) > fetchedUntil)
    return toRows([...data.points, ...newer].slice(-MAX_POINTS), startedAt)
  }, [data, live.points, startedAt])
  const marks = useMemo(() => {
    if (startedAt === undefined || !data) return []
    // One mark a status: the history and the live channel may both tell of the same change.
    const byLabel = new Map<string, number>()
    for (const e of [...data.events, ...live.events]) {
      const label = STATUS_LABELS[e.status]
      if (label && Date.parse(e.at) >= startedAt && !byLabel.has(label))
        byLabel.set(label, (Date.parse(e.at) - startedAt) / 60_000)
    }
    return [...byLabel].map(([label, t]) => ({ label, t }))
  }, [data, live.events, startedAt])

  if (!data || startedAt === undefined || rows.length === 0) return null
  const latest = rows.at(-1)!
  const latestValue = latest.sensor ?? latest.estimate ?? 0
  const hasSensor = rows.some((r) => r.sensor !== null)
  const temperatures = rows.flatMap((r) => [r.sensor, r.estimate]).filter((v): v is number => v !== null)
  const target = data.targetTemperature
  const low = Math.floor((Math.min(...temperatures, target ?? Number.POSITIVE_INFINITY) - 20) / 10) * 10
  const high = Math.ceil((Math.max(...temperatures, target ?? 0) + 10) / 10) * 10
  const summary = `Oven temperature over ${countOf(Math.max(1, Math.round(latest.t)), 'minute')} of cooking, now ${Math.round(latestValue)}°F${
    target ? ` against a target of ${Math.round(target)}°F` : ''
  }; ${hasSensor ? 'measured by a sensor' : 'estimated by the kitchen'}.`

  return (
    <figure className="grid gap-2" data-testid="cooking-curve">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold">Cooking curve</span>
        <span className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <span className="inline-block h-0.5 w-4 bg-primary" aria-hidden="true" />
            Sensor
          </span>
          <span className="inline-flex items-center gap-1">
            <span
              className="inline-block w-4 border-t-2 border-dashed border-muted-foreground"
              aria-hidden="true"
            />
            Estimate
          </span>
          {target ? (
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-px w-4 bg-success" aria-hidden="true" />
              Target {Math.round(target)}°F
            </span>
          ) : null}
        </span>
      </figcaption>
      <div role="img" aria-label={summary} className="h-40 w-full">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 160 }}>
          <LineChart
            data={rows}
            margin={{ top: 14, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="t"
              type="number"
              domain={[0, 'dataMax']}
              allowDecimals={false}
              tickFormatter={(v: number) => `${Math.round(v)}m`}
              tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
              stroke="var(--border)"
            />
            <YAxis
              domain={[low, high]}
              width={44}
              tickFormatter={(v: number) => `${v}°`}
              tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
              stroke="var(--border)"
            />
            {target ? <ReferenceLine y={target} stroke="var(--success)" strokeWidth={1} /> : null}
            {marks.map((m) => (
              <ReferenceLine
                key={m.label}
                x={m.t}
                stroke="var(--muted-foreground)"
                strokeDasharray="2 3"
                label={{
                  value: m.label,
                  position: 'insideTopLeft',
                  fontSize: 10,
                  fill: 'var(--muted-foreground)',
                }}
              />
            ))}
            <Line
              dataKey="estimate"
              stroke="var(--muted-foreground)"
              strokeDasharray="5 4"
              strokeWidth={1.5}
              dot={false}
              connectNulls
              isAnimationActive={false}
              name="Estimate"
            />
            <Line
              dataKey="sensor"
              stroke="var(--primary)"
              strokeWidth={2}
              dot={false}
              connectNulls
              isAnimationActive={false}
              name="Sensor"
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  )
}

/** Re-rendered only when its order changes, not with the page around it. */
const CookingCurve = memo(CookingCurveChart)
export default CookingCurve
