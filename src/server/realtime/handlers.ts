import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import { toCents, toDollars } from '../../shared/money'
import type { AuthRepository } from '../auth/auth.repository'
import type { Db } from '../db/client'
import type { ConsolePresence } from '../kitchen/console-presence'
import type { KitchenAccessRule } from '../kitchen/kitchen-access'
import { findViewableOrder } from '../orders/order-access'
import type { UpsellsService } from '../upsells/upsells.service'
import type { LiveConnection, MessageHandler, ParsedMessage } from './connection'
import type { Hub } from './hub'
import type { KitchenRooms } from './kitchen-rooms'
import type { LiveRepository } from './live.repository'

export const MAX_SUBSCRIPTIONS = 50
/** Restaurant pages one connection follows at once (a diner has one or two open). */
export const MAX_RESTAURANT_PAGES = 10
const DEMO_TIP_INTERVAL_MS = 3000

export interface MessageHandlerDeps {
  db: Db
  hub: Hub
  kitchens: KitchenRooms
  /** Restaurants' public pages: sold-out dishes and the pause. */
  pages: KitchenRooms
  /** Which restaurants have a console open here (the owner's new-order notice asks). */
  consoles?: Pick<ConsolePresence, 'opened' | 'closed'>
  authRepo: AuthRepository
  live: LiveRepository
  upsells: Pick<UpsellsService, 'openOfferFor'>
  /** The restaurant rule (app.restaurantAccess): who may see a kitchen (`run_kitchen`). */
  access: KitchenAccessRule
  /** The demo world's tip for a visitor who is not signed in; without it, tips are REST only. */
  demoTip?: DemoTip
}

/** What a visitor's demo tip shows them (only them): no money moves. */
export type DemoTip = (input: { orderId: number; amount: number; message: string }) => ServerMessage

type Message<T extends ParsedMessage['type']> = Extract<ParsedMessage, { type: T }>

/**
 * What the live channel does with each client message: subscribe and unsubscribe, and a visitor's
 * demo tip. Paid actions are refused here: they go through the REST routes.
 */
export function createMessageHandler({
  db,
  hub,
  kitchens,
  pages,
  consoles,
  authRepo,
  live,
  upsells,
  access,
  demoTip,
}: MessageHandlerDeps): MessageHandler {
  /**
   * Only the restaurant's team sees its kitchen (the restaurant rule's `run_kitchen`); anyone
   * else gets an error and nothing of it. The member is told their role and stations.
   */
  async function subscribeKitchen(connection: LiveConnection, restaurantId: number) {
    const user = await signedInUser(connection)
    const member = user
      ? await access(restaurantId, user.id, 'run_kitchen').catch(() => undefined)
      : undefined
    if (!member)
      return connection.error("Only this restaurant's team can open its kitchen", {
        code: 'forbidden',
        request: 'subscribe_kitchen',
      })
    if (!connection.kitchens.has(restaurantId)) {
      connection.kitchens.add(restaurantId)
      consoles?.opened(restaurantId)
      await kitchens.join(restaurantId, connection)
    }
    connection.sendMessage(liveMessage.kitchenSubscribed(restaurantId))
    connection.sendMessage(
      liveMessage.kitchenAccess({ restaurantId, role: member.role, stations: member.stations }),
    )
  }

  /** Anyone may follow a restaurant's page: what it says is public. */
  async function subscribeRestaurant(connection: LiveConnection, restaurantId: number) {
    if (!connection.restaurants.has(restaurantId)) {
      if (connection.restaurants.size >= MAX_RESTAURANT_PAGES)
        return connection.error(`Follow at most ${MAX_RESTAURANT_PAGES} restaurants at once`, {
          request: 'subscribe_restaurant',
        })
      if (!(await live.restaurantOwner(restaurantId)))
        return connection.error('No such restaurant', { code: 'not_found', request: 'subscribe_restaurant' })
      connection.restaurants.add(restaurantId)
      await pages.join(restaurantId, connection)
    }
    connection.sendMessage(liveMessage.restaurantSubscribed(restaurantId))
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
    if (!demoTip || (await signedInUser(connection)))
      return restOnly(connection, 'chef_tip', 'Tips from a wallet')
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
      demoTip({
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
        if (connection.kitchens.delete(message.restaurantId)) consoles?.closed(message.restaurantId)
        kitchens.leave(message.restaurantId, connection)
        return
      case 'subscribe_restaurant':
        return subscribeRestaurant(connection, message.restaurantId)
      case 'unsubscribe_restaurant':
        connection.restaurants.delete(message.restaurantId)
        pages.leave(message.restaurantId, connection)
        return
    }
  }
}

/**
 * A member's place changed (role, stations, removed): each of their consoles of that restaurant
 * on this instance is asked the restaurant rule again. One that may no longer see the kitchen
 * leaves its room and is told so (`kitchen_closed`); one that still may is told its role and
 * stations now (`kitchen_access`), which narrows what a cook's console lets them bump.
 */
export async function recheckKitchen(
  deps: Pick<MessageHandlerDeps, 'access' | 'kitchens' | 'consoles'>,
  connection: LiveConnection,
  restaurantId: number,
): Promise<void> {
  const userId = connection.userId
  if (userId === undefined || !connection.kitchens.has(restaurantId)) return
  const member = await deps.access(restaurantId, userId, 'run_kitchen').catch(() => undefined)
  if (!connection.kitchens.has(restaurantId)) return
  if (!member) {
    if (connection.kitchens.delete(restaurantId)) deps.consoles?.closed(restaurantId)
    deps.kitchens.leave(restaurantId, connection)
    connection.sendMessage(
      liveMessage.kitchenClosed({
        restaurantId,
        message: 'You are no longer on the staff of this restaurant',
      }),
    )
    return
  }
  connection.sendMessage(
    liveMessage.kitchenAccess({ restaurantId, role: member.role, stations: member.stations }),
  )
}
