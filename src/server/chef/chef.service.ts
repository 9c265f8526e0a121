import type { SQLWrapper } from 'drizzle-orm'
import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import type { ChefShout } from '../../shared/schemas/chef'
import type { Db } from '../db/client'
import { type Bus, orderChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { ReadCache } from '../infra/read-cache'
import type { NotificationsService } from '../notifications/notifications.service'
import { orderFacts, shoutAcknowledgedNotice } from '../notifications/order-notices'
import { shoutNotFound, shoutStatusConflict } from './chef.errors'
import { type ChefShoutRow, createChefRepository } from './chef.repository'
import { createChefPayments } from './chef-payments'
import { createShoutList, toChefShoutDto } from './shout-list'

export type { ChefShoutResult, TipResult } from './chef-payments'
export { CHEF_SCOPES, shoutsAreOpen, TIP_WINDOW_AFTER_DELIVERY_MS } from './chef-payments'
export { chefShoutsCacheKey, toChefShoutDto } from './shout-list'
export type { ChefShoutRow }

/** Where a shout goes once sent: the kitchen acknowledges it, then marks it done. */
export type ShoutAnswer = 'acknowledged' | 'done'

/**
 * Chef shouts from sending to done, and tips. A shout is created here (paid, over REST) and
 * advanced here (pending -> acknowledged -> done), whether the kitchen console answers it or the
 * demo's autopilot does; every change reaches the order's viewers as a `chef_shout` message and
 * the kitchen console through `onOrderChanged`, and an acknowledgement becomes the diner's notice.
 * Its use cases live beside it: the shout list its readers see (`shout-list.ts`) and what a diner
 * pays for, shouts and tips (`chef-payments.ts`); answering shouts is here.
 */
export function createChefService(deps: {
  db: Db
  bus: Bus
  /** Where each order's shout list is kept between changes. */
  cache: ReadCache
  notifications: NotificationsService
  log?: Pick<Logger, 'warn' | 'error'>
  /** The platform's share of food sales; shouts and tips pay no commission. */
  commissionPercent?: number
  /** Called after a shout, a shout's answer or a paid tip was published (the kitchen console's feed). */
  onOrderChanged?: (orderId: number, message: ServerMessage) => Promise<unknown>
}) {
  const { db, bus, cache, notifications, log, onOrderChanged, commissionPercent } = deps
  const moneyDeps = { db, bus, log, commissionPercent }

  const shoutList = createShoutList({ db, cache, log })
  const { forgetShouts } = shoutList

  /** Money has moved by now: a bus that is down must not turn the answer into an error. */
  async function publish(orderId: number, message: ServerMessage) {
    try {
      await bus.publish(orderChannel(orderId), message)
      if (onOrderChanged && !(message.type === 'chef_tip' && message.demo))
        await onOrderChanged(orderId, message)
    } catch (error) {
      log?.warn({ err: error, orderId, type: message.type }, 'could not publish a live message')
    }
  }

  /** Tells viewers and consoles of each changed shout, and each acknowledged shout's diner. */
  async function shoutsChanged(changed: ChefShoutRow[], acknowledged: ChefShoutRow[]) {
    await forgetShouts(changed.map((row) => row.orderId))
    const sentAt = Date.now()
    await Promise.all(
      changed.map((row) =>
        publish(
          row.orderId,
          liveMessage.chefShout({ orderId: row.orderId, shout: toChefShoutDto(row) }, sentAt),
        ),
      ),
    )
    for (const row of acknowledged) {
      try {
        const facts = await orderFacts(db, row.orderId)
        if (facts) await notifications.send(shoutAcknowledgedNotice(facts, row.shoutName))
      } catch (err) {
        log?.error({ err, orderId: row.orderId }, 'could not notify the diner')
      }
    }
  }

  const repo = createChefRepository(db)
  const payments = createChefPayments({ money: moneyDeps, forgetShouts, publish })

  return {
    listShoutsFor: shoutList.listShoutsFor,
    ...payments,

    /** The order a shout was sent on; undefined when there is no such shout. */
    async shoutOrder(shoutId: number): Promise<number | undefined> {
      return repo.shoutOrder(shoutId)
    },

    /**
     * Answers one shout: `acknowledged` from pending, `done` from pending or acknowledged; 409 when
     * it has moved on already. Who may answer is the caller's check (the kitchen's owner).
     */
    async answerShout(shoutId: number, status: ShoutAnswer): Promise<ChefShout> {
      const allowedFrom: ChefShoutRow['status'][] =
        status === 'acknowledged' ? ['pending'] : ['pending', 'acknowledged']
      const row = await repo.moveShout(shoutId, status, allowedFrom)
      if (!row) throw (await repo.shoutExists(shoutId)) ? shoutStatusConflict() : shoutNotFound()
      await shoutsChanged([row], status === 'acknowledged' ? [row] : [])
      return toChefShoutDto(row)
    },

    /**
     * Answers, on time, the shouts of the orders `orderIds` selects: acknowledged once sent before
     * `acknowledgeBefore`, done once sent before `doneBefore` (the demo's autopilot kitchens).
     */
    async answerShoutsSentBefore(input: {
      orderIds: SQLWrapper | number[]
      acknowledgeBefore: Date
      doneBefore: Date
      at: Date
    }): Promise<void> {
      const advance = (from: 'pending' | 'acknowledged', to: 'acknowledged' | 'done', sentBefore: Date) =>
        repo.moveShoutsSentBefore({ orderIds: input.orderIds, from, to, sentBefore, at: input.at })
      const acknowledged = await advance('pending', 'acknowledged', input.acknowledgeBefore)
      const done = await advance('acknowledged', 'done', input.doneBefore)
      // A shout acknowledged and done in one pass is told once, as done.
      const changed = [...acknowledged.filter((a) => !done.some((d) => d.id === a.id)), ...done]
      await shoutsChanged(changed, acknowledged)
    },
  }
}
export type ChefService = ReturnType<typeof createChefService>
