import { describe, expect, it } from 'vitest'
import { allergenCheckSchema, allergenProfileSchema } from '../../shared/schemas/allergens'
import { menuItems } from '../db/schema'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'

const app = await buildTestApp()
const profileShape = allergenProfileSchema.strict()

const profileUrl = (user: TestUser) => `/api/users/${user.user.id}/allergen-profile`

async function createProfile(user: TestUser, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: profileUrl(user), headers: user.headers, payload })
  expect(res.statusCode).toBe(201)
  return profileShape.parse(res.json())
}

/** A restaurant with three dishes, created through the API and the menu table. */
async function restaurantWithMenu() {
  const owner = await createUser(app)
  const res = await app.inject({
    method: 'POST',
    url: '/api/restaurants',
    headers: owner.headers,
    payload: {
      name: 'Noodle Bar',
      description: 'Hand-pulled noodles and broths.',
      cuisine: 'Chinese',
      address: '9 Rainey St, Austin, TX',
      priceRange: '$',
    },
  })
  const restaurantId = res.json().id as number
  const [satay, prawns, greens] = await app.db
    .insert(menuItems)
    .values([
      {
        restaurantId,
        name: 'Satay Noodles',
        description: 'Peanut sauce',
        priceCents: 1350,
        category: 'Noodles',
        allergens: ['Peanuts', 'wheat', 'soy'],
        ingredients: ['noodles', 'peanuts', 'soy sauce', 'lime'],
      },
      {
        restaurantId,
        name: 'Salt & Pepper Prawns',
        description: 'Crispy',
        priceCents: 1600,
        category: 'Small plates',
        allergens: ['shellfish', 'PEANUTS'],
        isAvailable: false,
      },
      {
        restaurantId,
        name: 'Garlic Greens',
        description: 'Wok-fried',
        priceCents: 800,
        category: 'Sides',
        allergens: [],
      },
    ])
    .returning()
  return { restaurantId, satay: satay!, prawns: prawns!, greens: greens! }
}

