import { afterEach, describe, expect, it } from 'vitest'
import { addToCart, cartLineKey, cartTotals, clearCart, readCart, setCartQuantity } from './cart'

describe('cart', () => {
  afterEach(() => sessionStorage.clear())

  it('adds the delivery fee of $2.99 to the subtotal of the lines', () => {
    const totals = cartTotals([
      { price: 17, quantity: 2 },
      { price: 4.99, quantity: 1 },
      { price: 0.1, quantity: 3 },
    ])
    expect(totals.subtotal).toBe(39.29)
    expect(totals.deliveryFee).toBe(2.99)
    expect(totals.total).toBe(42.28)
    expect(totals.itemCount).toBe(6)
  })

  it('raises the quantity by one when the same item is added again', () => {
    addToCart(1, { menuItemId: 5, name: 'Margherita Pizza', price: 17 })
    addToCart(1, { menuItemId: 5, name: 'Margherita Pizza', price: 17 })
    addToCart(1, { menuItemId: 6, name: 'Tiramisu', price: 8.99 })
    expect(readCart(1)).toEqual([
      expect.objectContaining({ menuItemId: 5, quantity: 2 }),
      expect.objectContaining({ menuItemId: 6, quantity: 1 }),
    ])
  })

  it('makes the same dish with other options or another note another line, whatever the order of its options', () => {
    const hot = { id: 11, group: 'Spice level', name: 'Hot', priceDelta: 0 }
    const egg = { id: 14, group: 'Extras', name: 'Fried egg', priceDelta: 1.5 }
    const mild = { id: 10, group: 'Spice level', name: 'Mild', priceDelta: 0 }
    addToCart(1, { menuItemId: 5, name: 'Pad Thai', price: 15.5, options: [hot, egg] })
    addToCart(1, { menuItemId: 5, name: 'Pad Thai', price: 15.5, options: [egg, hot] })
    addToCart(1, { menuItemId: 5, name: 'Pad Thai', price: 14, options: [mild] })
    addToCart(1, { menuItemId: 5, name: 'Pad Thai', price: 14, options: [mild], notes: 'no peanuts' })
    expect(readCart(1).map((l) => [l.options?.map((o) => o.name), l.notes, l.quantity])).toEqual([
      [['Hot', 'Fried egg'], undefined, 2],
      [['Mild'], undefined, 1],
      [['Mild'], 'no peanuts', 1],
    ])
    setCartQuantity(1, cartLineKey({ menuItemId: 5, options: [mild] }), 0)
    expect(readCart(1)).toHaveLength(2)
  })

  it('keeps one cart per restaurant in session storage, so a reload keeps it', () => {
    addToCart(1, { menuItemId: 5, name: 'Margherita Pizza', price: 17 })
    addToCart(2, { menuItemId: 40, name: 'Brisket', price: 22 })
    expect(JSON.parse(sessionStorage.getItem('clearplate-cart:1')!)).toHaveLength(1)
    expect(readCart(2)[0]?.name).toBe('Brisket')
    clearCart(1)
    expect(readCart(1)).toEqual([])
    expect(readCart(2)).toHaveLength(1)
  })

  it('removes a line whose quantity drops to zero and caps quantities at 20', () => {
    addToCart(3, { menuItemId: 1, name: 'Ramen', price: 15 }, 19)
    addToCart(3, { menuItemId: 1, name: 'Ramen', price: 15 }, 5)
    expect(readCart(3)[0]?.quantity).toBe(20)
    setCartQuantity(3, cartLineKey({ menuItemId: 1 }), 0)
    expect(readCart(3)).toEqual([])
  })

  it('ignores a damaged stored cart', () => {
    sessionStorage.setItem('clearplate-cart:4', '{not json')
    expect(readCart(4)).toEqual([])
    sessionStorage.setItem(
      'clearplate-cart:4',
      JSON.stringify([{ menuItemId: 1, name: 'x', price: 1, quantity: -2 }]),
    )
    expect(readCart(4)).toEqual([])
  })
})
