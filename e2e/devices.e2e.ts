import { describe, expect, it } from 'vitest'
import { ovenCurve, sendReadings } from '../scripts/device'
import { looks, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

async function chefCookie(origin: string) {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'chef', password: 'chef1234' }),
  })
  expect(res.status).toBe(200)
  const [name, value] = res.headers.getSetCookie()[0]!.split(';')[0]!.split('=') as [string, string]
  return { name, value }
}

describe.skipIf(process.env.E2E_SKIP === '1')('kitchen sensors', () => {
  const journey = setupJourney({ env: { CAMERAS_ENABLED: 'false' } })

  it('registers a sensor with its key shown once, sees its readings live, and revokes it', async () => {
    const origin = journey.server.url
    const cookie = await chefCookie(origin)
    const page = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    await page.context().addCookies([{ ...cookie, url: origin }])
    await page.goto('/partner/devices')
    await page.getByLabel('Device name').fill('Pizza oven')
    await page.getByLabel('Measures').selectOption('oven')
    await page.getByRole('button', { name: 'Register device' }).click()
    const keyField = page.getByTestId('device-key')
    await keyField.waitFor()
    const key = await keyField.inputValue()
    expect(key).toMatch(/^cpd_[A-Za-z0-9_-]{43}$/)
    await screenshot(page, 'devices-key-once')
    await page.getByRole('button', { name: 'I have saved the key' }).click()
    const row = page.getByTestId('device-row').filter({ hasText: 'Pizza oven' })
    await expect.poll(() => row.getByTestId('device-status').textContent()).toBe('Never reported')
    expect(await row.textContent()).toContain(key.slice(-4))
    expect(await page.content()).not.toContain(key)

    // The simulator's oven curve, sent for the showcase order (restaurant 1 is the chef's).
    const showcase = (await (await fetch(`${origin}/api/showcase`)).json()) as { orderId: number }
    const curve = ovenCurve({ seed: 3 })
    const send = (t: number) =>
      sendReadings({ url: origin, key, orderId: showcase.orderId }, [{ ...curve(t), recordedAt: new Date() }])
    expect((await send(200)).status).toBe(202)

    await page.reload()
    await expect
      .poll(() => row.getByTestId('device-status').textContent(), { timeout: 15_000 })
      .toBe('Online')
    expect(await row.textContent()).toMatch(/°F/)

    // Light and dark, phone, tablet and desktop.
    for (const theme of looks(['light', 'dark'] as const)) {
      await page.evaluate((t) => localStorage.setItem('clearplate-theme', t), theme)
      for (const width of looks([390, 1024, 1366])) {
        await page.setViewportSize({ width, height: 900 })
        await page.reload()
        await row.waitFor()
        await screenshot(page, `devices-${width}-${theme}`)
      }
    }
    await page.evaluate(() => localStorage.setItem('clearplate-theme', 'light'))
    await page.setViewportSize({ width: 1366, height: 900 })

    // A viewer of the order sees the sensor named on the overlay.
    const viewer = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    await viewer.goto('/')
    const overlay = viewer.getByTestId('telemetry').first()
    await overlay.waitFor({ timeout: 30_000 })
    await send(210)
    await expect
      .poll(() => viewer.getByTestId('telemetry-source').first().textContent(), { timeout: 20_000 })
      .toBe('Sensor · Pizza oven')
    await screenshot(viewer, 'devices-overlay-sensor')

    // Revoke: gone from the list, and the key no longer works.
    await page.reload()
    await row.getByRole('button', { name: 'Revoke' }).click()
    await page.getByRole('button', { name: 'Revoke key' }).click()
    await row.waitFor({ state: 'detached' })
    expect((await send(220)).status).toBe(401)
    journey.expectNoPageErrors()
  })
})