describe('allergen profile', () => {
  it('answers 404 until a profile exists, then creates it with catalogue ids lowercased and deduplicated', async () => {
    const diner = await createUser(app)
    const none = await app.inject({ url: profileUrl(diner), headers: diner.headers })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toEqual({ message: 'No allergen profile yet', code: 'allergens.no_profile' })

    const created = await createProfile(diner, {
      allergens: ['Peanuts', ' shellfish ', 'peanuts'],
      severity: 'severe',
    })
    expect(created).toMatchObject({
      userId: diner.user.id,
      allergens: ['peanuts', 'shellfish'],
      severity: 'severe',
      notificationsEnabled: true,
    })
    const read = await app.inject({ url: profileUrl(diner), headers: diner.headers })
    expect(read.statusCode).toBe(200)
    expect(profileShape.parse(read.json())).toEqual(created)
  })

  it('defaults the severity to moderate', async () => {
    const diner = await createUser(app)
    expect(await createProfile(diner, { allergens: [] })).toMatchObject({
      allergens: [],
      severity: 'moderate',
    })
  })

  it('refuses a second profile with 409 and keeps the first', async () => {
    const diner = await createUser(app)
    const first = await createProfile(diner, { allergens: ['milk'] })
    const again = await app.inject({
      method: 'POST',
      url: profileUrl(diner),
      headers: diner.headers,
      payload: { allergens: ['fish'] },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('You already have an allergen profile')
    expect((await app.inject({ url: profileUrl(diner), headers: diner.headers })).json()).toEqual(first)
  })

  it('updates an existing profile, keeping the fields left out', async () => {
    const diner = await createUser(app)
    const created = await createProfile(diner, {
      allergens: ['milk'],
      severity: 'mild',
      notificationsEnabled: false,
    })
    const res = await app.inject({
      method: 'PATCH',
      url: profileUrl(diner),
      headers: diner.headers,
      payload: { allergens: ['Sesame', 'eggs'] },
    })
    expect(res.statusCode).toBe(200)
    const updated = profileShape.parse(res.json())
    expect(updated).toMatchObject({
      id: created.id,
      allergens: ['sesame', 'eggs'],
      severity: 'mild',
      notificationsEnabled: false,
    })
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt))

    const full = await app.inject({
      method: 'PATCH',
      url: profileUrl(diner),
      headers: diner.headers,
      payload: { allergens: [], severity: 'life-threatening', notificationsEnabled: true },
    })
    expect(full.json()).toMatchObject({
      allergens: [],
      severity: 'life-threatening',
      notificationsEnabled: true,
    })
  })

  it('answers 404 to an update when there is no profile, and creates none', async () => {
    const diner = await createUser(app)
    const res = await app.inject({
      method: 'PATCH',
      url: profileUrl(diner),
      headers: diner.headers,
      payload: { allergens: ['fish'] },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe('No allergen profile yet')
    expect((await app.inject({ url: profileUrl(diner), headers: diner.headers })).statusCode).toBe(404)
  })

  it.each([
    ['POST', { allergens: ['peanuts', 'kryptonite'] }, 'allergens.1', 'Unknown allergen'],
    ['POST', { allergens: ['Tree Nuts'] }, 'allergens.0', 'Unknown allergen'],
    ['POST', { allergens: ['milk'], severity: 'extreme' }, 'severity', 'Please choose a severity'],
    ['POST', { allergens: ['milk'], notificationsEnabled: 'yes' }, 'notificationsEnabled', undefined],
    ['PATCH', { allergens: ['gluten', 'dust'] }, 'allergens.1', 'Unknown allergen'],
    ['PATCH', { severity: 'high' }, 'severity', 'Please choose a severity'],
  ] as const)('%s refuses %o with "%s: %s" and changes nothing', async (method, payload, field, message) => {
    const diner = await createUser(app)
    const before = method === 'PATCH' ? await createProfile(diner, { allergens: ['milk'] }) : undefined
    const res = await app.inject({ method, url: profileUrl(diner), headers: diner.headers, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toHaveProperty([field])
    if (message) expect(res.json().errors[field]).toBe(message)
    const after = await app.inject({ url: profileUrl(diner), headers: diner.headers })
    if (before) expect(after.json()).toEqual(before)
    else expect(after.statusCode).toBe(404)
  })

  it('answers only the user themselves: 401 to a visitor, 403 to another user', async () => {
    const diner = await createUser(app)
    await createProfile(diner, { allergens: ['milk'] })
    const stranger = await createUser(app)
    for (const method of ['GET', 'POST', 'PATCH'] as const) {
      const payload = method === 'GET' ? undefined : { allergens: ['fish'] }
      expect((await app.inject({ method, url: profileUrl(diner), payload })).statusCode).toBe(401)
      expect(
        (await app.inject({ method, url: profileUrl(diner), headers: stranger.headers, payload })).statusCode,
      ).toBe(403)
    }
    expect((await app.inject({ url: profileUrl(diner), headers: diner.headers })).json().allergens).toEqual([
      'milk',
    ])
  })
})

describe('allergen check', () => {
  const checkUrl = (user: TestUser, restaurantId: number, query = '') =>
    `/api/users/${user.user.id}/allergen-check/${restaurantId}${query}`

  it("lists each dish and allergen of the diner's profile that it contains, in any letter case", async () => {
    const { restaurantId, satay, prawns } = await restaurantWithMenu()
    const diner = await createUser(app)
    await createProfile(diner, { allergens: ['peanuts', 'shellfish', 'milk'] })
    const res = await app.inject({ url: checkUrl(diner, restaurantId), headers: diner.headers })
    expect(res.statusCode).toBe(200)
    const { matches } = allergenCheckSchema.parse(res.json())
    const pairs = matches.map((m) => [m.menuItem.id, m.allergen])
    expect(pairs).toHaveLength(3)
    expect(pairs).toEqual(
      expect.arrayContaining([
        [satay.id, 'peanuts'],
        [prawns.id, 'peanuts'],
        [prawns.id, 'shellfish'],
      ]),
    )
    const satayMatch = matches.find((m) => m.menuItem.id === satay.id)!
    expect(satayMatch.menuItem).toMatchObject({ name: 'Satay Noodles', restaurantId, price: 13.5 })
  })

  it('checks a single dish when asked', async () => {
    const { restaurantId, prawns, greens } = await restaurantWithMenu()
    const diner = await createUser(app)
    await createProfile(diner, { allergens: ['shellfish'] })
    const one = await app.inject({
      url: checkUrl(diner, restaurantId, `?menuItemId=${prawns.id}`),
      headers: diner.headers,
    })
    expect(
      one
        .json()
        .matches.map((m: { menuItem: { id: number }; allergen: string }) => [m.menuItem.id, m.allergen]),
    ).toEqual([[prawns.id, 'shellfish']])
    const safe = await app.inject({
      url: checkUrl(diner, restaurantId, `?menuItemId=${greens.id}`),
      headers: diner.headers,
    })
    expect(safe.json()).toEqual({ matches: [] })
  })

  it('finds nothing for a diner without a profile', async () => {
    const { restaurantId } = await restaurantWithMenu()
    const diner = await createUser(app)
    const res = await app.inject({ url: checkUrl(diner, restaurantId), headers: diner.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ matches: [] })
  })

  it('answers 404 for an unknown restaurant or a dish of another restaurant', async () => {
    const first = await restaurantWithMenu()
    const second = await restaurantWithMenu()
    const diner = await createUser(app)
    await createProfile(diner, { allergens: ['peanuts'] })
    const unknown = await app.inject({ url: checkUrl(diner, 999999), headers: diner.headers })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Restaurant not found')
    const elsewhere = await app.inject({
      url: checkUrl(diner, first.restaurantId, `?menuItemId=${second.satay.id}`),
      headers: diner.headers,
    })
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json().message).toBe('Menu item not found')
  })

  it('answers only the user themselves', async () => {
    const { restaurantId } = await restaurantWithMenu()
    const diner = await createUser(app)
    expect((await app.inject({ url: checkUrl(diner, restaurantId) })).statusCode).toBe(401)
    const stranger = await createUser(app)
    expect(
      (await app.inject({ url: checkUrl(diner, restaurantId), headers: stranger.headers })).statusCode,
    ).toBe(403)
  })
})
