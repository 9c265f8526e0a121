import { z } from 'zod'
import { CANCEL_REASONS } from '../cancel-reasons'
import { ORDER_STATUSES } from '../constants'
import { lineWithOptions } from '../order-lines'
import { idParam } from './common'
import { kitchenAccessSchema, staffActorSchema } from './staff'

/** Who moves a restaurant's orders: the engine (the demo) or the people in the kitchen. */
export const KITCHEN_MODES = ['autopilot', 'staffed'] as const
export type KitchenMode = (typeof KITCHEN_MODES)[number]
export const KITCHEN_MODE_LABELS: Record<KitchenMode, string> = {
  autopilot: 'Autopilot',
  staffed: 'Staffed',
}

/** A bump can be taken back this long after it was made. */
export const RECALL_WINDOW_MS = 60_000

/** Ticket age colours: amber and red after this many minutes, unless the owner sets others. */
export const DEFAULT_AGE_THRESHOLDS = { amberMinutes: 8, redMinutes: 15 } as const

export const kitchenModeSchema = z.object({
  mode: z.enum(KITCHEN_MODES, { error: 'Mode must be "autopilot" or "staffed"' }),
})

export const advanceOrderSchema = z.object({
  from: z.enum(ORDER_STATUSES, { error: 'from must be an order status' }),
})

export const cancelOrderSchema = z.object({
  reason: z.enum(CANCEL_REASONS, { error: 'Choose a reason: out of stock, kitchen closed or other' }),
  /** Free text for "other", shown to the diner. */
  note: z
    .string()
    .trim()
    .max(200, 'The note must be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
})
export type CancelOrderInput = z.input<typeof cancelOrderSchema>

export const shoutStatusSchema = z.object({
  status: z.enum(['acknowledged', 'done'], { error: 'Status must be "acknowledged" or "done"' }),
})

/** Empty means "no station". */
const stationName = z.string().trim().max(30, 'A station name has at most 30 characters')

export const kitchenSettingsSchema = z
  .object({
    amberMinutes: z
      .number({ error: 'Minutes must be a whole number from 1 to 240' })
      .int('Minutes must be a whole number from 1 to 240')
      .min(1, 'Minutes must be a whole number from 1 to 240')
      .max(240, 'Minutes must be a whole number from 1 to 240'),
    redMinutes: z
      .number({ error: 'Minutes must be a whole number from 1 to 240' })
      .int('Minutes must be a whole number from 1 to 240')
      .min(1, 'Minutes must be a whole number from 1 to 240')
      .max(240, 'Minutes must be a whole number from 1 to 240'),
    /** Menu category -> station. Categories left out (or empty) belong to no station. */
    stations: z.record(z.string().max(60), stationName),
  })
  .refine((s) => s.redMinutes > s.amberMinutes, {
    path: ['redMinutes'],
    message: 'Red must come after amber',
  })
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>

export const allergenAlertSchema = z.object({
  menuItemName: z.string(),
  allergen: z.string(),
  severity: z.string(),
})
export type AllergenAlert = z.infer<typeof allergenAlertSchema>

export const ticketLineSchema = z.object({
  /** Position in the order's lines; per-line bumps name it. */
  index: z.number(),
  menuItemId: z.number().nullable(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  category: z.string().nullable(),
  station: z.string().nullable(),
  /** Added by an accepted upsell. */
  added: z.boolean(),
  /** Bumped by its station. */
  done: z.boolean(),
  /** The diner's choices ("Spice level: Hot"), in the menu's order; absent on a line without any. */
  options: z.array(z.object({ group: z.string(), name: z.string() })).optional(),
  /** The diner's note on this line. */
  notes: z.string().optional(),
})
export type TicketLine = z.infer<typeof ticketLineSchema>

export const ticketShoutSchema = z.object({
  id: z.number(),
  shoutName: z.string(),
  price: z.number(),
  status: z.string(),
  createdAt: z.string(),
})

export const ticketTipSchema = z.object({
  amount: z.number(),
  message: z.string(),
  createdAt: z.string(),
})

export const cancellationSchema = z.object({
  reason: z.string(),
  note: z.string().nullable(),
  /** Dollars returned to the wallet. */
  refund: z.number(),
  at: z.string(),
})
export type Cancellation = z.infer<typeof cancellationSchema>

export const platformTicketSchema = z.object({
  /** `ubereats`, `doordash`, `grubhub`, `postmates`, `seamless`. */
  platform: z.string(),
  externalId: z.string(),
  /** The platform's short order number when it has one (Uber Eats' display id). */
  displayId: z.string().nullable(),
  customerName: z.string(),
  notes: z.string().nullable(),
  /** While the order is `received`: when the platform stops waiting for an answer. */
  acceptBy: z.string().nullable(),
  /** The public page where the customer watches the order cooked (path), once accepted. */
  watchUrl: z.string().nullable(),
  /** Lines that matched no dish of the menu (by index). */
  unmatchedLines: z.array(z.number()),
  /** Allergy words found in the customer's notes. */
  allergenWords: z.array(z.string()),
  /**
   * After the kitchen cancelled the order: telling the platform is `sending` (with the last
   * failure while it retries), `told`, or `refused` with the platform's reason (the kitchen must
   * then cancel it on the platform's own tablet). Null when the kitchen did not cancel it.
   */
  cancelOnPlatform: z
    .object({ state: z.enum(['sending', 'told', 'refused']), message: z.string().nullable() })
    .nullable()
    .optional(),
})
export type PlatformTicket = z.infer<typeof platformTicketSchema>

export const ticketSchema = z.object({
  id: z.number(),
  status: z.string(),
  progress: z.number(),
  createdAt: z.string(),
  /** When the current status was reached. */
  statusAt: z.string(),
  /** Until when the last bump may be recalled, if it may. */
  recallUntil: z.string().nullable(),
  /** Who on the team made the last status change, if a person did (the ticket's history). */
  lastBy: staffActorSchema.nullable().optional(),
  items: z.array(ticketLineSchema),
  totalPrice: z.number(),
  dinerName: z.string(),
  allergenAlerts: z.array(allergenAlertSchema),
  shouts: z.array(ticketShoutSchema),
  tips: z.array(ticketTipSchema),
  cancellation: cancellationSchema.nullable(),
  /** `clearplate`, or the delivery platform the order came from. */
  source: z.string(),
  fulfilment: z.enum(['delivery', 'pickup']),
  /** What checkout promised: arrival (delivery) or ready time (pickup); null for older orders. */
  promisedAt: z.string().nullable(),
  /** A delivery platform's order: which platform, its order number, what the kitchen must answer and by when. */
  platform: platformTicketSchema.nullable().optional(),
})
export type Ticket = z.infer<typeof ticketSchema>

/** An option of a dish as the console's 86 list shows it, under its group. */
export const kitchenOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  isAvailable: z.boolean(),
})
export type KitchenOption = z.infer<typeof kitchenOptionSchema>

