import { eq } from 'drizzle-orm'
import { restaurantSchema } from '../../shared/schemas/restaurants'
import { cameras } from '../db/schema'
import { createUser, type TestApp, type TestUser } from './build-test-app'

/** A restaurant registered through the API by a new owner, as the wizard does: off the air, no menu. */
export async function registerRestaurant(app: TestApp, owner?: TestUser) {
  const user = owner ?? (await createUser(app))
  const res = await app.inject({
    method: 'POST',
    url: '/api/restaurants',
    headers: user.headers,
    payload: {
      name: 'Smoke & Oak',
      description: 'Brisket smoked overnight over post oak.',
      cuisine: 'American',
      address: '1100 E 6th St, Austin, TX 78702',
      priceRange: '$$',
      features: [],
      images: [],
    },
  })
  if (res.statusCode !== 201) throw new Error(`registering failed: ${res.statusCode} ${res.body}`)
  return { owner: user, restaurant: restaurantSchema.parse(res.json()) }
}

export const dish = (overrides: Record<string, unknown> = {}) => ({
  name: 'Brisket Plate',
  description: 'Half a pound of brisket, pickles, white bread.',
  price: 18.5,
  category: 'Mains',
  ingredients: ['brisket', 'pickles', 'white bread'],
  allergens: ['wheat'],
  ...overrides,
})

export async function addDish(app: TestApp, owner: TestUser, restaurantId: number, overrides = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/menu`,
    headers: owner.headers,
    payload: dish(overrides),
  })
  if (res.statusCode !== 201) throw new Error(`adding a dish failed: ${res.statusCode} ${res.body}`)
  return res.json() as { id: number; name: string; category: string; isAvailable: boolean; price: number }
}

export async function addCamera(app: TestApp, owner: TestUser, restaurantId: number, overrides = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cameras',
    headers: owner.headers,
    payload: {
      restaurantId,
      name: 'Pit Camera',
      position: 'grill',
      streamUrl: 'https://cams.smokeandoak.example/pit/index.m3u8',
      ...overrides,
    },
  })
  if (res.statusCode !== 201) throw new Error(`adding a camera failed: ${res.statusCode} ${res.body}`)
  return res.json() as { id: number; name: string; isActive: boolean; restaurantId: number }
}

/**
 * Records that "Check stream" found a picture at the camera's address, as a successful check does
 * (camera-settings.test.ts checks a real source end to end), for tests about what follows.
 */
export async function markStreamVerified(app: TestApp, cameraId: number) {
  await app.db.update(cameras).set({ streamVerifiedAt: new Date() }).where(eq(cameras.id, cameraId))
}
