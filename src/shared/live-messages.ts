import { z } from 'zod'
import { SHOUT_TYPES, TIP_MESSAGE_MAX } from './constants'
import { type ChefShout, chefShoutSchema, upsellOfferSchema } from './schemas/chef'
import { idField, multilineText, singleLineText } from './schemas/common'
import {
  type Cancellation,
  cancellationSchema,
  KITCHEN_MODES,
  type KitchenMode,
  type Ticket,
  ticketSchema,
} from './schemas/kitchen'
import { type Notification, notificationSchema } from './schemas/notifications'
import { telemetrySchema } from './schemas/orders'
import { STAFF_ROLES, type StaffRole } from './schemas/staff'
import { tipSchema, type WalletTransaction, walletTransactionSchema } from './schemas/wallet'

/** Largest live message the server accepts, in bytes. */
export const LIVE_MAX_MESSAGE_BYTES = 4096

/** Messages a client sends on /ws. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), orderId: idField() }),
  z.object({ type: z.literal('unsubscribe'), orderId: idField() }),
  z.object({
    type: z.literal('upsell_response'),
    upsellId: idField(),
    accepted: z.boolean(),
  }),
  z.object({
    type: z.literal('chef_shout'),
    orderId: idField(),
    userId: idField().optional(),
    shoutType: z.enum(SHOUT_TYPES),
    shoutName: singleLineText().max(100).optional(),
    /** Ignored: the server prices shouts. */
    price: z.number().optional(),
  }),
  z.object({
    type: z.literal('chef_tip'),
    orderId: idField(),
    userId: idField().optional(),
    /** The same rule as the REST tip: $0.50 to $100.00, at most two decimals. */
    amount: tipSchema.shape.amount,
    message: multilineText().max(TIP_MESSAGE_MAX).default(''),
    timestamp: z.union([singleLineText().max(64), z.number()]).optional(),
  }),
  z.object({ type: z.literal('ping') }),
  /** The owner's kitchen console: every ticket of the restaurant as it changes. */
  z.object({ type: z.literal('subscribe_kitchen'), restaurantId: idField() }),
  z.object({ type: z.literal('unsubscribe_kitchen'), restaurantId: idField() }),
  /** A restaurant's public page: sold-out dishes and the kitchen's pause as they change. */
  z.object({ type: z.literal('subscribe_restaurant'), restaurantId: idField() }),
  z.object({ type: z.literal('unsubscribe_restaurant'), restaurantId: idField() }),
])
export type ClientMessage = z.input<typeof clientMessageSchema>

/** Messages the server sends. `sentAt` (ms since epoch) lets clients and benchmarks measure latency. */
export type ServerMessage =
  | { type: 'telemetry'; orderId: number; data: z.infer<typeof telemetrySchema>; sentAt: number }
  | {
      type: 'status'
      orderId: number
      status: string
      progress: number
      /** Present when the order was cancelled: why, and what went back to the wallet. */
      cancellation?: Cancellation
      sentAt: number
    }
  | ({ type: 'upsell'; orderId: number; sentAt: number } & z.infer<typeof upsellOfferSchema>)
  /**
   * A paid tip carries its id (the one the REST answer gave its sender) and the sender's user id.
   * A visitor's demo tip (`demo: true`) has neither and goes only to the visitor who sent it.
   */
  | {
      type: 'chef_tip'
      orderId: number
      tipId?: number
      senderId?: number
      amount: number
      message: string
      demo?: boolean
      /** Set on the kitchen console's copy. */
      restaurantId?: number
      sentAt: number
    }
  /** A shout sent on the order, or a change of its status: the whole shout, as the REST list has it. */
  | {
      type: 'chef_shout'
      orderId: number
      shout: ChefShout
      /** Set on the kitchen console's copy. */
      restaurantId?: number
      sentAt: number
    }
  /**
   * To the signed-in diner's own connections only: their wallet moved. `balance` is the balance
   * right after `transaction`; transaction ids grow with every movement of one wallet, so a
   * client keeps the message with the highest id.
   */
  | { type: 'wallet'; balance: number; transaction: WalletTransaction; sentAt: number }
  /** Kitchen console: a ticket created or changed (it leaves the rail once completed or cancelled). */
  | { type: 'kitchen_order'; restaurantId: number; order: Ticket; sentAt: number }
  /** Kitchen console: the diner answered the kitchen's upsell offer. */
  | {
      type: 'upsell_response'
      restaurantId: number
      orderId: number
      upsellId: number
      accepted: boolean
      sentAt: number
    }
  | { type: 'kitchen_mode'; restaurantId: number; mode: KitchenMode; sentAt: number }
  | { type: 'kitchen_subscribed'; restaurantId: number }
  /** Kitchen console: the member's role and stations, on subscribing and whenever they change. */
  | { type: 'kitchen_access'; restaurantId: number; role: StaffRole; stations: string[] }
  /** Kitchen console: the member may no longer see this kitchen; its messages stop here. */
  | { type: 'kitchen_closed'; restaurantId: number; message: string }
  /**
   * A restaurant's page and its kitchen: a dish (or, with `optionId`, one of its options) was sold
   * out ("86'd") or is back.
   */
  | {
      type: 'menu_availability'
      restaurantId: number
      menuItemId: number
      optionId?: number
      isAvailable: boolean
      sentAt: number
    }
  /** A restaurant's page and its kitchen: not taking orders until `pausedUntil`, or taking them (null). */
  | { type: 'restaurant_paused'; restaurantId: number; pausedUntil: string | null; sentAt: number }
  | { type: 'restaurant_subscribed'; restaurantId: number }
  | { type: 'upsell_result'; orderId: number; upsellId: number; accepted: boolean; sentAt: number }
  /** To every socket of the signed-in user it concerns, whatever order they watch. */
  | { type: 'notification'; notification: Notification; unreadCount: number; sentAt: number }
  | { type: 'subscribed'; orderId: number }
  /**
   * The server lost its link to the other instances for a while and may have missed messages of
   * this order: refetch what was shown (shouts, tips, the order). The current status follows.
   */
  | { type: 'resync'; orderId: number; sentAt: number }
  | { type: 'unsubscribed'; orderId: number }
  /** Answers the sender of a chef_shout, chef_tip or upsell_response that succeeded. */
  | {
      type: 'ack'
      request: 'chef_shout' | 'chef_tip' | 'upsell_response'
      orderId?: number
      newBalance?: number
    }
  /** `request` names the client message that failed, when one did. */
  | { type: 'error'; message: string; code?: string; request?: string }
  | { type: 'pong' }

