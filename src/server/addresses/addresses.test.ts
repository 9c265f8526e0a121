import { describe, expect, it } from 'vitest'
import { buildTestApp, createUser, type TestUser } from '../testing/build-test-app'

const app = await buildTestApp()

const home = { label: 'Home', line1: '1100 E 5th St', city: 'Austin', postcode: '78702' }
const work = { label: 'Work', line1: '500 W 2nd St', line2: 'Floor 3', city: 'Austin', postcode: '78701' }

const list = (user: TestUser) =>
  app.inject({ url: `/api/users/${user.user.id}/addresses`, headers: user.headers })
const add = (user: TestUser, payload: unknown, asUser: TestUser = user) =>
  app.inject({
    method: 'POST',
    url: `/api/users/${user.user.id}/addresses`,
    headers: asUser.headers,
    payload: payload as object,
  })

describe('saved addresses', () => {
  it('makes the first address the default and places a known postcode on the map', async () => {
    const diner = await createUser(app, { address: false })
    const res = await add(diner, home)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ ...home, line2: null, isDefault: true, userId: diner.user.id })
    expect(res.json().latitude).toBeCloseTo(30.264, 2)
    expect(res.json().longitude).toBeCloseTo(-97.717, 2)
  })

  it('keeps several addresses with exactly one default, the default first', async () => {
    const diner = await createUser(app, { address: false })
    const first = (await add(diner, home)).json()
    const second = (await add(diner, { ...work, isDefault: true })).json()
    const third = (await add(diner, { line1: '3 Oak Ln', city: 'Austin', postcode: '78745' })).json()
    expect(third.isDefault).toBe(false)
    const all = (await list(diner)).json() as Array<{ id: number; isDefault: boolean }>
    expect(all.map((a) => a.id)).toEqual([second.id, third.id, first.id])
    expect(all.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id])

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/addresses/${first.id}`,
      headers: diner.headers,
      payload: { isDefault: true, line2: 'Apt 2' },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ id: first.id, isDefault: true, line2: 'Apt 2' })
    const after = (await list(diner)).json() as Array<{ id: number; isDefault: boolean }>
    expect(after.filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.id])
  })

  it('makes the oldest remaining address the default when the default is deleted', async () => {
    const diner = await createUser(app, { address: false })
    const first = (await add(diner, home)).json()
    const second = (await add(diner, work)).json()
    const third = (await add(diner, { ...work, label: 'Gym' })).json()
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/addresses/${first.id}`,
      headers: diner.headers,
    })
    expect(res.statusCode).toBe(204)
    const after = (await list(diner)).json() as Array<{ id: number; isDefault: boolean }>
    expect(after.map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [third.id, false],
    ])
  })

  it('edits the fields sent: an empty label or second line clears it, a new postcode moves the pin', async () => {
    const diner = await createUser(app, { address: false })
    const saved = (await add(diner, work)).json()
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/addresses/${saved.id}`,
      headers: diner.headers,
      payload: { label: '', line2: '', line1: '501 W 2nd St', postcode: '78702' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: saved.id,
      label: null,
      line2: null,
      line1: '501 W 2nd St',
      city: 'Austin',
      postcode: '78702',
      isDefault: true,
    })
    expect(res.json().latitude).toBeCloseTo(30.264, 2)
    const untouched = await app.inject({
      method: 'PATCH',
      url: `/api/addresses/${saved.id}`,
      headers: diner.headers,
      payload: { city: 'Austin TX' },
    })
    expect(untouched.json()).toMatchObject({ label: null, line2: null, line1: '501 W 2nd St' })
  })

  it('keeps coordinates given with the address, and refuses half a location', async () => {
    const diner = await createUser(app, { address: false })
    const res = await add(diner, { ...home, postcode: '10001', latitude: 40.75, longitude: -73.99 })
    expect(res.json()).toMatchObject({ latitude: 40.75, longitude: -73.99 })
    const half = await add(diner, { ...home, latitude: 30.2 })
    expect(half.statusCode).toBe(400)
    expect(half.json().errors).toEqual({ longitude: 'Give a longitude with the latitude' })
  })

  it('refuses missing fields with a message for each, saving nothing', async () => {
    const diner = await createUser(app, { address: false })
    const res = await add(diner, { line1: '  ', postcode: '!' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toMatchObject({
      line1: 'Please enter the street address',
      city: 'Please enter the city',
      postcode: 'Please enter a valid postcode',
    })
    expect((await list(diner)).json()).toEqual([])
  })

  it('answers a visitor 401 and another diner 403, on every route', async () => {
    const diner = await createUser(app)
    const other = await createUser(app)
    const [mine] = (await list(diner)).json() as Array<{ id: number }>
    expect((await app.inject({ url: `/api/users/${diner.user.id}/addresses` })).statusCode).toBe(401)
    expect((await list({ ...other, user: diner.user })).statusCode).toBe(403)
    expect((await add(diner, home, other)).statusCode).toBe(403)
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/addresses/${mine!.id}`,
      headers: other.headers,
      payload: { label: 'Mine now' },
    })
    expect(patch.statusCode).toBe(403)
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/addresses/${mine!.id}`,
      headers: other.headers,
    })
    expect(del.statusCode).toBe(403)
    expect((await app.inject({ method: 'DELETE', url: `/api/addresses/${mine!.id}` })).statusCode).toBe(401)
    expect((await list(diner)).json()).toMatchObject([{ id: mine!.id, label: 'Home' }])
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/addresses/999999',
      headers: diner.headers,
    })
    expect(missing.statusCode).toBe(404)
  })
})
