import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CDPSession } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSubscriberKeys,
  type PushReceiver,
  startPushReceiver,
  verifyVapid,
} from '../src/server/push/push-receiver.fixtures'
import { STREAM_ACCESS_STORAGE_KEY } from '../src/shared/constants'
import { OWNER_PUSH_KINDS, PUSH_KINDS, type PushPayload } from '../src/shared/schemas/push'
import { signIn } from './shell-helpers'
import { appStarted, launchProfileBrowser, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

/**
 * The installed app and its notifications. Chromium's own push service (Google's FCM) is out of
 * reach here, so the browser's subscription is the one a push service on 127.0.0.1 would give:
 * the server encrypts and signs for it, the receiver decrypts what arrives with the subscription's
 * keys, and the DevTools protocol hands that payload to the service worker as the browser would.
 */
describe.skipIf(process.env.E2E_SKIP === '1')('the installable app and its pushes', () => {
  const journey = setupJourney({
    env: { KITCHEN_ORDER_SECONDS: '900', PUSH_ANY_ENDPOINT: 'true', OUTBOUND_PRIVATE_HOSTS: 'true' },
  })
  let receiver: PushReceiver
  beforeAll(async () => {
    receiver = await startPushReceiver()
  })
  afterAll(() => receiver?.close())

  const withWorker = { serviceWorkers: 'allow' as const }

  async function workerReady(page: Page) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      // The first visit is controlled once the worker claims it.
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
    })
  }

  it('passes Chromium’s installability checks, caches no personal answer, and shows the offline page offline', async () => {
    // A profile on disk: Chromium offers to install nothing in incognito, which other journeys' contexts are.
    const profile = mkdtempSync(join(tmpdir(), 'clearplate-profile-'))
    const context = await launchProfileBrowser(profile, {
      baseURL: journey.server.url,
      serviceWorkers: 'allow',
    })
    const errors: string[] = []
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto('/')
      await workerReady(page)
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>
      }
      expect(installabilityErrors).toEqual([])
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string
        errors: unknown[]
        data?: string
      }
      expect(manifest.errors).toEqual([])
      const data = JSON.parse(manifest.data ?? '{}') as {
        display: string
        start_url: string
        icons: Array<{ src: string; sizes: string; purpose: string }>
      }
      expect(data.display).toBe('standalone')
      expect(data.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      )
      for (const icon of data.icons) {
        const res = await page.request.get(icon.src)
        expect(res.headers()['content-type']).toBe('image/png')
      }

      // Signed in and reading the API: nothing of it lands in the worker's cache.
      const user = await signIn(page, 'demo', 'demo1234')
      await page.goto('/orders')
      await appStarted(page)
      // The page's own chunk has arrived (it is fetched as the app starts): going offline before
      // would fail its import, which is not what this checks.
      await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor()
      await page.evaluate((id) => fetch(`/api/users/${id}/wallet`).then((r) => r.text()), user.id)
      const cached = await page.evaluate(async () => {
        const urls: string[] = []
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname)
        return urls
      })
      expect(cached.length).toBeGreaterThan(0)
      expect(cached.filter((path) => !path.startsWith('/assets/') && !path.includes('.'))).toEqual([])
      expect(cached.some((path) => path.startsWith('/api/'))).toBe(false)

      await context.setOffline(true)
      await page.goto('/orders').catch(() => undefined)
      await page.getByRole('heading', { name: 'You are offline' }).waitFor()
      await screenshot(page, 'push-offline-page')
      await context.setOffline(false)
      expect(errors).toEqual([])
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  }, 120_000)

  it('offers notifications after an order, pushes a bump and opens the order when the notification is clicked', async () => {
    // The diner's browser: notifications allowed (Chromium's permission override) and a
    // subscription from the push service on 127.0.0.1.
    const keys = createSubscriberKeys()
    const endpoint = receiver.endpoint()
    const page = await journey.openPage({ ...withWorker, permissions: ['notifications'] })
    await page.context().addInitScript(
      ({ endpoint, keys }) => {
        const fake = (key: BufferSource) => ({
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: key, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            localStorage.removeItem('fake-push')
            return true
          },
        })
        PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
          localStorage.setItem('fake-push', '1')
          return fake(options!.applicationServerKey as BufferSource) as unknown as PushSubscription
        }
        PushManager.prototype.getSubscription = async () =>
          (localStorage.getItem('fake-push') ? fake(new ArrayBuffer(0)) : null) as unknown as PushSubscription
      },
      { endpoint, keys: keys.keys },
    )
    await page.goto('/healthz')
    const user = await signIn(page, 'demo', 'demo1234')
    const active = (await (await page.request.get(`/api/users/${user.id}/active-orders`)).json()) as Array<{
      id: number
      status: string
    }>
    const orderId = active.find((o) => o.status === 'preparing')!.id
    expect((await page.request.post('/api/stream-access', { data: { orderId } })).status()).toBe(200)
    await page.goto('/')
    await workerReady(page)
    await page.evaluate(
      ([key, id]) =>
        sessionStorage.setItem(
          key,
          JSON.stringify({ [id]: { grantedAt: Date.now(), expiresAt: Date.now() + 20 * 60_000 } }),
        ),
      [STREAM_ACCESS_STORAGE_KEY, orderId] as const,
    )

    // The order's page offers notifications quietly; the browser's prompt comes only from "Turn on".
    await page.goto(`/stream/${orderId}`)
    await appStarted(page)
    const prompt = page.getByTestId('push-prompt')
    await prompt.waitFor()
    await prompt.getByRole('button', { name: 'Turn on' }).click()
    await page.getByTestId('push-prompt-done').waitFor()
    const devices = (await (await page.request.get(`/api/users/${user.id}/push-subscriptions`)).json()) as {
      devices: Array<{ endpoint: string }>
    }
    expect(devices.devices.map((d) => d.endpoint)).toEqual([endpoint])

    // The profile shows this device on and the kinds to push.
    await page.goto('/profile')
    await appStarted(page)
    await page.getByRole('tab', { name: 'Notifications' }).click()
    await page.getByTestId('push-device-state').and(page.locator('[data-state="on"]')).waitFor()
    await expect(page.getByRole('switch', { name: 'Cooking started' })).toBeTruthy()
    await page.getByTestId('push-preferences').waitFor()
    // The demo diner owns no restaurant: the restaurant's two kinds are not offered.
    expect(await page.getByRole('switch').count()).toBe(PUSH_KINDS.length - OWNER_PUSH_KINDS.length)

    // The restaurant's kitchen bumps the order: the push arrives, encrypted for this browser and
    // signed with the app's key.
    const kitchen = await journey.openPage()
    await kitchen.goto('/healthz')
    await signIn(kitchen, 'chef', 'chef1234')
    expect(
      (await kitchen.request.put('/api/restaurants/1/kitchen/mode', { data: { mode: 'staffed' } })).status(),
    ).toBe(200)
    const bumped = await kitchen.request.post(`/api/orders/${orderId}/advance`, {
      data: { from: 'preparing' },
    })
    expect(bumped.status()).toBe(200)
    const push = await receiver.waitFor(endpoint)
    const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as {
      publicKey: string
    }
    verifyVapid(push.headers.authorization, { publicKey, audience: receiver.origin })
    const plaintext = keys.decrypt(push.body)
    const payload = JSON.parse(plaintext) as PushPayload
    expect(payload).toMatchObject({ kind: 'cooking', url: `/stream/${orderId}`, tag: `order-${orderId}` })

    // The browser hands it to the service worker, which shows it.
    const cdp: CDPSession = await page.context().newCDPSession(page)
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = (registrations as Array<{ registrationId: string; isDeleted: boolean }>).find(
          (r) => !r.isDeleted,
        )
        if (ours) resolve(ours.registrationId)
      })
      void cdp.send('ServiceWorker.enable')
    })
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: journey.server.url,
      registrationId,
      data: plaintext,
    })
    const shown = await waitForNotification(page, payload.title)
    expect(shown).toMatchObject({ title: payload.title, body: payload.body, tag: `order-${orderId}` })
    await screenshot(page, 'push-profile-on')

    // A click on it takes the app to the order's live page.
    const [worker] = page.context().serviceWorkers()
    expect(worker).toBeDefined()
    await worker!.evaluate(async () => {
      // The worker's globals (ServiceWorkerGlobalScope, NotificationEvent), typed by hand: the
      // journey is compiled with the page's types.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration
        dispatchEvent(event: Event): boolean
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      }
      const [notification] = await scope.registration.getNotifications()
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }))
    })
    await page.waitForURL(`**/stream/${orderId}`)
    await page.getByTestId('order-number').waitFor()
    journey.expectNoPageErrors()
  }, 180_000)
})

async function waitForNotification(page: Page, title: string) {
  for (let i = 0; i < 100; i++) {
    const found = await page.evaluate(async (wanted) => {
      const registration = await navigator.serviceWorker.ready
      const list = await registration.getNotifications()
      const n = list.find((x) => x.title === wanted)
      return n ? { title: n.title, body: n.body, tag: n.tag } : undefined
    }, title)
    if (found) return found
    await page.waitForTimeout(100)
  }
  throw new Error(`no notification "${title}"`)
}