export type ServerMessageType = ServerMessage['type']

const sentAt = z.number()
const id = z.number()

/**
 * The server's messages as a schema: what a client may rely on, and what the builders in
 * `live-message-builders.ts` are checked against. Objects are strict: a field the type does not
 * name is an error.
 */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('telemetry'), orderId: id, data: telemetrySchema, sentAt }),
  z.strictObject({
    type: z.literal('status'),
    orderId: id,
    status: z.string(),
    progress: z.number(),
    cancellation: cancellationSchema.optional(),
    sentAt,
  }),
  z.strictObject({ type: z.literal('upsell'), orderId: id, sentAt, ...upsellOfferSchema.shape }),
  z.strictObject({
    type: z.literal('chef_tip'),
    orderId: id,
    tipId: id.optional(),
    senderId: id.optional(),
    amount: z.number(),
    message: z.string(),
    demo: z.boolean().optional(),
    restaurantId: id.optional(),
    sentAt,
  }),
  z.strictObject({
    type: z.literal('chef_shout'),
    orderId: id,
    shout: chefShoutSchema,
    restaurantId: id.optional(),
    sentAt,
  }),
  z.strictObject({
    type: z.literal('wallet'),
    balance: z.number(),
    transaction: walletTransactionSchema,
    sentAt,
  }),
  z.strictObject({ type: z.literal('kitchen_order'), restaurantId: id, order: ticketSchema, sentAt }),
  z.strictObject({
    type: z.literal('upsell_response'),
    restaurantId: id,
    orderId: id,
    upsellId: id,
    accepted: z.boolean(),
    sentAt,
  }),
  z.strictObject({ type: z.literal('kitchen_mode'), restaurantId: id, mode: z.enum(KITCHEN_MODES), sentAt }),
  z.strictObject({ type: z.literal('kitchen_subscribed'), restaurantId: id }),
  z.strictObject({
    type: z.literal('kitchen_access'),
    restaurantId: id,
    role: z.enum(STAFF_ROLES),
    stations: z.array(z.string()),
  }),
  z.strictObject({ type: z.literal('kitchen_closed'), restaurantId: id, message: z.string() }),
  z.strictObject({
    type: z.literal('menu_availability'),
    restaurantId: id,
    menuItemId: id,
    optionId: id.optional(),
    isAvailable: z.boolean(),
    sentAt,
  }),
  z.strictObject({
    type: z.literal('restaurant_paused'),
    restaurantId: id,
    pausedUntil: z.string().nullable(),
    sentAt,
  }),
  z.strictObject({ type: z.literal('restaurant_subscribed'), restaurantId: id }),
  z.strictObject({
    type: z.literal('upsell_result'),
    orderId: id,
    upsellId: id,
    accepted: z.boolean(),
    sentAt,
  }),
  z.strictObject({
    type: z.literal('notification'),
    notification: notificationSchema,
    unreadCount: z.number(),
    sentAt,
  }),
  z.strictObject({ type: z.literal('subscribed'), orderId: id }),
  z.strictObject({ type: z.literal('resync'), orderId: id, sentAt }),
  z.strictObject({ type: z.literal('unsubscribed'), orderId: id }),
  z.strictObject({
    type: z.literal('ack'),
    request: z.enum(['chef_shout', 'chef_tip', 'upsell_response']),
    orderId: id.optional(),
    newBalance: z.number().optional(),
  }),
  z.strictObject({
    type: z.literal('error'),
    message: z.string(),
    code: z.string().optional(),
    request: z.string().optional(),
  }),
  z.strictObject({ type: z.literal('pong') }),
])
