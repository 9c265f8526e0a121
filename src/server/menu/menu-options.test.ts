import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ServerMessage } from '../../shared/live-messages'
import { parseOrderItems } from '../../shared/order-lines'
import { kitchenSchema, type Ticket } from '../../shared/schemas/kitchen'
import { menuItemSchema } from '../../shared/schemas/restaurants'
import { upsells } from '../db/schema'
import { connectViewer, liveUrl, setAllergenProfile, type Viewer } from '../realtime/live.fixtures'
import { balanceCents, buildTestApp, createUser, type TestUser } from '../testing/build-test-app'
import { dish, registerRestaurant } from '../testing/workspace.fixtures'

const app = await buildTestApp()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)
const viewers: Viewer[] = []
afterAll(async () => {
  for (const viewer of viewers) await viewer.close()
  await app.close()
})

const menuList = z.array(menuItemSchema.strict())
const readMenu = async (restaurantId: number) =>
  menuList.parse((await app.inject({ url: `/api/restaurants/${restaurantId}/menu` })).json())

const padThaiGroups = [
  {
    name: 'Spice level',
    required: true,
    max: 1,
    options: [{ name: 'Mild' }, { name: 'Hot' }, { name: 'Thai hot', priceDelta: 0.5 }],
  },
  {
    name: 'Extras',
    max: 3,
    options: [
      { name: 'Fried egg', priceDelta: 1.5, allergens: ['eggs'] },
      { name: 'Crushed peanuts', priceDelta: 0.75, allergens: ['Peanuts'] },
      { name: 'Tofu', priceDelta: 2, allergens: ['soy'] },
      { name: 'Lime' },
    ],
  },
]

const owners = new Map<number, TestUser>()
const ownerOf = async (restaurantId: number) => owners.get(restaurantId)!

