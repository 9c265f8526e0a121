import { z } from 'zod'

/** One point of an order's oven temperature (°F): measured by a sensor, or the kitchen's estimate. */
export const curvePointSchema = z.object({
  at: z.string(),
  temperature: z.number(),
  source: z.enum(['sensor', 'estimate']),
})
export type CurvePoint = z.infer<typeof curvePointSchema>

/** GET /api/orders/{id}/cooking-curve: the order's temperature since cooking began. */
export const cookingCurveSchema = z.object({
  /** When the order reached `cooking`; null before. */
  startedAt: z.string().nullable(),
  /** The temperature the kitchen aims at while cooking; null when it is not known. */
  targetTemperature: z.number().nullable(),
  /** Oldest first. Estimates are sampled every 15 seconds; sensor readings are as measured. */
  points: z.array(curvePointSchema),
  /** The status changes, oldest first. */
  events: z.array(z.object({ status: z.string(), at: z.string() })),
})
export type CookingCurve = z.infer<typeof cookingCurveSchema>
