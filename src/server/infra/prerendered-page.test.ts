import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../config'
import { buildTestApp, createUser, type TestApp } from '../testing/build-test-app'
import { rendererLoading } from './prerendered-page'

const TEMPLATE = `<!doctype html><html><head><title>Clearplate</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`

let app: TestApp
let clientDir: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'clearplate-client-'))
  writeFileSync(join(clientDir, 'index.html'), TEMPLATE)
  app = await buildTestApp({ config: { clientDir, pagesRenderedAhead: true } })
})
afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

/** The page once the renderer has loaded (the first pages are sent plain while it loads). */
async function page(url: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 60_000
  for (;;) {
    const response = await app.inject({ method: 'GET', url, headers })
    if (response.body.includes('id="clearplate-state"') || Date.now() > deadline) return response
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const EMBEDDED =
  /<script type="application\/json" id="clearplate-state" data-rendered-at="(\d+)">(.*?)<\/script>/s

function embeddedState(html: string) {
  const json = EMBEDDED.exec(html)?.[2]
  expect(json).toBeDefined()
  return JSON.parse(json!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
}

const rootOf = (html: string) =>
  /<div id="root">(.*)<\/div><script type="application\/json"/s.exec(html)?.[1] ?? ''

describe('pages rendered ahead', () => {
  it('are on by default; PAGES_RENDERED_AHEAD=false sends the plain page', async () => {
    expect(parseConfig({}).pagesRenderedAhead).toBe(true)
    expect(parseConfig({ PAGES_RENDERED_AHEAD: 'false' }).pagesRenderedAhead).toBe(false)
    const plain = await buildTestApp({ config: { clientDir, pagesRenderedAhead: false } })
    for (let i = 0; i < 3; i++) expect((await plain.inject({ url: '/restaurant/1' })).body).toBe(TEMPLATE)
    await plain.close()
  })

  it('starts loading the renderer once the server listens, so the first visitor gets a rendered page', async () => {
    const listening = await buildTestApp({ config: { clientDir, pagesRenderedAhead: true } })
    try {
      expect(rendererLoading(listening)).toBeUndefined()
      const address = await listening.listen({ port: 0, host: '127.0.0.1' })
      await rendererLoading(listening)
      const first = await fetch(`${address}/restaurant/1`)
      expect(await first.text()).toContain('id="clearplate-state"')
    } finally {
      await listening.close()
    }
  })

  it("a restaurant's page arrives with its hero, name and menu, and the reads it was rendered from", async () => {
    const restaurant = (await app.inject({ url: '/api/restaurants/1' })).json()
    const asked = Date.now()
    const response = await page('/restaurant/1')
    expect(response.statusCode).toBe(200)
    // When it was rendered: the browser's takeover shows times as of that moment.
    const renderedAt = Number(EMBEDDED.exec(response.body)?.[1])
    expect(renderedAt).toBeGreaterThanOrEqual(asked)
    expect(renderedAt).toBeLessThanOrEqual(Date.now())
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['cache-control']).toBe('no-cache')
    const root = rootOf(response.body)
    expect(root).toContain(
      `<h1 class="text-3xl font-bold tracking-tight drop-shadow sm:text-4xl">${restaurant.name}</h1>`,
    )
    expect(root).toContain(`src="${restaurant.images[0]}"`)
    // Nothing in it waits for a script (a suspended part would be swapped in by inline script).
    expect(root).not.toContain('<script')
    // The hero is fetched first.
    expect(response.body).toContain(
      `<link rel="preload" as="image" href="${restaurant.images[0]}" fetchpriority="high" />`,
    )
    const state = embeddedState(response.body)
    const read = (key: unknown[]) =>
      state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))
    expect(read(['restaurants', 1])?.state.data).toEqual(restaurant)
    expect(read(['restaurants', 1, 'menu'])?.state.data).toEqual(
      (await app.inject({ url: '/api/restaurants/1/menu' })).json(),
    )
    // A visitor who is not signed in is rendered as such.
    expect(read(['user'])?.state.data).toBeNull()
  })

  it("the showcase's stream page names its restaurant and shows its poster until the video plays", async () => {
    const showcase = (await app.inject({ url: '/api/showcase' })).json()
    const restaurant = (await app.inject({ url: `/api/restaurants/${showcase.restaurantId}` })).json()
    const root = rootOf((await page(`/stream/${showcase.orderId}`)).body)
    expect(root).toMatch(new RegExp(`<h1[^>]*>${restaurant.name}</h1>`))
    expect(root).toContain(`poster="${restaurant.images[0]}"`)
  })

  it('a signed-in diner gets the page with their own account, read with their own cookie', async () => {
    const diner = await createUser(app)
    const state = embeddedState((await page('/', diner.headers)).body)
    const user = state.queries.find((q) => q.queryKey[0] === 'user')?.state.data as { id: number }
    expect(user.id).toBe(diner.user.id)
  })

  it("a signed-in diner's own reads the first screen shows come with it, so the browser starts from them", async () => {
    const diner = await createUser(app)
    const id = diner.user.id
    const state = embeddedState((await page('/restaurant/1', diner.headers)).body)
    const read = (key: unknown[]) =>
      state.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data
    const own = async (path: string) =>
      (await app.inject({ url: `/api/users/${id}/${path}`, headers: diner.headers })).json()
    expect(read(['wallet', id, 'balance'])).toEqual(await own('wallet-balance'))
    expect(read(['users', id, 'orders', 'active'])).toEqual(await own('active-orders'))
    expect(read(['users', id, 'addresses'])).toEqual(await own('addresses'))
    // A diner without an allergen profile (the API answers 404) has the empty one, as in the browser.
    expect(read(['users', id, 'allergen-profile'])).toMatchObject({ id: null, allergens: [] })
    // Nobody else's: a signed-out visitor's page carries no account reads.
    const anonymous = embeddedState((await page('/restaurant/1')).body)
    expect(anonymous.queries.filter((q) => ['wallet', 'users'].includes(String(q.queryKey[0])))).toEqual([])
  })

  it('is compressed for a browser that accepts brotli', async () => {
    await page('/')
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.headers['content-encoding']).toBe('br')
    const html = brotliDecompressSync(response.rawPayload).toString()
    expect(html).toContain('Watch your meal')
  })

  it('other pages, and pages of things that do not exist, get the plain page; the API still answers 404', async () => {
    await page('/')
    for (const url of ['/faq', '/orders', '/restaurant/999999']) {
      const response = await app.inject({ url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
    }
    expect((await app.inject({ url: '/faq' })).body).toBe(TEMPLATE)
    expect((await app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404)
  })
})