/** A live restaurant whose Pad Thai has a required spice level and up to three extras. */
async function padThaiKitchen() {
  const { owner, restaurant } = await registerRestaurant(app)
  owners.set(restaurant.id, owner)
  const add = async (payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurant.id}/menu`,
      headers: owner.headers,
      payload,
    })
    expect(res.statusCode).toBe(201)
    return menuItemSchema.strict().parse(res.json())
  }
  const padThai = await add(
    dish({ name: 'Pad Thai', price: 14, allergens: ['fish'], optionGroups: padThaiGroups }),
  )
  const rolls = await add(
    dish({
      name: 'Spring Rolls',
      price: 6,
      allergens: [],
      optionGroups: [{ name: 'Dip', required: true, max: 1, options: [{ name: 'Sweet chili' }] }],
    }),
  )
  const plain = await add(dish({ name: 'Jasmine Rice', price: 3, allergens: [] }))
  // Placing orders needs a location; the wizard's address is placed by the test geocoder.
  const option = (item: typeof padThai, group: string, name: string) =>
    item.optionGroups!.find((g) => g.name === group)!.options.find((o) => o.name === name)!.id
  return { owner, restaurant, padThai, rolls, plain, option }
}

const order = (diner: TestUser, restaurantId: number, items: object[]) =>
  app.inject({ method: 'POST', url: '/api/orders', headers: diner.headers, payload: { restaurantId, items } })

describe('option groups on a dish', () => {
  it('adds a dish with its groups, and the public menu carries them with prices in dollars', async () => {
    const { restaurant, padThai } = await padThaiKitchen()
    expect(padThai.optionGroups).toMatchObject([
      {
        name: 'Spice level',
        required: true,
        min: 1,
        max: 1,
        options: [
          { name: 'Mild', priceDelta: 0, allergens: [], isAvailable: true },
          { name: 'Hot', priceDelta: 0 },
          { name: 'Thai hot', priceDelta: 0.5 },
        ],
      },
      {
        name: 'Extras',
        required: false,
        min: 0,
        max: 3,
        options: [
          { name: 'Fried egg', priceDelta: 1.5, allergens: ['eggs'] },
          { name: 'Crushed peanuts', priceDelta: 0.75, allergens: ['peanuts'] },
          { name: 'Tofu', priceDelta: 2, allergens: ['soy'] },
          { name: 'Lime', priceDelta: 0 },
        ],
      },
    ])
    const menu = await readMenu(restaurant.id)
    expect(menu.find((m) => m.id === padThai.id)).toEqual(padThai)
    expect(menu.find((m) => m.name === 'Jasmine Rice')?.optionGroups).toEqual([])
  })

  it('keeps the ids of groups and options an edit names, adds new ones and removes the rest', async () => {
    const { owner, padThai } = await padThaiKitchen()
    const [spice, extras] = padThai.optionGroups!
    const edited = {
      ...extras!,
      name: 'Toppings',
      options: [
        { ...extras!.options[0]!, priceDelta: 1.75 },
        { name: 'Bean sprouts', priceDelta: 0.25 },
      ],
      max: 2,
    }
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${padThai.id}`,
      headers: owner.headers,
      payload: { optionGroups: [edited] },
    })
    expect(res.statusCode).toBe(200)
    const [toppings, ...rest] = menuItemSchema.parse(res.json()).optionGroups!
    expect(rest).toEqual([])
    expect(toppings).toMatchObject({ id: extras!.id, name: 'Toppings', max: 2 })
    expect(toppings!.options.map((o) => [o.name, o.priceDelta])).toEqual([
      ['Fried egg', 1.75],
      ['Bean sprouts', 0.25],
    ])
    expect(toppings!.options[0]!.id).toBe(extras!.options[0]!.id)
    expect(spice).toBeDefined()
  })

  it.each([
    [
      { options: [{ name: 'Mild', priceDelta: -1 }] },
      'optionGroups.0.options.0.priceDelta',
      'An option adds between $0.00 and $100.00',
    ],
    [{ max: 2 }, 'optionGroups.0.max', '"Spice" has 1 option: a diner cannot pick 2'],
    [{ options: [] }, 'optionGroups.0.options', 'A group needs at least one option'],
    [
      { options: [{ name: 'Mild' }, { name: 'mild' }] },
      'optionGroups.0.options.1.name',
      'Each option appears once',
    ],
    [
      { options: [{ name: 'Mild', allergens: ['nightshade'] }] },
      'optionGroups.0.options.0.allergens.0',
      'Unknown allergen',
    ],
  ])('refuses the group %o with "%s: %s" and adds nothing', async (overrides, field, message) => {
    const { owner, restaurant } = await registerRestaurant(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurant.id}/menu`,
      headers: owner.headers,
      payload: dish({ optionGroups: [{ name: 'Spice', max: 1, options: [{ name: 'Mild' }], ...overrides }] }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    expect(await readMenu(restaurant.id)).toEqual([])
  })

  it('refuses an edit that names another dish’s option and changes nothing', async () => {
    const { owner, padThai, rolls } = await padThaiKitchen()
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${rolls.id}`,
      headers: owner.headers,
      payload: { optionGroups: [{ ...padThai.optionGroups![0]! }] },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('menu.option_of_another_dish')
    const menu = await readMenu(padThai.restaurantId)
    expect(menu.find((m) => m.id === rolls.id)).toEqual(rolls)
    expect(menu.find((m) => m.id === padThai.id)).toEqual(padThai)
  })
})

