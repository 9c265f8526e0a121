import { z } from 'zod'
import { ORDER_QUANTITY } from '../constants'
import { idField, idParam } from './common'
import { cancellationSchema } from './kitchen'

/** One line of an order as stored in `items` (a JSON string in the API, as the spec reads it). */
export const orderLineSchema = z.object({
  menuItemId: z.number().optional(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
})
export type OrderLine = z.infer<typeof orderLineSchema>

export const orderSchema = z.object({
  id: z.number(),
  userId: z.number(),
  restaurantId: z.number(),
  status: z.string(),
  progress: z.number(),
  createdAt: z.string(),
  estimatedDelivery: z.string().nullable(),
  totalPrice: z.number(),
  /** JSON text of OrderLine[]. */
  items: z.string(),
  /** Why a cancelled order was cancelled and what went back to the wallet; null otherwise. */
  cancellation: cancellationSchema.nullable().optional(),
})
export type Order = z.infer<typeof orderSchema>

/** POST /api/orders/{id}/cancel: the cancelled order and the dollars returned to the wallet. */
export const cancelOrderResult = z.object({ order: orderSchema, refund: z.number() })
export type CancelOrderResult = z.infer<typeof cancelOrderResult>

export function parseOrderItems(items: string): OrderLine[] {
  try {
    const parsed = z.array(orderLineSchema).safeParse(JSON.parse(items))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export const placeOrderSchema = z.object({
  restaurantId: idField(),
  items: z
    .array(
      z.object({
        menuItemId: idField(),
        quantity: z
          .number({ error: `Quantity must be between ${ORDER_QUANTITY.min} and ${ORDER_QUANTITY.max}` })
          .int(`Quantity must be between ${ORDER_QUANTITY.min} and ${ORDER_QUANTITY.max}`)
          .min(ORDER_QUANTITY.min, `Quantity must be between ${ORDER_QUANTITY.min} and ${ORDER_QUANTITY.max}`)
          .max(
            ORDER_QUANTITY.max,
            `Quantity must be between ${ORDER_QUANTITY.min} and ${ORDER_QUANTITY.max}`,
          ),
      }),
      { error: 'Cart is empty: Please add items to your cart before placing an order.' },
    )
    .min(1, 'Cart is empty: Please add items to your cart before placing an order.')
    .max(50, 'Too many lines in one order'),
})
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>

export const streamAccessSchema = z.object({
  /** A number, or the digits typed into the order-number form. */
  orderId: z.union([idField('Invalid order number'), idParam('Invalid order number')], {
    error: (issue) => (issue.input === undefined ? 'Order number required' : 'Invalid order number'),
  }),
})
export const streamAccessResponse = z.object({
  orderId: z.number(),
  grantedAt: z.string(),
  expiresAt: z.string(),
})
export type StreamAccess = z.infer<typeof streamAccessResponse>

/** The public showcase: restaurant 1's kitchen cooking an order anyone may watch. */
export const showcaseSchema = z.object({ orderId: z.number(), restaurantId: z.number() })
export type Showcase = z.infer<typeof showcaseSchema>

export const telemetrySchema = z.object({
  /** °F. */
  temperature: z.number(),
  cookingTime: z.number(),
  status: z.string(),
  /** `sensor`: measured by one of the restaurant's devices; `estimate`: the kitchen's model. */
  source: z.enum(['sensor', 'estimate']).optional(),
  /** The device that measured a sensor reading. */
  deviceName: z.string().optional(),
  /** When a sensor reading was measured (ISO 8601). */
  recordedAt: z.string().optional(),
  humidity: z.number().optional(),
  /** The order's sensor has said nothing for a while: this is the estimate again. */
  sensorOffline: z.boolean().optional(),
})
export type Telemetry = z.infer<typeof telemetrySchema>
