import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { menuItemSchema } from '../../shared/schemas/restaurants'
import { orders } from '../db/schema'
import { placeOrder } from '../orders/orders.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { addDish, dish, registerRestaurant } from '../testing/workspace.fixtures'

const app = await buildTestApp()
const menuList = z.array(menuItemSchema.strict())

const readMenu = async (restaurantId: number) =>
  menuList.parse((await app.inject({ url: `/api/restaurants/${restaurantId}/menu` })).json())

describe('adding dishes', () => {
  it('adds a dish in dollars with its allergens, and the public menu shows it at once', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    expect(await readMenu(restaurant.id)).toEqual([])
    const res = await app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurant.id}/menu`,
      headers: owner.headers,
      payload: dish({ allergens: ['Wheat', 'milk', 'wheat'], price: 0.5 }),
    })
    expect(res.statusCode).toBe(201)
    const created = menuItemSchema.strict().parse(res.json())
    expect(created).toMatchObject({
      restaurantId: restaurant.id,
      name: 'Brisket Plate',
      price: 0.5,
      category: 'Mains',
      allergens: ['wheat', 'milk'],
      isAvailable: true,
      image: null,
    })
    expect(await readMenu(restaurant.id)).toEqual([created])
  })

  it.each([
    [{ name: 'A' }, 'name', 'Dish name must be at least 2 characters'],
    [{ name: 'x'.repeat(81) }, 'name', 'Dish name must be at most 80 characters'],
    [{ description: 'x'.repeat(501) }, 'description', 'Description must be at most 500 characters'],
    [{ price: 0.49 }, 'price', 'Price must be between $0.50 and $500.00'],
    [{ price: 500.01 }, 'price', 'Price must be between $0.50 and $500.00'],
    [{ price: 12.345 }, 'price', 'Amounts have at most two decimals'],
    [{ price: '12.50' }, 'price', 'Price must be between $0.50 and $500.00'],
    [{ category: ' ' }, 'category', 'Please name a category'],
    [
      { ingredients: Array.from({ length: 31 }, (_, i) => `thing ${i}`) },
      'ingredients',
      'At most 30 ingredients',
    ],
    [{ ingredients: ['x'.repeat(41)] }, 'ingredients.0', 'Each ingredient is at most 40 characters'],
    [{ allergens: ['peanuts', 'nightshade'] }, 'allergens.1', 'Unknown allergen'],
    [{ image: 'javascript:alert(1)' }, 'image', 'Please provide a valid image address'],
  ])('refuses %o with "%s: %s" and adds nothing', async (overrides, field, message) => {
    const { owner, restaurant } = await registerRestaurant(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurant.id}/menu`,
      headers: owner.headers,
      payload: dish(overrides),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    expect(await readMenu(restaurant.id)).toEqual([])
  })
})

describe('who may change a menu', () => {
  it('answers 401 to a visitor, 403 to another user, and 404 for an unknown dish or restaurant', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const item = await addDish(app, owner, restaurant.id)
    const stranger = await createUser(app)
    const routes = [
      { method: 'POST' as const, url: `/api/restaurants/${restaurant.id}/menu`, payload: dish() },
      { method: 'PATCH' as const, url: `/api/menu-items/${item.id}`, payload: { isAvailable: false } },
      {
        method: 'PUT' as const,
        url: `/api/restaurants/${restaurant.id}/menu/order`,
        payload: [{ category: 'Mains', itemIds: [item.id] }],
      },
      { method: 'DELETE' as const, url: `/api/menu-items/${item.id}` },
    ]
    for (const route of routes) {
      const anonymous = await app.inject(route)
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401)
      const other = await app.inject({ ...route, headers: stranger.headers })
      expect(other.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(other.json()).toEqual({
        message: "Only the restaurant's owner can do this",
        code: 'restaurants.not_owner',
      })
    }
    expect(await readMenu(restaurant.id)).toMatchObject([{ id: item.id, isAvailable: true }])

    const missing = [
      { method: 'POST' as const, url: '/api/restaurants/999999/menu', payload: dish() },
      { method: 'PATCH' as const, url: '/api/menu-items/999999', payload: { name: 'Nothing' } },
      { method: 'DELETE' as const, url: '/api/menu-items/999999' },
    ]
    for (const route of missing)
      expect((await app.inject({ ...route, headers: owner.headers })).statusCode).toBe(404)
  })
})

