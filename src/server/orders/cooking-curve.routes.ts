import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idParams } from '../../shared/schemas/common'
import { cookingCurveSchema } from '../../shared/schemas/cooking-curve'
import { estimatedOrder, sensorReadingsSince } from './cooking-curve.repository'
import type { EstimatedOrder } from './estimated-order'
import { requireViewableOrder } from './order-access'
import { listEvents } from './order-history'
import { orderNotFound } from './orders.errors'

const ESTIMATE_STEP_MS = 15_000
/** Two hours of estimates at most; sensor readings, the newest this many. */
const MAX_ESTIMATES = 480
const MAX_READINGS = 1500
const DONE = ['plating', 'delivering', 'completed', 'cancelled']

/** The temperature the kitchen's estimate reads for an order at a time, after a sensor's last reading. */
type TemperatureEstimate = (
  order: EstimatedOrder,
  now: number,
  last?: { temperature: number; at: number },
) => { temperature: number }

/**
 * The diner's cooking curve: the order's temperature since cooking began, the sensor readings as
 * stored and the estimate of the order's kitchen mode sampled over the same time (each sample as
 * the live channel sent it then: in the status the order was in, continuing from the sensor's
 * newest reading before it), with the status changes. Readable by whoever may read the order.
 */
export function cookingCurveRoutes(deps: {
  /** The kitchen's estimate, the one of the order's kitchen mode. */
  estimate: TemperatureEstimate
  /** The temperature the kitchen aims at for an order, when it knows one. */
  targetTemperature: (order: Pick<EstimatedOrder, 'id' | 'kitchenMode'>) => number | null
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:id/cooking-curve',
      {
        schema: {
          tags: ['orders'],
          summary:
            'The order’s oven temperature since cooking began: sensor readings, estimates and status changes',
          params: idParams,
          response: { 200: cookingCurveSchema },
        },
      },
      async (request) => {
        const viewable = await requireViewableOrder(request, app.db, request.params.id)
        const [order, events] = await Promise.all([
          estimatedOrder(app.db, viewable.id),
          listEvents(app.db, viewable),
        ])
        if (!order) throw orderNotFound()
        const targetTemperature = deps.targetTemperature(order)
        const started = events.find((e) => e.status === 'cooking')
        if (!started) return { startedAt: null, targetTemperature, points: [], events }
        const from = Date.parse(started.at)
        const finished = events.find((e) => DONE.includes(e.status) && Date.parse(e.at) >= from)
        const until = Math.min(Date.now(), finished ? Date.parse(finished.at) : Date.now())
        const first = Math.max(from, until - MAX_ESTIMATES * ESTIMATE_STEP_MS)
        const readings = await sensorReadingsSince(app.db, order.id, new Date(from), MAX_READINGS)
        const estimates = []
        let event = 0
        let reading = -1
        for (let t = first; t <= until; t += ESTIMATE_STEP_MS) {
          // The status the order was in at t, and the sensor's newest reading by then.
          while (event + 1 < events.length && Date.parse(events[event + 1]!.at) <= t) event++
          while (reading + 1 < readings.length && readings[reading + 1]!.at.getTime() <= t) reading++
          const then = events[event]!
          const last = readings[reading]
          const current = then.status === order.status
          estimates.push({
            at: t,
            temperature: deps.estimate(
              {
                ...order,
                status: then.status,
                statusAt: new Date(then.at),
                progress: current ? order.progress : 0,
              },
              t,
              last ? { temperature: last.temperature, at: last.at.getTime() } : undefined,
            ).temperature,
            source: 'estimate' as const,
          })
        }
        const points = [
          ...estimates,
          ...readings.map((r) => ({
            at: r.at.getTime(),
            temperature: r.temperature,
            source: 'sensor' as const,
          })),
        ]
          .sort((a, b) => a.at - b.at)
          .map((p) => ({
            ...p,
            at: new Date(p.at).toISOString(),
            temperature: Math.round(p.temperature * 10) / 10,
          }))
        return { startedAt: started.at, targetTemperature, points, events }
      },
    )
  }
}
