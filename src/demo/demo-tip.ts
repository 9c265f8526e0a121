import { invalidTip } from '../server/chef/chef.errors'
import { TIP_LIMITS_CENTS, TIP_MESSAGE_MAX } from '../shared/constants'
import { liveMessage } from '../shared/live-message-builders'
import type { ServerMessage } from '../shared/live-messages'

/**
 * The demo tip of a visitor who is not signed in: no money moves, and only that visitor sees it
 * (no other screen shows a tip nobody paid).
 */
export function demoTipMessage(input: { orderId: number; amount: number; message: string }): ServerMessage {
  const amount = Math.round(input.amount * 100) / 100
  if (!Number.isFinite(amount) || amount <= 0 || amount > TIP_LIMITS_CENTS.max / 100) throw invalidTip()
  return liveMessage.chefTip({
    orderId: input.orderId,
    amount,
    message: input.message.trim().slice(0, TIP_MESSAGE_MAX),
    demo: true,
  })
}
