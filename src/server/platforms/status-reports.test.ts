import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../testing/build-test-app'

// A bump reports the order's status to its platform without waiting for it (app.ts). When the
// app closes, the reports under way finish before the database closes, and none starts after.
describe('status reports to the platforms, as the app closes', () => {
  it('waits for a report under way, and starts none once the platforms have stopped', async () => {
    const app = await buildTestApp()
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const underWay = app.platforms.orders.reportStatus(1, 'cooking')
      await app.close()
      await expect(underWay).resolves.toBeUndefined()
      // The database is closed: a report now would fail in it.
      await expect(app.platforms.orders.reportStatus(1, 'plating')).resolves.toBeUndefined()
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
