import { eq } from 'drizzle-orm'
import { cancelReasonLabel } from '../../shared/cancel-reasons'
import type { Fulfilment } from '../../shared/constants'
import { formatMoney, toDollars } from '../../shared/money'
import type { Tx } from '../db/client'
import { orders, restaurants } from '../db/schema'
import type { NotificationInput } from './notifications.service'

const number = (id: number) => `#${String(id).padStart(4, '0')}`

export interface OrderFacts {
  id: number
  userId: number
  isShowcase: boolean
  fulfilment: Fulfilment
  restaurantName: string
}

/** Who an order's notices go to, and what they need to say; none for the showcase order. */
export async function orderFacts(tx: Tx, orderId: number): Promise<OrderFacts | undefined> {
  const [row] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      isShowcase: orders.isShowcase,
      fulfilment: orders.fulfilment,
      restaurantName: restaurants.name,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId))
  if (!row || row.isShowcase) return undefined
  return { ...row, fulfilment: row.fulfilment === 'pickup' ? 'pickup' : 'delivery' }
}

/** The notice for an order reaching `status`; none for the step the diner took themselves (placing it). */
export function statusNotice(
  order: OrderFacts,
  status: string,
  reason?: string | null,
): NotificationInput | undefined {
  const n = number(order.id)
  const pickup = order.fulfilment === 'pickup'
  const texts: Record<string, [string, string] | undefined> = {
    cooking: [`Order ${n} is cooking`, `${order.restaurantName} has started cooking your order.`],
    plating: [`Order ${n} is being plated`, 'Almost there: the kitchen is plating your order.'],
    delivering: pickup
      ? [`Order ${n} is ready for pickup`, `Collect it at ${order.restaurantName}.`]
      : [`Order ${n} is out for delivery`, 'Your order has left the kitchen and is on its way.'],
    completed: pickup
      ? [`Order ${n} picked up`, 'Enjoy your meal! You can rate it for the next 14 days.']
      : [`Order ${n} delivered`, 'Enjoy your meal! You can rate it for the next 14 days.'],
    cancelled: [
      `Order ${n} was cancelled`,
      reason === 'diner_request'
        ? 'You cancelled it.'
        : reason
          ? `${order.restaurantName} cancelled it: ${cancelReasonLabel(reason).toLowerCase()}.`
          : `${order.restaurantName} cancelled it.`,
    ],
  }
  const text = texts[status]
  if (!text) return undefined
  return { userId: order.userId, kind: 'status', orderId: order.id, status, title: text[0], body: text[1] }
}

export function shoutAcknowledgedNotice(order: OrderFacts, shoutName: string): NotificationInput {
  return {
    userId: order.userId,
    kind: 'shout_acknowledged',
    orderId: order.id,
    title: 'The chef heard your shout',
    body: `“${shoutName}” on order ${number(order.id)} was acknowledged by the kitchen.`,
  }
}

export function upsellOfferedNotice(
  order: OrderFacts,
  item: { name: string; priceCents: number },
): NotificationInput {
  return {
    userId: order.userId,
    kind: 'upsell_offered',
    orderId: order.id,
    title: `An add-on for order ${number(order.id)}`,
    body: `The kitchen suggests ${item.name} for ${formatMoney(toDollars(item.priceCents))}.`,
  }
}

export function refundNotice(order: OrderFacts, cents: number): NotificationInput {
  return {
    userId: order.userId,
    kind: 'refund',
    orderId: order.id,
    title: `Refund for order ${number(order.id)}`,
    body: `${formatMoney(toDollars(cents))} went back to your wallet.`,
  }
}

/** An order holds dishes that list allergens of the diner's profile. */
export function allergenWarningNotice(
  order: OrderFacts,
  matches: Array<{ dish: string; allergen: string }>,
): NotificationInput {
  const listed = matches.map((m) => `${m.dish} (${m.allergen})`)
  const shown = listed.length > 3 ? [...listed.slice(0, 3), `${listed.length - 3} more`] : listed
  return {
    userId: order.userId,
    kind: 'allergen_warning',
    orderId: order.id,
    title: `Allergen warning on order ${number(order.id)}`,
    body: `It holds ${shown.join(', ')}, on your allergen profile. Check with ${order.restaurantName} before eating.`,
  }
}
