import { createKitchenEngine } from '../demo/autopilot'
import { runDemoPlatformOrders, startDemoMarketplace } from '../demo/platform-orders'
import { seedDemo } from '../demo/seed'
import { demoWorld } from '../demo/world'
import { buildApp } from './app'
import { ConfigError, parseConfig } from './config'
import { openDatabase } from './db/client'
import { createTelemetryRetention, RETENTION_LOCK_KEY } from './devices/telemetry-retention'
import { createBus } from './infra/create-bus'
import { createMetrics } from './infra/metrics'
import { createEngineLock, STAFFED_LOCK_KEY } from './kitchen/engine-lock'
import { createKitchen } from './kitchen/kitchen'
import { createStaffedDriver } from './kitchen/staffed-driver'
import { createOwnerWatch, OWNER_WATCH_LOCK_KEY } from './notifications/owner-watch'
import { AppSecretMismatchError, checkAppSecret } from './partners/app-secret-check'
import { loadAppSecret } from './partners/secrets'

async function main() {
  // Where a start's time goes, in the "listening" log line (milliseconds since the process began).
  const startup: Record<string, number> = { modulesLoaded: Math.round(performance.now()) }
  const mark = (step: string) => {
    startup[step] = Math.round(performance.now())
  }
  const config = parseConfig()
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  )
  mark('databaseOpen')
  await database.migrate()
  mark('migrated')
  // A secret that cannot open what the database holds stops the start (AppSecretMismatchError).
  const secretCheck = await checkAppSecret(database, loadAppSecret(config), config.appSecretPrevious)
  if (config.seedDemo) await seedDemo(database.db, { orderMs: config.kitchen.orderMs })
  mark('seeded')
  const metrics = createMetrics()
  const bus = await createBus(config, { metrics })
  // The demo's Uber Eats: a simulator in this process stands for the platform's API.
  const demoMarket = config.platforms.demoOrdersEverySeconds ? await startDemoMarketplace(config) : undefined
  const app = await buildApp({ world: demoWorld, config, database, bus, metrics })
  mark('appBuilt')
  // The kitchen's drivers: the demo world's autopilot drives the orders.
  const kitchen = config.kitchen.enabled
    ? createKitchen({
        drivers: [
          createKitchenEngine({
            db: database.db,
            bus,
            config,
            lock: createEngineLock(database, config.databaseUrl),
            orderStatus: app.orderStatus,
            upsells: app.upsells,
            shouts: app.chef,
            log: app.log,
            sensors: (orders, now) => app.devices.activity(orders, now),
            onLoopLag: (seconds) => metrics.kitchenLoopLag.observe(seconds),
            onStatusChanged: (orderId) => app.kitchen.ticketChanged(orderId),
          }),
          // Staffed kitchens: progress and telemetry by the estimate between the kitchen's bumps.
          createStaffedDriver({
            db: database.db,
            bus,
            config,
            lock: createEngineLock(database, config.databaseUrl, STAFFED_LOCK_KEY),
            upsells: app.upsells,
            log: app.log,
            sensors: (orders, now) => app.devices.activity(orders, now),
          }),
        ],
      })
    : undefined
  // Old sensor readings go hourly, on one instance at a time.
  const retention = createTelemetryRetention({
    db: database.db,
    retentionMs: config.telemetryRetentionMs,
    lock: createEngineLock(database, config.databaseUrl, RETENTION_LOCK_KEY),
    log: app.log,
  })

  // Late orders and silent sensors become their owners' notices, on one instance at a time.
  const ownerWatch = createOwnerWatch({
    notices: app.ownerNotices,
    lock: createEngineLock(database, config.databaseUrl, OWNER_WATCH_LOCK_KEY),
    log: app.log,
  })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await kitchen?.stop()
      await retention.stop()
      await ownerWatch.stop()
      // Stops accepting connections, waits for in-flight requests, runs every onClose hook.
      await app.close()
      await bus.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  mark('listening')
  if (secretCheck === 'rotated') app.log.warn('stored secrets re-encrypted with the new APP_SECRET')
  app.log.info({ startupMs: startup }, 'ready')
  kitchen?.start()
  retention.start()
  ownerWatch.start()
  if (demoMarket)
    await runDemoPlatformOrders({
      db: database.db,
      config,
      market: demoMarket,
      serverUrl: `http://127.0.0.1:${config.port}`,
      everySeconds: config.platforms.demoOrdersEverySeconds!,
      log: app.log,
    })
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof AppSecretMismatchError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
