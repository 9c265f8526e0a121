import { z } from 'zod'
import { FULFILMENTS, ORDER_QUANTITY } from '../constants'
import { idField, idParam } from './common'
import { cancellationSchema } from './kitchen'
import { chosenOptionsSchema, lineNotesSchema } from './menu-options'
import { staffActorSchema } from './staff'

/** The address an order goes to, as it was when the order was placed. */
export const orderAddressSchema = z.object({
  label: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type OrderAddress = z.infer<typeof orderAddressSchema>

/** One step of an order's timeline: reached (from its status history) or estimated. */
export const timelineEntrySchema = z.object({
  status: z.string(),
  at: z.string(),
  estimated: z.boolean(),
})
export type TimelineEntry = z.infer<typeof timelineEntrySchema>

/** GET /api/orders/{id}/events: the status history, oldest first. */
export const orderEventSchema = z.object({
  status: z.string(),
  at: z.string(),
  /** Who on the restaurant's team made a kitchen change: shown to that restaurant's team only. */
  by: staffActorSchema.optional(),
  /** Why, for the team (`recall`, a cancel's reason). */
  reason: z.string().optional(),
})
export type OrderEvent = z.infer<typeof orderEventSchema>

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
  fulfilment: z.enum(FULFILMENTS),
  /** Delivery only. */
  address: orderAddressSchema.nullable(),
  /** What checkout promised: arrival for delivery, "ready at" for pickup. */
  promisedAt: z.string().nullable(),
  /**
   * When a finished order finished: delivered or picked up (from its history), or cancelled; null
   * while it is active. Present on the list of a diner's orders.
   */
  finishedAt: z.string().nullable().optional(),
  /** Every step, reached or estimated; present on the single order's answer. */
  timeline: z.array(timelineEntrySchema).optional(),
  /** The diner's review once given; present on the single order's answer. */
  review: z
    .object({ rating: z.number(), comment: z.string().nullable(), createdAt: z.string() })
    .nullable()
    .optional(),
})
export type Order = z.infer<typeof orderSchema>

/** POST /api/orders/{id}/cancel: the cancelled order and the dollars returned to the wallet. */
export const cancelOrderResult = z.object({ order: orderSchema, refund: z.number() })
export type CancelOrderResult = z.infer<typeof cancelOrderResult>

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
        /** Option ids of this dish's groups; a required group needs its choice. */
        options: chosenOptionsSchema,
        notes: lineNotesSchema,
      }),
      { error: 'Cart is empty: Please add items to your cart before placing an order.' },
    )
    .min(1, 'Cart is empty: Please add items to your cart before placing an order.')
    .max(50, 'Too many lines in one order'),
  fulfilment: z.enum(FULFILMENTS, { error: 'Choose delivery or pickup' }).default('delivery'),
  /** Delivery only; the diner's default address when absent. */
  addressId: idField().optional(),
})
/** What a client sends; `fulfilment` defaults to delivery. */
export type PlaceOrderInput = z.input<typeof placeOrderSchema>
export type PlaceOrder = z.infer<typeof placeOrderSchema>

/** POST /api/orders/quote: what checkout shows before paying. */
export const orderQuoteSchema = placeOrderSchema.pick({ fulfilment: true, addressId: true }).extend({
  restaurantId: idField(),
})
export type OrderQuoteInput = z.input<typeof orderQuoteSchema>
export type OrderQuoteRequest = z.infer<typeof orderQuoteSchema>
export const orderQuoteResponse = z.object({
  fulfilment: z.enum(FULFILMENTS),
  deliveryFee: z.number(),
  /** Delivery: the address and its distance from the restaurant in km. */
  address: orderAddressSchema.extend({ id: z.number() }).nullable(),
  distanceKm: z.number().nullable(),
  deliveryRadiusKm: z.number(),
  /** Delivery: estimated arrival; pickup: when it will be ready. */
  promisedAt: z.string(),
  /** Pickup: where to collect it. */
  restaurantAddress: z.string(),
})
export type OrderQuote = z.infer<typeof orderQuoteResponse>

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
