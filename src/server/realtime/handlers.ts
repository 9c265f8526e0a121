import type { ServerMessage } from '../../shared/live-messages'
import { toCents, toDollars } from '../../shared/money'
import type { AuthRepository } from '../auth/auth.service'
import type { ChefService } from '../chef/chef.service'
import type { Db } from '../db/client'
import { findViewableOrder } from '../orders/order-access'
import type { LiveConnection, MessageHandler, ParsedMessage } from './connection'
import type { Hub } from './hub'
import type { LiveRepository } from './live.repository'

export const MAX_SUBSCRIPTIONS = 50
const DEMO_TIP_INTERVAL_MS = 3000

export interface MessageHandlerDeps {
  db: Db
  hub: Hub
  chef: ChefService
  authRepo: AuthRepository
  live: LiveRepository
}

type Message<T extends ParsedMessage['type']> = Extract<ParsedMessage, { type: T }>

/**
 * What the live channel does with each client message: subscribe and unsubscribe, and a signed-in
 * diner's chef shouts, tips and upsell answers.
 */
export function createMessageHandler({ db, hub, chef, authRepo, live }: MessageHandlerDeps): MessageHandler {
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
    // An offer still unanswered is shown again to its diner only while the dish cooks: from
    // plating on it can no longer be added.
    const upsell =
      user && user.id === order.userId && !order.isShowcase && order.status === 'cooking'
        ? await live.pendingUpsell(orderId)
        : undefined
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
        connection.sendMessage({ type: 'subscribed', orderId })
        if (snapshot.status) connection.send(snapshot.status)
        if (snapshot.telemetry) connection.send(snapshot.telemetry)
        if (upsell) connection.sendMessage(upsell)
      },
    })
  }

  /** The signed-in user, checked again: money moves only for a session that still exists. */
  async function signedInUser(connection: LiveConnection) {
    if (!connection.sessionToken) return undefined
    return authRepo.userForSession(connection.sessionToken)
  }

  async function chefShout(connection: LiveConnection, message: Message<'chef_shout'>) {
    const user = await signedInUser(connection)
    if (!user)
      return connection.error('Sign in to send a chef shout', { code: 'unauthorized', request: 'chef_shout' })
    const shout = await chef.sendShout({
      userId: user.id,
      orderId: message.orderId,
      shoutType: message.shoutType,
    })
    connection.sendMessage({
      type: 'ack',
      request: 'chef_shout',
      orderId: message.orderId,
      newBalance: shout.newBalance,
    })
  }

  async function chefTip(connection: LiveConnection, message: Message<'chef_tip'>) {
    // The amount's range and decimals are checked by the message schema.
    const amountCents = toCents(message.amount)
    const user = await signedInUser(connection)
    if (user) {
      const result = await chef.tip({
        userId: user.id,
        orderId: message.orderId,
        amountCents,
        message: message.message,
      })
      return connection.sendMessage({
        type: 'ack',
        request: 'chef_tip',
        orderId: message.orderId,
        newBalance: result.newBalance,
      })
    }
    // A visitor's demo tip: no money moves, and only the viewers of an order they watch see it.
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
    await chef.demoTip({
      orderId: message.orderId,
      amount: toDollars(amountCents),
      message: message.message,
    })
    connection.sendMessage({ type: 'ack', request: 'chef_tip', orderId: message.orderId })
  }

  async function upsellResponse(connection: LiveConnection, message: Message<'upsell_response'>) {
    const user = await signedInUser(connection)
    if (!user)
      return connection.error('Sign in to answer an offer', {
        code: 'unauthorized',
        request: 'upsell_response',
      })
    const result = await chef.respondToUpsell({
      userId: user.id,
      upsellId: message.upsellId,
      accepted: message.accepted,
    })
    connection.sendMessage({
      type: 'ack',
      request: 'upsell_response',
      orderId: result.order?.id,
      newBalance: result.newBalance,
    })
  }

  return async (connection, message) => {
    switch (message.type) {
      case 'ping':
        return connection.sendMessage({ type: 'pong' })
      case 'subscribe':
        return subscribe(connection, message.orderId)
      case 'unsubscribe':
        connection.orders.delete(message.orderId)
        hub.leave(message.orderId, connection)
        return connection.sendMessage({ type: 'unsubscribed', orderId: message.orderId })
      case 'chef_shout':
        return chefShout(connection, message)
      case 'chef_tip':
        return chefTip(connection, message)
      case 'upsell_response':
        return upsellResponse(connection, message)
    }
  }
}
