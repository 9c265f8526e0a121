/**
 * Delivery platforms under load: the real server (its own process, PGlite unless --database-url)
 * with 20 integrations on the demo's first restaurant, staffed (7 Uber Eats, 7 DoorDash, 6 Grubhub), the
 * platforms' simulator on 127.0.0.1, and the kitchen console open (a live socket subscribed to
 * the kitchen). Signed order webhooks arrive at 50 a second for 60 s, one in ten sent twice as
 * the platforms redeliver. Measured: each webhook's answer time, and the time from sending an
 * order to its ticket reaching the console; then every order is checked to be in the kitchen once.
 *
 *   npm run bench:platforms                       # 50 a second for 60 s
 *   npm run bench:platforms -- --rate 20 --seconds 10
 *   npm run bench:platforms -- --browser          # the console also open in Chromium, on this machine
 *
 * Options: --rate webhooks a second (50), --seconds (60), --database-url (PostgreSQL instead of PGlite: a
 * URL that may create databases; the run gets a fresh database of its own, dropped at the end),
 * --profile FILE (the server's V8 tick log, written as it runs: `node --prof-process FILE` says
 * where its time went), --browser (the kitchen console page open in Chromium at 1024 px as the
 * chef, beside the measuring socket; it shares this machine's two cores with the server).
 */
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { chromium } from 'playwright-core'
import WebSocket from 'ws'
import { startServer } from '../e2e/support/server'
import {
  doorDashWebhook,
  genericWebhook,
  type SignedWebhook,
  startMarketplace,
  uberOrderWebhook,
} from '../src/server/testing/marketplace-fake'
import { vapidEnv } from '../src/server/testing/vapid-env'

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    'database-url': { type: 'string' },
    profile: { type: 'string' },
    browser: { type: 'boolean', default: false },
  },
})
const RATE = Number(args.rate)
const SECONDS = Number(args.seconds)

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const market = await startMarketplace()
const env: Record<string, string> = {
  UBEREATS_API_URL: market.url,
  DOORDASH_API_URL: market.url,
  OUTBOUND_PRIVATE_HOSTS: 'true',
  CAMERAS_ENABLED: 'false',
  KITCHEN_ORDER_SECONDS: '3600',
  LOG_LEVEL: 'warn',
}
// On PostgreSQL the run has a fresh database of its own: the server migrates and seeds it.
const admin = args['database-url'] ? new pg.Client({ connectionString: args['database-url'] }) : undefined
const databaseName = `clearplate_platforms_${randomUUID().slice(0, 8)}`
if (admin) {
  await admin.connect()
  await admin.query(`create database ${databaseName}`)
  const url = new URL(args['database-url']!)
  url.pathname = `/${databaseName}`
  Object.assign(env, {
    DATABASE_URL: url.toString(),
    APP_SECRET: randomUUID() + randomUUID(),
    ...vapidEnv(),
  })
}
const server = await startServer(env, {
  nodeArgs: args.profile ? ['--prof', '--no-logfile-per-isolate', `--logfile=${args.profile}`] : [],
}).catch(async (error) => {
  await admin?.query(`drop database if exists ${databaseName} with (force)`)
  throw error
})
let exitCode = 0
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'chef', password: 'chef1234' }),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  // A staffed kitchen: each order waits on the console for the kitchen to accept it.
  const mode = await fetch(`${server.url}/api/restaurants/1/kitchen/mode`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ mode: 'staffed' }),
  })
  if (mode.status !== 200) throw new Error(`kitchen mode: ${mode.status}`)
  const menu = (await (await fetch(`${server.url}/api/restaurants/1/menu`)).json()) as {
    id: number
    name: string
    price: number
  }[]

  type Integration = { id: number; platform: string; secret: string }
  const integrations: Integration[] = []
  for (let i = 0; i < 20; i++) {
    const platform = i < 7 ? 'ubereats' : i < 14 ? 'doordash' : 'grubhub'
    const secret = `bench-secret-${i}-${randomUUID()}`
    const payload =
      platform === 'ubereats'
        ? {
            platform,
            apiKey: `key-${secret}`,
            clientId: `client-${i}`,
            clientSecret: secret,
            storeId: `store-${i}`,
          }
        : platform === 'doordash'
          ? { platform, apiKey: secret, storeId: `dd-${i}` }
          : { platform, apiKey: secret, merchantId: `gh-${i}`, webhookUrl: `${market.url}/generic/${i}` }
    const res = await fetch(`${server.url}/api/restaurants/1/delivery-integrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...payload, syncEnabled: true }),
    })
    if (res.status !== 201) throw new Error(`integration ${i}: ${res.status} ${await res.text()}`)
    integrations.push({ id: ((await res.json()) as { id: number }).id, platform, secret })
  }

  // The console: a live socket on the kitchen's channel.
  const arrived = new Map<string, number>()
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
    headers: { cookie, origin: server.url },
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  socket.send(JSON.stringify({ type: 'subscribe_kitchen', restaurantId: 1 }))
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      type: string
      order?: { platform?: { externalId: string } | null }
    }
    const externalId = message.type === 'kitchen_order' ? message.order?.platform?.externalId : undefined
    if (externalId && !arrived.has(externalId)) arrived.set(externalId, performance.now())
  })
  // The console as a kitchen sees it: the page, signed in as the chef, following the same channel.
  const browser = args.browser
    ? await chromium.launch({
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu'],
      })
    : undefined
  const consolePage = browser
    ? await (async () => {
        const context = await browser.newContext({
          viewport: { width: 1024, height: 768 },
          baseURL: server.url,
        })
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const [name, ...value] = pair.split('=')
            return { name: name!, value: value.join('='), url: server.url }
          }),
        )
        const page = await context.newPage()
        await page.goto('/kitchen/1')
        await page.getByTestId('kitchen-mode').waitFor({ timeout: 60_000 })
        return page
      })()
    : undefined
  await new Promise((r) => setTimeout(r, 500))

  const sentAt = new Map<string, number>()
  let last: { integration: Integration; hook: SignedWebhook & { orderId: string } } | undefined
  const answers: number[] = []
  const statuses = new Map<number, number>()
  let n = 0
  const hookFor = (integration: Integration): SignedWebhook & { orderId: string } => {
    const dish = menu[n % menu.length]!
    const lines = [
      {
        menuItemId: dish.id,
        name: dish.name,
        quantity: 1 + (n % 3),
        priceCents: Math.round(dish.price * 100),
      },
    ]
    if (integration.platform === 'ubereats')
      return uberOrderWebhook(market, {
        clientSecret: integration.secret,
        storeId: `store-${integrations.indexOf(integration)}`,
        lines,
      })
    if (integration.platform === 'doordash')
      return doorDashWebhook({ apiKey: integration.secret, type: 'OrderCreate', lines })
    return genericWebhook({ apiKey: integration.secret, type: 'order.created', lines })
  }
  const send = async (integration: Integration, hook: SignedWebhook & { orderId: string }) => {
    const started = performance.now()
    if (!sentAt.has(hook.orderId)) sentAt.set(hook.orderId, started)
    let status = 0
    try {
      const res = await fetch(`${server.url}/api/integrations/${integration.id}/webhook`, {
        method: 'POST',
        headers: hook.headers,
        body: hook.body,
      })
      await res.arrayBuffer()
      status = res.status
    } catch {
      // No answer (the platform would send it again).
    }
    answers.push(performance.now() - started)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  }

  console.log(`sending ${RATE} webhooks a second for ${SECONDS} s across ${integrations.length} integrations`)
  const inFlight: Promise<void>[] = []
  const start = performance.now()
  const total = RATE * SECONDS
  let duplicates = 0
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const integration = integrations[i % integrations.length]!
    n = i
    // One in ten is a redelivery of the previous order (the same event).
    if (i % 10 === 9 && last) {
      duplicates++
      inFlight.push(send(last.integration, last.hook))
      continue
    }
    const hook = hookFor(integration)
    last = { integration, hook }
    inFlight.push(send(integration, hook))
  }
  await Promise.all(inFlight)
  const sendSeconds = (performance.now() - start) / 1000
  // Every order on the console, or 15 s of waiting.
  const until = performance.now() + 15_000
  while (arrived.size < sentAt.size && performance.now() < until) await new Promise((r) => setTimeout(r, 100))
  socket.close()
  // The tickets the console page shows once the socket has them all, and how long the page took
  // to show every one (30 s at most).
  const ticketCards = () =>
    consolePage!.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid^="ticket-"]')].filter((e) =>
          /^ticket-\d+$/.test(e.dataset.testid ?? ''),
        ).length,
    )
  let pageTickets: { atEnd: number; all: boolean; caughtUpMs: number } | undefined
  if (consolePage) {
    const endedAt = performance.now()
    const atEnd = await ticketCards()
    let shown = atEnd
    while (shown < sentAt.size && performance.now() - endedAt < 30_000) {
      await new Promise((r) => setTimeout(r, 250))
      shown = await ticketCards()
    }
    pageTickets = { atEnd, all: shown >= sentAt.size, caughtUpMs: Math.round(performance.now() - endedAt) }
  }
  await browser?.close()

  const toConsole = [...sentAt].flatMap(([id, at]) => (arrived.has(id) ? [arrived.get(id)! - at] : []))
  // Whether the inbox keeps up: p99 to the console of the orders sent in each 10 s of the run
  // (a backlog that grows shows as a rising line; an order never on the console counts as 60 s).
  const byWindow = new Map<number, number[]>()
  for (const [id, at] of sentAt) {
    const window = Math.floor((at - start) / 10_000) * 10
    byWindow.set(window, [...(byWindow.get(window) ?? []), arrived.has(id) ? arrived.get(id)! - at : 60_000])
  }
  const kitchen = (await (
    await fetch(`${server.url}/api/restaurants/1/kitchen`, { headers: { cookie } })
  ).json()) as { orders: { platform?: { externalId: string } | null }[] }
  const inKitchen = kitchen.orders.flatMap((t) => (t.platform ? [t.platform.externalId] : []))
  const once = new Set(inKitchen)
  const missing = [...sentAt.keys()].filter((id) => !once.has(id))
  const report = {
    loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
    webhooks: answers.length,
    duplicatesSent: duplicates,
    seconds: Number(sendSeconds.toFixed(1)),
    answers: Object.fromEntries(statuses),
    answerMs: {
      p50: Math.round(percentile(answers, 50)),
      p99: Math.round(percentile(answers, 99)),
      max: Math.round(Math.max(...answers)),
    },
    orders: sentAt.size,
    onConsole: toConsole.length,
    toConsoleMs: {
      p50: Math.round(percentile(toConsole, 50)),
      p99: Math.round(percentile(toConsole, 99)),
      max: Math.round(Math.max(...toConsole)),
    },
    toConsoleP99By10s: Object.fromEntries(
      [...byWindow].map(([window, values]) => [`${window}s`, Math.round(percentile(values, 99))]),
    ),
    inKitchen: inKitchen.length,
    inKitchenTwice: inKitchen.length - once.size,
    missing: missing.length,
    platformCalls: market.calls.length,
    ...(pageTickets === undefined ? {} : { consolePage: pageTickets }),
  }
  console.log(JSON.stringify(report, null, 2))
  const met =
    report.answerMs.p99 <= 200 &&
    report.toConsoleMs.p99 <= 1000 &&
    report.missing === 0 &&
    report.inKitchenTwice === 0
  console.log(
    met ? 'targets met: every order once, p99 to console ≤ 1 s, answers ≤ 200 ms p99' : 'targets NOT met',
  )
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await server.stop()
  await market.close()
  if (admin) {
    await admin.query(`drop database if exists ${databaseName} with (force)`)
    await admin.end()
  }
}
process.exit(exitCode)
