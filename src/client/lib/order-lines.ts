import { toCents, toDollars } from '@shared/money'
import { parseOrderItems } from '@shared/order-lines'
import type { Order } from '@shared/schemas/orders'

/** What every list of an order's lines needs: a name, the unit price in dollars and a quantity. */
export interface PricedLine {
  name: string
  price: number
  quantity: number
  /** The options chosen on the line (its `price` includes them). */
  options?: readonly { name: string }[]
  /** The diner's note for the kitchen. */
  notes?: string
}

/** A line's total in cents: the unit price in cents times the quantity, never a float product. */
export function lineTotalCents(line: Pick<PricedLine, 'price' | 'quantity'>): number {
  return toCents(line.price) * line.quantity
}

/** A line's total in dollars, exact to the cent. */
export function lineTotal(line: Pick<PricedLine, 'price' | 'quantity'>): number {
  return toDollars(lineTotalCents(line))
}

/** "2 x Pad Thai (Hot, Fried egg), 1 x Tiramisu": an order in one line of text. */
export function linesSummary(lines: readonly Pick<PricedLine, 'name' | 'quantity' | 'options'>[]): string {
  return lines
    .map(
      (l) =>
        `${l.quantity} x ${l.options?.length ? `${l.name} (${l.options.map((o) => o.name).join(', ')})` : l.name}`,
    )
    .join(', ')
}

/** An order's lines, their subtotal and the rest of the total (the delivery fee), in dollars. */
export function orderBreakdown(order: Pick<Order, 'items' | 'totalPrice'>) {
  const lines = parseOrderItems(order.items)
  const subtotalCents = lines.reduce((sum, l) => sum + lineTotalCents(l), 0)
  const feeCents = Math.max(0, toCents(order.totalPrice) - subtotalCents)
  return { lines, subtotal: toDollars(subtotalCents), fee: toDollars(feeCents), total: order.totalPrice }
}
