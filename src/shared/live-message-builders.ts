/**
 * One builder for each message the server sends on the live channel: every `status`,
 * `telemetry`, `upsell`, `chef_shout`... the server publishes or sends is made here, typed by
 * the `ServerMessage` union, and each builder's output is checked against `serverMessageSchema`
 * (live-message-builders.test.ts). `sentAt` defaults to now.
 */
import type { ServerMessage, ServerMessageType } from './live-messages'

type Message<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>
/** What a caller gives: the message without its type and time. */
type Body<T extends ServerMessageType> = Omit<Message<T>, 'type' | 'sentAt'>

export const liveMessage = {
  telemetry: (body: Body<'telemetry'>, sentAt = Date.now()): Message<'telemetry'> => ({
    type: 'telemetry',
    ...body,
    sentAt,
  }),
  status: (body: Body<'status'>, sentAt = Date.now()): Message<'status'> => ({
    type: 'status',
    ...body,
    sentAt,
  }),
  upsell: (body: Body<'upsell'>, sentAt = Date.now()): Message<'upsell'> => ({
    type: 'upsell',
    ...body,
    sentAt,
  }),
  upsellResult: (body: Body<'upsell_result'>, sentAt = Date.now()): Message<'upsell_result'> => ({
    type: 'upsell_result',
    ...body,
    sentAt,
  }),
  /** The kitchen console's copy of an upsell answer. */
  upsellResponse: (body: Body<'upsell_response'>, sentAt = Date.now()): Message<'upsell_response'> => ({
    type: 'upsell_response',
    ...body,
    sentAt,
  }),
  chefShout: (body: Body<'chef_shout'>, sentAt = Date.now()): Message<'chef_shout'> => ({
    type: 'chef_shout',
    ...body,
    sentAt,
  }),
  chefTip: (body: Body<'chef_tip'>, sentAt = Date.now()): Message<'chef_tip'> => ({
    type: 'chef_tip',
    ...body,
    sentAt,
  }),
  wallet: (body: Body<'wallet'>, sentAt = Date.now()): Message<'wallet'> => ({
    type: 'wallet',
    ...body,
    sentAt,
  }),
  notification: (body: Body<'notification'>, sentAt = Date.now()): Message<'notification'> => ({
    type: 'notification',
    ...body,
    sentAt,
  }),
  kitchenOrder: (body: Body<'kitchen_order'>, sentAt = Date.now()): Message<'kitchen_order'> => ({
    type: 'kitchen_order',
    ...body,
    sentAt,
  }),
  kitchenMode: (body: Body<'kitchen_mode'>, sentAt = Date.now()): Message<'kitchen_mode'> => ({
    type: 'kitchen_mode',
    ...body,
    sentAt,
  }),
  resync: (orderId: number, sentAt = Date.now()): Message<'resync'> => ({ type: 'resync', orderId, sentAt }),
  subscribed: (orderId: number): Message<'subscribed'> => ({ type: 'subscribed', orderId }),
  unsubscribed: (orderId: number): Message<'unsubscribed'> => ({ type: 'unsubscribed', orderId }),
  kitchenSubscribed: (restaurantId: number): Message<'kitchen_subscribed'> => ({
    type: 'kitchen_subscribed',
    restaurantId,
  }),
  kitchenAccess: (body: Body<'kitchen_access'>): Message<'kitchen_access'> => ({
    type: 'kitchen_access',
    ...body,
  }),
  kitchenClosed: (body: Body<'kitchen_closed'>): Message<'kitchen_closed'> => ({
    type: 'kitchen_closed',
    ...body,
  }),
  menuAvailability: (body: Body<'menu_availability'>, sentAt = Date.now()): Message<'menu_availability'> => ({
    type: 'menu_availability',
    ...body,
    sentAt,
  }),
  restaurantPaused: (body: Body<'restaurant_paused'>, sentAt = Date.now()): Message<'restaurant_paused'> => ({
    type: 'restaurant_paused',
    ...body,
    sentAt,
  }),
  restaurantSubscribed: (restaurantId: number): Message<'restaurant_subscribed'> => ({
    type: 'restaurant_subscribed',
    restaurantId,
  }),
  ack: (body: Body<'ack'>): Message<'ack'> => ({ type: 'ack', ...body }),
  error: (message: string, extra: { code?: string; request?: string } = {}): Message<'error'> => ({
    type: 'error',
    message,
    ...extra,
  }),
  pong: (): Message<'pong'> => ({ type: 'pong' }),
}
