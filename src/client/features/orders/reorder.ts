import { addToCart } from '@client/lib/cart'
import { parseOrderItems } from '@shared/order-lines'
import type { Order } from '@shared/schemas/orders'

/**
 * Puts a past order's lines back into its restaurant's cart, with their options and notes (lines
 * no longer tied to a dish are left out; a line already in the cart gets the order's quantity on
 * top; the cart sets apart a line whose options no longer fit the menu). Returns the lines added.
 */
export function addOrderToCart(order: Pick<Order, 'restaurantId' | 'items'>): number {
  const lines = parseOrderItems(order.items).filter((l) => l.menuItemId !== undefined)
  for (const line of lines)
    addToCart(
      order.restaurantId,
      {
        menuItemId: line.menuItemId!,
        name: line.name,
        price: line.price,
        ...(line.options?.length
          ? {
              options: line.options.map((o) => ({
                id: o.id,
                group: o.group,
                name: o.name,
                priceDelta: o.priceDelta,
              })),
            }
          : {}),
        ...(line.notes ? { notes: line.notes } : {}),
      },
      line.quantity,
    )
  return lines.length
}