describe('changing dishes', () => {
  it('marks a dish sold out and back; the public menu keeps it, marked', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const item = await addDish(app, owner, restaurant.id)
    const soldOut = await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${item.id}`,
      headers: owner.headers,
      payload: { isAvailable: false },
    })
    expect(soldOut.statusCode).toBe(200)
    expect(soldOut.json()).toMatchObject({ id: item.id, isAvailable: false, name: 'Brisket Plate' })
    expect(await readMenu(restaurant.id)).toMatchObject([{ id: item.id, isAvailable: false }])
  })

  it('changes any field and keeps the rest; a bad field changes nothing', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const item = await addDish(app, owner, restaurant.id)
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${item.id}`,
      headers: owner.headers,
      payload: { price: 21, allergens: ['sesame'], image: '/images/0123456789abcdef0123456789abcdef.webp' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      price: 21,
      allergens: ['sesame'],
      name: 'Brisket Plate',
      image: '/images/0123456789abcdef0123456789abcdef.webp',
    })
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${item.id}`,
      headers: owner.headers,
      payload: { price: 30, allergens: ['gluten', 'paprika'] },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors['allergens.1']).toBe('Unknown allergen')
    expect(await readMenu(restaurant.id)).toMatchObject([{ price: 21, allergens: ['sesame'] }])
  })

  it.each([[{}], [{ colour: 'red' }]])(
    'answers the unchanged dish to a change of nothing (%o)',
    async (payload) => {
      const { owner, restaurant } = await registerRestaurant(app)
      const item = await addDish(app, owner, restaurant.id)
      const before = await readMenu(restaurant.id)
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/menu-items/${item.id}`,
        headers: owner.headers,
        payload,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(before[0])
      expect(await readMenu(restaurant.id)).toEqual(before)
    },
  )

  it('removes a dish while the orders that have it keep their lines, name and price', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const item = await addDish(app, owner, restaurant.id, { name: 'Burnt Ends', price: 16 })
    const diner = await createUser(app, { balance: 50 })
    // The new restaurant has no location yet, so it takes pickup orders only.
    const order = await placeOrder(app, diner, restaurant.id, [{ menuItemId: item.id, quantity: 2 }], {
      fulfilment: 'pickup',
    })
    const [before] = await app.db.select().from(orders).where(eq(orders.id, order.id))

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/menu-items/${item.id}`,
      headers: owner.headers,
    })
    expect(res.statusCode).toBe(204)
    expect(await readMenu(restaurant.id)).toEqual([])
    const [after] = await app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(after!.items).toEqual(before!.items)
    expect(after!.items).toMatchObject([{ name: 'Burnt Ends', price: 16, quantity: 2 }])
    expect(after!.totalPriceCents).toBe(before!.totalPriceCents)
    const read = await app.inject({ url: `/api/orders/${order.id}`, headers: diner.headers })
    expect(read.statusCode).toBe(200)
    // The order's items are sent as a JSON text, as the spec's client expects.
    const lines = read.json().items
    expect(typeof lines === 'string' ? JSON.parse(lines) : lines).toMatchObject([
      { name: 'Burnt Ends', price: 16, quantity: 2 },
    ])

    const again = await app.inject({
      method: 'DELETE',
      url: `/api/menu-items/${item.id}`,
      headers: owner.headers,
    })
    expect(again.statusCode).toBe(404)
  })
})

describe('ordering the menu', () => {
  it('puts new dishes last in their category and new categories last', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const a = await addDish(app, owner, restaurant.id, { name: 'Brisket', category: 'Mains' })
    const b = await addDish(app, owner, restaurant.id, { name: 'Pecan Pie', category: 'Desserts' })
    const c = await addDish(app, owner, restaurant.id, { name: 'Ribs', category: 'Mains' })
    expect((await readMenu(restaurant.id)).map((m) => m.id)).toEqual([a.id, c.id, b.id])
  })

  it("serves the owner's order of categories and dishes, and renames a category through it", async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const a = await addDish(app, owner, restaurant.id, { name: 'Brisket', category: 'Mains' })
    const b = await addDish(app, owner, restaurant.id, { name: 'Ribs', category: 'Mains' })
    const c = await addDish(app, owner, restaurant.id, { name: 'Pecan Pie', category: 'Desserts' })
    const res = await app.inject({
      method: 'PUT',
      url: `/api/restaurants/${restaurant.id}/menu/order`,
      headers: owner.headers,
      payload: [
        { category: 'Sweet Things', itemIds: [c.id] },
        { category: 'From the Pit', itemIds: [b.id, a.id] },
      ],
    })
    expect(res.statusCode).toBe(200)
    const expected = [
      [c.id, 'Sweet Things'],
      [b.id, 'From the Pit'],
      [a.id, 'From the Pit'],
    ]
    expect(menuList.parse(res.json()).map((m) => [m.id, m.category])).toEqual(expected)
    expect((await readMenu(restaurant.id)).map((m) => [m.id, m.category])).toEqual(expected)
    // A dish added later to an existing category goes last within it, keeping the categories' order.
    const d = await addDish(app, owner, restaurant.id, { name: 'Banana Pudding', category: 'Sweet Things' })
    expect((await readMenu(restaurant.id)).map((m) => m.id)).toEqual([c.id, d.id, b.id, a.id])
  })

  it('refuses an order that leaves out, repeats or borrows a dish, and changes nothing', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const a = await addDish(app, owner, restaurant.id, { name: 'Brisket' })
    const b = await addDish(app, owner, restaurant.id, { name: 'Ribs' })
    const other = await registerRestaurant(app)
    const foreign = await addDish(app, other.owner, other.restaurant.id)
    const attempts: [unknown, number, string][] = [
      [
        [{ category: 'Mains', itemIds: [a.id] }],
        400,
        'The order must list every dish of the menu exactly once',
      ],
      [
        [{ category: 'Mains', itemIds: [a.id, b.id, foreign.id] }],
        400,
        'The order must list every dish of the menu exactly once',
      ],
      [
        [{ category: 'Mains', itemIds: [a.id, foreign.id] }],
        400,
        'The order must list every dish of the menu exactly once',
      ],
      [[{ category: 'Mains', itemIds: [a.id, a.id, b.id] }], 400, 'Each dish appears once'],
      [
        [
          { category: 'Mains', itemIds: [a.id] },
          { category: 'mains', itemIds: [b.id] },
        ],
        400,
        'Each category appears once',
      ],
    ]
    for (const [payload, status, message] of attempts) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/restaurants/${restaurant.id}/menu/order`,
        headers: owner.headers,
        payload: payload as object,
      })
      expect(res.statusCode).toBe(status)
      expect(res.json().message).toBe(message)
    }
    expect((await readMenu(restaurant.id)).map((m) => [m.id, m.category])).toEqual([
      [a.id, 'Mains'],
      [b.id, 'Mains'],
    ])
    expect((await readMenu(other.restaurant.id)).map((m) => m.category)).toEqual(['Mains'])
  })
})