describe('ordering a dish with options', () => {
  it('prices the options itself, keeps them on the line, and makes other choices another line', async () => {
    const { restaurant, padThai, plain, option } = await padThaiKitchen()
    const diner = await createUser(app, { balance: 100 })
    const res = await order(diner, restaurant.id, [
      {
        menuItemId: padThai.id,
        quantity: 2,
        // The client's order of ids does not matter, nor a price it might send.
        options: [option(padThai, 'Extras', 'Fried egg'), option(padThai, 'Spice level', 'Thai hot')],
        notes: '  no cilantro  ',
        price: 0.01,
      },
      { menuItemId: padThai.id, quantity: 1, options: [option(padThai, 'Spice level', 'Mild')] },
      {
        menuItemId: padThai.id,
        quantity: 1,
        options: [option(padThai, 'Spice level', 'Thai hot'), option(padThai, 'Extras', 'Fried egg')],
        notes: 'no cilantro',
      },
      { menuItemId: plain.id, quantity: 1 },
    ])
    expect(res.statusCode).toBe(201)
    const placed = res.json()
    // (14 + 0.50 + 1.50) × 3 + 14 + 3 + 2.99 delivery.
    expect(placed.totalPrice).toBe(67.99)
    expect(await balanceCents(app, diner.user.id)).toBe(10000 - 6799)
    expect(parseOrderItems(placed.items)).toEqual([
      {
        menuItemId: padThai.id,
        name: 'Pad Thai',
        quantity: 3,
        price: 16,
        options: [
          {
            id: option(padThai, 'Spice level', 'Thai hot'),
            group: 'Spice level',
            name: 'Thai hot',
            priceDelta: 0.5,
            allergens: [],
          },
          {
            id: option(padThai, 'Extras', 'Fried egg'),
            group: 'Extras',
            name: 'Fried egg',
            priceDelta: 1.5,
            allergens: ['eggs'],
          },
        ],
        notes: 'no cilantro',
      },
      {
        menuItemId: padThai.id,
        name: 'Pad Thai',
        quantity: 1,
        price: 14,
        options: [
          {
            id: option(padThai, 'Spice level', 'Mild'),
            group: 'Spice level',
            name: 'Mild',
            priceDelta: 0,
            allergens: [],
          },
        ],
      },
      { menuItemId: plain.id, name: 'Jasmine Rice', quantity: 1, price: 3 },
    ])
  })

  it('keeps an order without options exactly as before', async () => {
    const { restaurant, plain } = await padThaiKitchen()
    const diner = await createUser(app, { balance: 20 })
    const res = await order(diner, restaurant.id, [{ menuItemId: plain.id, quantity: 2 }])
    expect(res.statusCode).toBe(201)
    expect(JSON.parse(res.json().items)).toEqual([
      { menuItemId: plain.id, name: 'Jasmine Rice', quantity: 2, price: 3 },
    ])
    expect(res.json().totalPrice).toBe(8.99)
  })

  it.each([
    [
      'a required group left out',
      () => [],
      'Spice level: choose one for "Pad Thai"',
      'items.0.options.Spice level',
    ],
    [
      'too many in a group',
      (o: Choose) => [
        o('Spice level', 'Hot'),
        o('Extras', 'Fried egg'),
        o('Extras', 'Crushed peanuts'),
        o('Extras', 'Tofu'),
        o('Extras', 'Lime'),
      ],
      'Extras: choose at most 3',
      'items.0.options.Extras',
    ],
    [
      'two in a pick-one group',
      (o: Choose) => [o('Spice level', 'Hot'), o('Spice level', 'Mild')],
      'Spice level: choose at most 1',
      'items.0.options.Spice level',
    ],
  ])('refuses %s with a 400 naming the group, and charges nothing', async (_, choose, message, field) => {
    const { restaurant, padThai, option } = await padThaiKitchen()
    const diner = await createUser(app, { balance: 50 })
    const o: Choose = (group, name) => option(padThai, group, name)
    const res = await order(diner, restaurant.id, [
      { menuItemId: padThai.id, quantity: 1, options: choose(o) },
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'orders.invalid_options',
      message,
      errors: { [field]: message },
    })
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
    const mine = await app.inject({ url: `/api/users/${diner.user.id}/orders`, headers: diner.headers })
    expect(mine.json()).toEqual([])
  })

  it('refuses another dish’s option, an unknown option and a sold-out option', async () => {
    const { owner, restaurant, padThai, rolls, option } = await padThaiKitchen()
    const diner = await createUser(app, { balance: 50 })
    const dip = option(rolls, 'Dip', 'Sweet chili')
    const hot = option(padThai, 'Spice level', 'Hot')

    const other = await order(diner, restaurant.id, [
      { menuItemId: padThai.id, quantity: 1, options: [hot, dip] },
    ])
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toBe(`Option ${dip} is not an option of "Pad Thai"`)

    const unknown = await order(diner, restaurant.id, [
      { menuItemId: padThai.id, quantity: 1, options: [hot, 999999] },
    ])
    expect(unknown.statusCode).toBe(400)

    const eightySixed = await app.inject({
      method: 'PATCH',
      url: `/api/menu-options/${hot}`,
      headers: owner.headers,
      payload: { isAvailable: false },
    })
    expect(eightySixed.statusCode).toBe(200)
    const soldOut = await order(diner, restaurant.id, [
      { menuItemId: padThai.id, quantity: 1, options: [hot] },
    ])
    expect(soldOut.statusCode).toBe(400)
    expect(soldOut.json()).toMatchObject({
      message: 'Spice level: Hot is sold out',
      errors: { 'items.0.options.Spice level': 'Spice level: Hot is sold out' },
    })

    const duplicated = await order(diner, restaurant.id, [
      {
        menuItemId: padThai.id,
        quantity: 1,
        options: [option(padThai, 'Spice level', 'Mild'), option(padThai, 'Spice level', 'Mild')],
      },
    ])
    expect(duplicated.statusCode).toBe(400)
    expect(await balanceCents(app, diner.user.id)).toBe(5000)
  })

  it('counts a chosen option’s allergens as the dish’s: the ticket, the diner’s warning and the menu check', async () => {
    const { owner, restaurant, padThai, option } = await padThaiKitchen()
    const diner = await createUser(app, { balance: 50 })
    await setAllergenProfile(app.db, diner.user.id, ['peanuts', 'soy'])
    const res = await order(diner, restaurant.id, [
      {
        menuItemId: padThai.id,
        quantity: 1,
        options: [option(padThai, 'Spice level', 'Mild'), option(padThai, 'Extras', 'Crushed peanuts')],
        notes: 'sauce on the side',
      },
    ])
    expect(res.statusCode).toBe(201)
    const placed = res.json()

    const kitchen = await app.inject({
      url: `/api/restaurants/${restaurant.id}/kitchen`,
      headers: owner.headers,
    })
    const ticket = (kitchen.json().orders as Ticket[]).find((t) => t.id === placed.id)!
    // Soy is an option not chosen: no alert for it.
    expect(ticket.allergenAlerts).toEqual([
      { menuItemName: 'Pad Thai', allergen: 'Peanuts', severity: 'moderate' },
    ])
    expect(ticket.items[0]).toMatchObject({
      name: 'Pad Thai',
      options: [
        { group: 'Spice level', name: 'Mild' },
        { group: 'Extras', name: 'Crushed peanuts' },
      ],
      notes: 'sauce on the side',
    })

    // The diner's allergen warning, sent once the order is placed.
    let body = ''
    for (let i = 0; i < 50 && !body; i++) {
      const list = await app.inject({
        url: `/api/users/${diner.user.id}/notifications`,
        headers: diner.headers,
      })
      const notices = (list.json().notifications ?? list.json()) as { kind: string; body: string }[]
      body = notices.find((n) => n.kind === 'allergen_warning')?.body ?? ''
      if (!body) await new Promise((r) => setTimeout(r, 50))
    }
    expect(body).toContain('Pad Thai (peanuts)')
    expect(body).not.toContain('soy')

    // Before choosing: the menu's check names the options that would bring an allergen in.
    const check = await app.inject({
      url: `/api/users/${diner.user.id}/allergen-check/${restaurant.id}`,
      headers: diner.headers,
    })
    expect(check.statusCode).toBe(200)
    const matches = (
      check.json().matches as { menuItem: { name: string }; allergen: string; option?: { name: string } }[]
    ).map((m) => [m.menuItem.name, m.allergen, m.option?.name ?? null])
    expect(matches).toEqual([
      ['Pad Thai', 'peanuts', 'Crushed peanuts'],
      ['Pad Thai', 'soy', 'Tofu'],
    ])
  })
})

