/**
 * The demo's Uber Eats: with DEMO_PLATFORM_ORDERS=<seconds>, main.ts runs the platform simulator
 * in the server's process (its fake marketplace on 127.0.0.1 as Uber Eats' API) against the
 * demo's first restaurant, so a new user sees Uber Eats orders arrive on its kitchen console
 * (an autopilot kitchen accepts them at once; a staffed one asks). Only where no real Uber Eats
 * API is configured.
 */
import { and, eq } from 'drizzle-orm'
import type { Config } from '../server/config'
import type { Db } from '../server/db/client'
import { deliveryPlatformIntegrations, restaurants } from '../server/db/schema'
import { createSecretBox, loadAppSecret } from '../server/partners/secrets'
import { type Marketplace, startMarketplace } from '../server/testing/marketplace-fake'
import { createPlatformSimulator } from '../server/testing/platform-sim'

const DEMO_SECRET = 'demo-uber-eats-client-secret'
const DEMO_STORE = 'demo-store-1'

/** Starts the fake marketplace and points the config's Uber Eats at it (before the app is built). */
export async function startDemoMarketplace(config: Config): Promise<Marketplace> {
  const market = await startMarketplace()
  config.platforms.ubereatsApiUrl = market.url
  config.platforms.ubereatsAuthUrl = market.url
  return market
}

/** Connects Uber Eats on the demo's first restaurant (once) and sends it an order every `everySeconds`. */
export async function runDemoPlatformOrders(input: {
  db: Db
  config: Config
  market: Marketplace
  serverUrl: string
  everySeconds: number
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}): Promise<() => Promise<void>> {
  const { db, config, market } = input
  const [restaurant] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.isDemo, true))
    .limit(1)
  if (!restaurant) return async () => market.close()
  const box = createSecretBox(loadAppSecret(config))
  const [existing] = await db
    .select({ id: deliveryPlatformIntegrations.id })
    .from(deliveryPlatformIntegrations)
    .where(
      and(
        eq(deliveryPlatformIntegrations.restaurantId, restaurant.id),
        eq(deliveryPlatformIntegrations.platform, 'ubereats'),
      ),
    )
  const integrationId =
    existing?.id ??
    (
      await db
        .insert(deliveryPlatformIntegrations)
        .values({
          restaurantId: restaurant.id,
          platform: 'ubereats',
          status: 'connected',
          apiKey: box.seal('demo-uber-eats-api-key', 'apiKey'),
          clientId: 'demo-client',
          clientSecret: box.seal(DEMO_SECRET, 'clientSecret'),
          storeId: DEMO_STORE,
        })
        .returning({ id: deliveryPlatformIntegrations.id })
    )[0]!.id
  const sim = createPlatformSimulator({
    platform: 'ubereats',
    integrationId,
    url: input.serverUrl,
    secret: DEMO_SECRET,
    storeId: DEMO_STORE,
    market,
    restaurantId: restaurant.id,
    chaos: { cancelRate: 0.05 },
  })
  input.log.info({ integrationId, everySeconds: input.everySeconds }, 'demo Uber Eats orders on')
  const timer = setInterval(() => {
    sim.sendOrder().catch((err: unknown) => input.log.warn({ err }, 'demo Uber Eats order not sent'))
  }, input.everySeconds * 1000)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await market.close()
  }
}
