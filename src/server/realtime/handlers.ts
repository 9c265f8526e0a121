import { eq } from 'drizzle-orm'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import { toCents, toDollars } from '../../shared/money'
import type { AuthRepository } from '../auth/auth.service'
import { demoTipMessage } from '../chef/chef.service'
import type { Db } from '../db/client'
import { restaurants } from '../db/schema'
import { findViewableOrder } from '../orders/order-access'
import type { UpsellsService } from '../upsells/upsells.service'
import type { LiveConnection, MessageHandler, ParsedMessage } from './connection'
import type { Hub } from './hub'
import type { KitchenRooms } from './kitchen-rooms'
import type { LiveRepository } from './live.repository'

export const MAX_SUBSCRIPTIONS = 50
const DEMO_TIP_INTERVAL_MS = 3000

export interface MessageHandlerDeps {
  db: Db
  hub: Hub
  kitchens: KitchenRooms
  authRepo: AuthRepository
  live: LiveRepository
  upsells: Pick<UpsellsService, 'openOfferFor'>
}

type Message<T extends ParsedMessage['type']> = Extract<ParsedMessage, { type: T }>

/**
 * What the live channel does with each client message: subscribe and unsubscribe, and a visitor's
 * demo tip. Paid actions are refused here: they go through the REST routes.
 */
export function createMessageHandler({
  db,
  hub,
  kitchens,
  authRepo,
  live,
  upsells,
}: MessageHandlerDeps): MessageHandler {
  /** Only the restaurant's owner sees its kitchen; anyone else gets an error and nothing of it. */
  async function subscribeKitchen(connection: LiveConnection, restaurantId: number) {
    const user = await signedInUser(connection)
    const [restaurant] = await db
      .select({ ownerId: restaurants.ownerId })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
    if (!user || !restaurant || restaurant.ownerId !== user.id)
      return connection.error('Only the owner of this restaurant can open its kitchen', {
        code: 'forbidden',
        request: 'subscribe_kitchen',
      })
    if (!connection.kitchens.has(restaurantId)) {
      connection.kitchens.add(restaurantId)
      await kitchens.join(restaurantId, connection)
    }
    connection.sendMessage(liveMessage.kitchenSubscribed(restaurantId))
  }

  async function subscribe(connection: LiveConnection, orderId: number) {
    const user = await connection.user
    if (!connection.orders.has(orderId) && connection.orders.size >= MAX_SUBSCRIPTIONS) {
      return connection.error(`Watch at most ${MAX_SUBSCRIPTIONS} orders at once`, { request: 'subscribe' })
    }
    // A crowd on the showcase joins its open room without a database read each (the room is
    // open, so the diner given here is not used).
    if (hub.isPublic(orderId)) return join(connection, orderId, { dinerId: 0, isPublic: true })
    const order = await findViewableOrder(db, user?.id, orderId)
    if (!order)
      return connection.error('You cannot watch this order', { code: 'forbidden', request: 'subscribe' })
    // An offer still unanswered is shown again to its diner while the dish cooks.
    const upsell = await upsells.openOfferFor(order, user?.id)
    return join(connection, orderId, { dinerId: order.userId, isPublic: order.isShowcase }, upsell)
  }

  async function join(
    connection: LiveConnection,
    orderId: number,
    room: { dinerId: number; isPublic: boolean },
    upsell?: ServerMessage,
  ) {
    await hub.join(orderId, connection, {
      ...room,
      load: () => live.loadSnapshot(orderId),
      onJoined: (snapshot) => {
        connection.orders.add(orderId)
        connection.sendMessage(liveMessage.subscribed(orderId))
        if (snapshot.status) connection.send(snapshot.status)
        if (snapshot.telemetry) connection.send(snapshot.telemetry)
        if (upsell) connection.sendMessage(upsell)
      },
    })
  }

  /** The signed-in user, checked again against the session that still exists. */
  async function signedInUser(connection: LiveConnection) {
    if (!connection.sessionToken) return undefined
    return authRepo.userForSession(connection.sessionToken)
  }

  /**
   * Money moves through one door: the REST routes, with their Idempotency-Key. The live channel
   * refuses paid shouts, paid tips and upsell answers (docs/decisions/009-one-money-door.md).
   */
  function restOnly(connection: LiveConnection, request: ParsedMessage['type'], what: string) {
    connection.error(`${what} go through the API (with an Idempotency-Key), not the live channel`, {
      code: 'rest_only',
      request,
    })
  }

  /** Only the demo tip of a visitor who is not signed in: no money moves, only they see it. */
  async function chefTip(connection: LiveConnection, message: Message<'chef_tip'>) {
    if (await signedInUser(connection)) return restOnly(connection, 'chef_tip', 'Tips from a wallet')
    if (!connection.orders.has(message.orderId)) {
      return connection.error('Watch this order before sending a demo tip', {
        code: 'forbidden',
        request: 'chef_tip',
      })
    }
    const now = Date.now()
    if (now - connection.lastDemoTip < DEMO_TIP_INTERVAL_MS) {
      return connection.error('Please wait a moment before sending another tip', {
        code: 'rate_limited',
        request: 'chef_tip',
      })
    }
    connection.lastDemoTip = now
    // The amount's range and decimals are checked by the message schema.
    connection.sendMessage(
      demoTipMessage({
        orderId: message.orderId,
        amount: toDollars(toCents(message.amount)),
        message: message.message,
      }),
    )
    connection.sendMessage(liveMessage.ack({ request: 'chef_tip', orderId: message.orderId }))
  }

  return async (connection, message) => {
    switch (message.type) {
      case 'ping':
        return connection.sendMessage(liveMessage.pong())
      case 'subscribe':
        return subscribe(connection, message.orderId)
      case 'unsubscribe':
        connection.orders.delete(message.orderId)
        hub.leave(message.orderId, connection)
        return connection.sendMessage(liveMessage.unsubscribed(message.orderId))
      case 'chef_shout':
        return restOnly(connection, 'chef_shout', 'Chef shouts')
      case 'chef_tip':
        return chefTip(connection, message)
      case 'upsell_response':
        return restOnly(connection, 'upsell_response', 'Answers to offers')
      case 'subscribe_kitchen':
        return subscribeKitchen(connection, message.restaurantId)
      case 'unsubscribe_kitchen':
        connection.kitchens.delete(message.restaurantId)
        kitchens.leave(message.restaurantId, connection)
        return
    }
  }
}