type Choose = (group: string, name: string) => number

describe('the kitchen’s offer', () => {
  it('never offers a dish that needs a choice, since an offer is accepted in one tap', async () => {
    const { restaurant, padThai, rolls, plain } = await padThaiKitchen()
    const diner = await createUser(app, { balance: 50 })
    const placed = await order(diner, restaurant.id, [{ menuItemId: plain.id, quantity: 1 }])
    expect(placed.statusCode).toBe(201)
    const id = placed.json().id as number
    const kitchenOrder = {
      id,
      userId: diner.user.id,
      restaurantId: restaurant.id,
      status: 'cooking',
      progress: 60,
      isShowcase: false,
      items: [{ menuItemId: plain.id, name: 'Jasmine Rice', quantity: 1, price: 3 }],
    }
    // Pad Thai and the spring rolls both have a required group: nothing is left to offer.
    await app.upsells.offers()([kitchenOrder])
    expect(await app.db.select().from(upsells).where(eq(upsells.orderId, id))).toEqual([])
    // Once the rolls' dip is optional, they are offered.
    const optional = await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${rolls.id}`,
      headers: (await ownerOf(restaurant.id)).headers,
      payload: { optionGroups: [{ ...rolls.optionGroups![0]!, required: false }] },
    })
    expect(optional.statusCode).toBe(200)
    await app.upsells.offers()([kitchenOrder])
    const offered = await app.db.select().from(upsells).where(eq(upsells.orderId, id))
    expect(offered.map((u) => u.menuItemId)).toEqual([rolls.id])
    expect(offered.map((u) => u.menuItemId)).not.toContain(padThai.id)
  })
})

describe('selling out an option', () => {
  it('lets the restaurant’s staff sell an option out and back, refuses anyone else, and tells open pages at once', async () => {
    const { owner, restaurant, padThai, option } = await padThaiKitchen()
    const page = await connectViewer(url)
    viewers.push(page)
    expect(
      await page.request(
        { type: 'subscribe_restaurant', restaurantId: restaurant.id },
        (m) => m.type !== 'pong',
      ),
    ).toEqual({ type: 'restaurant_subscribed', restaurantId: restaurant.id })
    // The kitchen's console hears it on its own channel, like a dish 86'd.
    const line = await connectViewer(url, { cookie: owner.cookie })
    viewers.push(line)
    await line.request(
      { type: 'subscribe_kitchen', restaurantId: restaurant.id },
      (m) => m.type === 'kitchen_subscribed',
    )

    const egg = option(padThai, 'Extras', 'Fried egg')
    const stranger = await createUser(app)
    const refused = await app.inject({
      method: 'PATCH',
      url: `/api/menu-options/${egg}`,
      headers: stranger.headers,
      payload: { isAvailable: false },
    })
    expect(refused.statusCode).toBe(403)
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/menu-options/${egg}`,
          payload: { isAvailable: false },
        })
      ).statusCode,
    ).toBe(401)
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/menu-options/999999',
          headers: owner.headers,
          payload: { isAvailable: false },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/menu-options/${egg}`,
          headers: owner.headers,
          payload: { isAvailable: 'no' },
        })
      ).statusCode,
    ).toBe(400)

    const sold = await app.inject({
      method: 'PATCH',
      url: `/api/menu-options/${egg}`,
      headers: owner.headers,
      payload: { isAvailable: false },
    })
    expect(sold.statusCode).toBe(200)
    type Availability = Extract<ServerMessage, { type: 'menu_availability' }>
    const pushed = await page.next<Availability>((m) => m.type === 'menu_availability')
    expect(pushed).toMatchObject({
      restaurantId: restaurant.id,
      menuItemId: padThai.id,
      optionId: egg,
      isAvailable: false,
    })
    expect(await line.waitFor((m) => m.type === 'menu_availability' && m.optionId === egg)).toMatchObject({
      menuItemId: padThai.id,
      optionId: egg,
      isAvailable: false,
    })
    const onMenu = (await readMenu(restaurant.id)).find((m) => m.id === padThai.id)!
    expect(onMenu.optionGroups![1]!.options[0]).toMatchObject({ name: 'Fried egg', isAvailable: false })
    // The console's 86 list shows the option sold out, under its dish and group.
    const kitchen = kitchenSchema.parse(
      (await app.inject({ url: `/api/restaurants/${restaurant.id}/kitchen`, headers: owner.headers })).json(),
    )
    const listed = kitchen.dishes.find((d) => d.id === padThai.id)!
    expect(listed.isAvailable).toBe(true)
    expect(listed.optionGroups.map((g) => [g.name, g.options.map((o) => [o.name, o.isAvailable])])).toEqual([
      [
        'Spice level',
        [
          ['Mild', true],
          ['Hot', true],
          ['Thai hot', true],
        ],
      ],
      [
        'Extras',
        [
          ['Fried egg', false],
          ['Crushed peanuts', true],
          ['Tofu', true],
          ['Lime', true],
        ],
      ],
    ])

    await app.inject({
      method: 'PATCH',
      url: `/api/menu-options/${egg}`,
      headers: owner.headers,
      payload: { isAvailable: true },
    })
    expect(await page.next<Availability>((m) => m.type === 'menu_availability')).toMatchObject({
      optionId: egg,
      isAvailable: true,
    })

    // The dish itself, sold out and back through its own endpoint, reaches the page the same way.
    await app.inject({
      method: 'PATCH',
      url: `/api/menu-items/${padThai.id}`,
      headers: owner.headers,
      payload: { isAvailable: false },
    })
    const dishMessage = await page.next<Availability>((m) => m.type === 'menu_availability')
    expect(dishMessage).toMatchObject({
      restaurantId: restaurant.id,
      menuItemId: padThai.id,
      isAvailable: false,
    })
    expect(dishMessage.optionId).toBeUndefined()

    // Another restaurant's page hears nothing of it.
    const other = await padThaiKitchen()
    const elsewhere = await connectViewer(url)
    viewers.push(elsewhere)
    await elsewhere.request(
      { type: 'subscribe_restaurant', restaurantId: other.restaurant.id },
      (m) => m.type !== 'pong',
    )
    await app.inject({
      method: 'PATCH',
      url: `/api/menu-options/${egg}`,
      headers: owner.headers,
      payload: { isAvailable: false },
    })
    await page.next((m) => m.type === 'menu_availability')
    expect(elsewhere.messages.filter((m) => m.type === 'menu_availability')).toEqual([])
  })
})
