import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import { toDollars } from '../../shared/money'
import { type Bus, CACHE_CHANNEL, userChannel } from '../infra/bus'
import type { Logger } from '../infra/logger'
import type { ReadCache } from '../infra/read-cache'
import { type MovementResult, toWalletTransactionDto } from './wallet.repository'

/** A diner's balance and transactions in the read cache; every wallet movement clears them. */
export const walletCacheKeys = {
  of: (userId: number) => [walletCacheKeys.balance(userId), walletCacheKeys.transactions(userId)],
  balance: (userId: number) => `wallet:${userId}:balance`,
  transactions: (userId: number) => `wallet:${userId}:transactions`,
}

/** Each app's read cache, by its bus: a movement clears this instance's copy before answering. */
const walletCaches = new WeakMap<Bus, ReadCache>()

/** The wallet's reads are served from `cache`: movements published on `bus` clear it. */
export function cacheWalletReads(bus: Bus, cache: ReadCache) {
  walletCaches.set(bus, cache)
}

/** The `wallet` live message: the balance right after this movement, and the movement itself. */
export function walletMessage(movement: MovementResult): ServerMessage {
  return liveMessage.wallet({
    balance: toDollars(movement.balanceCents),
    transaction: toWalletTransactionDto(movement.transaction),
  })
}

/**
 * Clears the diner's cached balance and transactions (here at once, on the other instances through
 * the bus) and tells the diner's live connections, on every instance, that their wallet moved.
 * Call it after the transaction that moved the money has committed: every movement goes through
 * here. Money has moved by then: a bus that is down is logged, never turned into an error.
 */
export async function publishWalletMovement(
  bus: Bus,
  movement: MovementResult | undefined,
  log?: Pick<Logger, 'warn'>,
) {
  if (!movement) return
  const { userId } = movement.transaction
  try {
    const cache = walletCaches.get(bus)
    // Exact keys, confirmed by the broker: a read on another instance right after this answer
    // finds its copy gone.
    const keys = walletCacheKeys.of(userId)
    await (cache ? cache.forget(keys) : bus.publish(CACHE_CHANNEL, { keys }))
    await bus.publish(userChannel(userId), walletMessage(movement))
  } catch (error) {
    log?.warn({ err: error, userId: movement.transaction.userId }, 'could not publish a wallet message')
  }
}