/** A dish as the console's 86 list shows it, with its option groups (each option can be 86'd too). */
export const kitchenDishSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  isAvailable: z.boolean(),
  optionGroups: z.array(
    z.object({ id: z.number(), name: z.string(), options: z.array(kitchenOptionSchema) }),
  ),
})
export type KitchenDish = z.infer<typeof kitchenDishSchema>

/** Finished tickets stay in the console's Recent list this long, and may be recalled from it. */
export const RECENT_WINDOW_MS = 30 * 60_000

/** PUT /api/restaurants/{id}/pause: stop new orders for 10 to 240 minutes, or null to take them again. */
export const pauseSchema = z.object({
  minutes: z
    .number({ error: 'minutes must be a whole number from 10 to 240, or null' })
    .int('minutes must be a whole number from 10 to 240, or null')
    .min(10, 'minutes must be a whole number from 10 to 240, or null')
    .max(240, 'minutes must be a whole number from 10 to 240, or null')
    .nullable(),
})
export const pauseResponse = z.object({ restaurantId: z.number(), pausedUntil: z.string().nullable() })
export type PauseState = z.infer<typeof pauseResponse>

export const kitchenSchema = z.object({
  restaurantId: z.number(),
  restaurantName: z.string(),
  mode: z.enum(KITCHEN_MODES),
  settings: z.object({
    amberMinutes: z.number(),
    redMinutes: z.number(),
    stations: z.record(z.string(), z.string()),
  }),
  /** The menu's categories, for the station map. */
  categories: z.array(z.string()),
  /** Open tickets, oldest first. */
  orders: z.array(ticketSchema),
  /** The caller's role and, for a cook, stations: the console starts on them. */
  access: kitchenAccessSchema.optional(),
  /** Tickets completed or cancelled in the last 30 minutes, newest first. */
  recent: z.array(ticketSchema),
  /** Not taking orders until then; null when taking them. */
  pausedUntil: z.string().nullable(),
  timeZone: z.string(),
  /** The menu, for marking dishes sold out from the line. */
  dishes: z.array(kitchenDishSchema),
})
export type Kitchen = z.infer<typeof kitchenSchema>

export const kitchenModeResponse = z.object({ restaurantId: z.number(), mode: z.enum(KITCHEN_MODES) })

export const lineParams = z.object({
  id: idParam(),
  index: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,2})$/, 'Must be a line number')
    .transform(Number),
})
export const lineBumpSchema = z.object({ done: z.boolean({ error: 'done must be true or false' }) })

/** One name per station, in the order the menu's categories first name them. */
export function stationsOf(settings: Pick<KitchenSettings, 'stations'>): string[] {
  return [...new Set(Object.values(settings.stations))]
}

/** What the open tickets still need, per dish: lines not yet bumped, summed over the tickets. */
export function allDayCounts(
  tickets: Pick<Ticket, 'items' | 'status'>[],
  station?: string,
): { name: string; quantity: number }[] {
  const counts = new Map<string, number>()
  for (const ticket of tickets) {
    if (ticket.status !== 'preparing' && ticket.status !== 'cooking') continue
    for (const line of ticket.items) {
      if (line.done) continue
      if (station && line.station !== station) continue
      // The same dish with other options is cooked differently: counted apart.
      const name = lineWithOptions(line)
      counts.set(name, (counts.get(name) ?? 0) + line.quantity)
    }
  }
  return [...counts]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name))
}

/** The status a bump moves an order to, or undefined when it has none. */
export function nextStatus(status: string): string | undefined {
  const chain = ['preparing', 'cooking', 'plating', 'delivering', 'completed']
  const i = chain.indexOf(status)
  return i >= 0 && i < chain.length - 1 ? chain[i + 1] : undefined
}
