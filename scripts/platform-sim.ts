/**
 * A delivery platform simulator for trying a restaurant's integration on one machine: a fake
 * marketplace (the platform's API: token, order read, accept/deny, menus) that records every
 * call, and signed order webhooks sent to the server every few seconds from the restaurant's
 * published menu, with the platform's retry schedule.
 *
 *   npm run platform-sim -- --platform ubereats --integration 3 --secret CLIENT_SECRET \
 *     --url http://localhost:5000 [--every 60] [--port 5055]
 *
 * Start the server with UBEREATS_API_URL (or DOORDASH_API_URL) set to the simulator's address
 * (http://127.0.0.1:5055 by default); for Grubhub, Seamless and Postmates set the integration's
 * webhook URL to http://127.0.0.1:5055/generic/<platform> and OUTBOUND_PRIVATE_HOSTS=true.
 *
 * Options: --platform ubereats|doordash|grubhub|seamless|postmates, --integration ID, --secret
 * (Uber Eats: the client secret; others: the API key), --store (Uber Eats' store ID), --url,
 * --every seconds (default 60), --count n (stop after n orders), --restaurant ID (its public
 * menu until the server publishes one), --port, and chaos: --duplicate, --out-of-order,
 * --bad-signature-every n, --cancel-rate 0..1, --slow-api ms, --fail-api status.
 */
import { parseArgs } from 'node:util'
import { PLATFORMS, type Platform } from '../src/server/platforms/adapter'
import { startMarketplace } from '../src/server/testing/marketplace-fake'
import { createPlatformSimulator } from '../src/server/testing/platform-sim'

const { values } = parseArgs({
  options: {
    platform: { type: 'string', default: 'ubereats' },
    integration: { type: 'string' },
    secret: { type: 'string' },
    store: { type: 'string' },
    url: { type: 'string', default: 'http://localhost:5000' },
    every: { type: 'string', default: '60' },
    count: { type: 'string' },
    restaurant: { type: 'string' },
    port: { type: 'string', default: '5055' },
    duplicate: { type: 'boolean', default: false },
    'out-of-order': { type: 'boolean', default: false },
    'bad-signature-every': { type: 'string' },
    'cancel-rate': { type: 'string' },
    'slow-api': { type: 'string' },
    'fail-api': { type: 'string' },
  },
})

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

const platform = values.platform as Platform
if (!PLATFORMS.includes(platform)) fail(`--platform must be one of ${PLATFORMS.join(', ')}`)
const integrationId = Number(values.integration)
if (!Number.isInteger(integrationId) || integrationId < 1) fail('--integration ID is required (the number in the inbound URL)')
const secret = values.secret ?? process.env.PLATFORM_SECRET
if (!secret) fail('--secret is required: Uber Eats’ client secret, or the API key of the other platforms')

const market = await startMarketplace({ port: Number(values.port), log: true })
if (values['slow-api']) market.chaos.slowMs = Number(values['slow-api'])
if (values['fail-api']) market.chaos.failStatus = Number(values['fail-api'])
const sim = createPlatformSimulator({
  platform,
  integrationId,
  url: values.url!.replace(/\/+$/, ''),
  secret,
  storeId: values.store,
  market,
  restaurantId: values.restaurant ? Number(values.restaurant) : undefined,
  chaos: {
    duplicate: values.duplicate,
    outOfOrder: values['out-of-order'],
    badSignatureEvery: values['bad-signature-every'] ? Number(values['bad-signature-every']) : undefined,
    cancelRate: values['cancel-rate'] ? Number(values['cancel-rate']) : undefined,
  },
  log: (line) => console.log(`webhook ${line}`),
})

console.log(`${platform} simulator: API at ${market.url}, sending to ${values.url}/api/integrations/${integrationId}/webhook`)
if (platform === 'ubereats') console.log(`Start the server with UBEREATS_API_URL=${market.url}`)
else if (platform === 'doordash') console.log(`Start the server with DOORDASH_API_URL=${market.url}`)
else console.log(`Set the integration's webhook URL to ${market.url}/generic/${platform} (with OUTBOUND_PRIVATE_HOSTS=true)`)

const every = Math.max(0.2, Number(values.every)) * 1000
const limit = values.count ? Number(values.count) : Number.POSITIVE_INFINITY
let sentOrders = 0
const tick = async () => {
  if (sentOrders >= limit) {
    console.log(`done: ${JSON.stringify(sim.stats)}`)
    await market.close()
    process.exit(0)
  }
  sentOrders++
  await sim.sendOrder().catch((error: unknown) => console.error(String(error)))
  setTimeout(() => void tick(), every)
}
process.on('SIGINT', () => {
  console.log(`\n${JSON.stringify(sim.stats)}; API calls received: ${market.calls.length}`)
  void market.close().then(() => process.exit(0))
})
void tick()
