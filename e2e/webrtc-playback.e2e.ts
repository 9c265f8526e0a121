import { describe, expect, it } from 'vitest'
import { storeGrant } from './diner-support'
import { appStarted, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

/**
 * Console errors of a page, which this journey must not see. A signed-out visitor's session
 * check answers 401 by design (Chromium logs it as a failed resource): that one is not the picture's.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const url = message.location().url
    if (/status of 401/.test(message.text()) && /\/api\/user\b/.test(url)) return
    errors.push(`${message.text()} (${url})`)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Opens the showcase order's stream page, with the access a diner gets from its order number. */
async function openStream(page: Page) {
  await page.goto('/')
  await appStarted(page)
  await storeGrant(page, 1, 20 * 60_000)
  await page.goto('/stream/1')
  await page.getByTestId('order-number').waitFor()
}

/** Frames the playing video has decoded so far, as the page sees them. */
function framesShown(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0)
}

describe.skipIf(process.env.E2E_SKIP === '1')('a diner watching the kitchen in real time', () => {
  const journey = setupJourney({ env: { CAMERAS_ENABLED: 'true', WEBRTC_BIND_ADDRESS: '127.0.0.1' } })

  it('plays the stream page over WebRTC, frames decoded, marked Real-time', async () => {
    const page = await journey.openPage()
    const errors = consoleErrors(page)
    // Keeps the page's peer connections in reach of the test.
    await page.addInitScript(() => {
      const Native = window.RTCPeerConnection
      const seen: RTCPeerConnection[] = []
      ;(window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = seen
      window.RTCPeerConnection = class extends Native {
        constructor(config?: RTCConfiguration) {
          super(config)
          seen.push(this)
        }
      } as typeof RTCPeerConnection
    })
    await openStream(page)
    await page.locator('[data-testid="playback-mode"][data-mode="webrtc"]').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('playback-mode').textContent()).toBe('Real-time')

    // A real connection, decoding the camera's H.264.
    await page.waitForFunction(
      async () => {
        const pcs = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections
        const pc = pcs.at(-1)
        if (pc?.connectionState !== 'connected') return false
        let decoded = 0
        for (const report of (await pc.getStats()).values())
          if (report.type === 'inbound-rtp' && report.kind === 'video') decoded = report.framesDecoded ?? 0
        return decoded > 40
      },
      undefined,
      { timeout: 20_000, polling: 250 },
    )
    const video = await page.evaluate(() => {
      const element = document.querySelector('video')!
      return {
        stream: element.srcObject instanceof MediaStream,
        width: element.videoWidth,
        height: element.videoHeight,
      }
    })
    expect(video).toEqual({ stream: true, width: 640, height: 360 })
    const before = await framesShown(page)
    await page.waitForFunction(
      (n) => (document.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0) > n + 20,
      before,
      {
        timeout: 10_000,
      },
    )
    // Over WebRTC the overlay shows the newest reading: the picture is as fresh as it is.
    expect(await page.getByTestId('telemetry').getAttribute('data-synced')).toBe('newest')
    await screenshot(page, 'stream-webrtc')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('shows the kitchen console what diners see, in real time, beside the tickets of a 1024 px tablet', async () => {
    const page = await journey.openPage({ viewport: { width: 1024, height: 768 } })
    const errors = consoleErrors(page)
    expect(
      (await page.request.post('/api/login', { data: { username: 'chef', password: 'chef1234' } })).status(),
    ).toBe(200)
    await page.goto('/kitchen/1')
    await page.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    // Closed until the team opens it: a console left on all service plays nothing unasked.
    expect(await page.locator('video').count()).toBe(0)
    await page.getByRole('button', { name: 'What diners see' }).click()
    const panel = page.getByTestId('kitchen-camera')
    await panel.locator('[data-testid="playback-mode"][data-mode="webrtc"]').waitFor({ timeout: 30_000 })
    const video = await panel.locator('video').evaluate((element: HTMLVideoElement) => ({
      muted: element.muted,
      stream: element.srcObject instanceof MediaStream,
      width: element.getBoundingClientRect().width,
    }))
    expect(video).toMatchObject({ muted: true, stream: true })
    // It keeps to the side column: the tickets keep the rest of the width.
    expect(video.width).toBeLessThanOrEqual(256)
    const tickets = await page.getByRole('region', { name: 'Tickets' }).boundingBox()
    expect(tickets!.width).toBeGreaterThan(650)
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLVideoElement>('[data-testid="kitchen-camera"] video')?.currentTime ?? 0) >
        1,
      undefined,
      { timeout: 15_000 },
    )
    await screenshot(page, 'kitchen-console-camera-dark')
    await page.getByRole('button', { name: 'Light theme' }).click()
    await page.getByRole('button', { name: 'Dark theme' }).waitFor()
    await screenshot(page, 'kitchen-console-camera-light')

    // Closed, it plays nothing: its WebRTC session is ended with a DELETE.
    const ended = page.waitForRequest(
      (request) => request.method() === 'DELETE' && /\/whep\//.test(request.url()),
    )
    await page.getByRole('button', { name: 'What diners see' }).click()
    await ended
    expect(await panel.count()).toBe(0)
    expect(await page.locator('video').count()).toBe(0)
    await screenshot(page, 'kitchen-console-camera-closed')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('falls back to HLS where WebRTC is blocked, marked Standard, readings in step with the frame', async () => {
    const page = await journey.openPage()
    const errors = consoleErrors(page)
    // A browser (or a network policy) without WebRTC.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'RTCPeerConnection')
    })
    await openStream(page)
    const mark = page.getByTestId('playback-mode')
    await page.locator('[data-testid="playback-mode"][data-mode="hls"]').waitFor({ timeout: 40_000 })
    expect(await mark.textContent()).toBe('Standard')
    const playing = await page.evaluate(() => {
      const element = document.querySelector('video')!
      return { stream: element.srcObject !== null, src: element.currentSrc.startsWith('blob:') }
    })
    // hls.js plays through MediaSource: a blob: source, no MediaStream.
    expect(playing).toEqual({ stream: false, src: true })
    const before = await framesShown(page)
    await page.waitForFunction(
      (n) => (document.querySelector('video')?.getVideoPlaybackQuality().totalVideoFrames ?? 0) > n + 20,
      before,
      {
        timeout: 15_000,
      },
    )
    // The overlay follows the frame's time once readings have come in.
    await page.locator('[data-testid="telemetry"][data-synced="frame"]').waitFor({ timeout: 15_000 })
    await screenshot(page, 'stream-hls-fallback')
    expect(errors).toEqual([])
    await page.context().close()
  })
})
