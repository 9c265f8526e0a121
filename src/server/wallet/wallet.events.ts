import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import { toDollars } from '../../shared/money'
import { type Bus, userChannel } from '../infra/bus'
import { type MovementResult, toWalletTransactionDto } from './wallet.repository'

interface Logger {
  warn(obj: object, message: string): void
}

/** The `wallet` live message: the balance right after this movement, and the movement itself. */
export function walletMessage(movement: MovementResult): ServerMessage {
  return liveMessage.wallet({
    balance: toDollars(movement.balanceCents),
    transaction: toWalletTransactionDto(movement.transaction),
  })
}

/**
 * Tells the diner's live connections, on every instance, that their wallet moved. Call it after
 * the transaction that moved the money has committed. Money has moved by then: a bus that is down
 * is logged, never turned into an error.
 */
export async function publishWalletMovement(bus: Bus, movement: MovementResult | undefined, log?: Logger) {
  if (!movement) return
  try {
    await bus.publish(userChannel(movement.transaction.userId), walletMessage(movement))
  } catch (error) {
    log?.warn({ err: error, userId: movement.transaction.userId }, 'could not publish a wallet message')
  }
}
