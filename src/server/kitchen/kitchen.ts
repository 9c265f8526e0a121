import type { KitchenDriver } from './kitchen-driver'

export interface Kitchen {
  start(): void
  stop(): Promise<void>
}

/**
 * The kitchen of this instance: the drivers that move orders. Each driver decides which orders
 * are its own; today the autopilot is the only driver and drives every active order.
 */
export function createKitchen({ drivers }: { drivers: KitchenDriver[] }): Kitchen {
  return {
    start() {
      for (const driver of drivers) driver.start()
    },
    async stop() {
      await Promise.all(drivers.map((driver) => driver.stop()))
    },
  }
}
