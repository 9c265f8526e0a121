import type { ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type HlsPlayer from 'hls.js'
import { afterAll, describe, expect, it } from 'vitest'
import { ffmpegForSource } from '../src/server/infra/ffmpeg'
import {
  type CameraSource,
  freeLocalPort,
  type HlsSource,
  startCameraSource,
  startHlsSource,
  startSrtSource,
} from '../src/server/testing/camera-source'
import { screenshot } from './support/browser'
import { setupJourney } from './support/journey'

const HLS_JS = join(process.cwd(), 'node_modules/hls.js/dist/hls.min.js')

async function signInAsChef(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'chef', password: 'chef1234' }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** Adds a camera to restaurant 1 (the chef's) and answers the API's status and body. */
async function addCamera(origin: string, cookie: string, name: string, streamUrl: string) {
  const res = await fetch(`${origin}/api/cameras`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ restaurantId: 1, name, position: 'grill', streamUrl }),
  })
  return { status: res.status, body: (await res.json()) as { id: number; errors?: Record<string, string> } }
}

/** Plays an HLS address with hls.js in a bare page; answers the page and the picture's size. */
async function playWithHlsJs(journey: ReturnType<typeof setupJourney>, src: string) {
  const page = await journey.openPage({ bypassCSP: true, viewport: { width: 700, height: 420 } })
  await page.goto('/healthz')
  await page.setContent(
    '<body style="margin:0;background:#111"><video muted autoplay playsinline width="640" height="360"></video></body>',
  )
  await page.addScriptTag({ path: HLS_JS })
  await page.evaluate((address) => {
    const Hls = (window as unknown as { Hls: typeof HlsPlayer }).Hls
    const video = document.querySelector('video')!
    const hls = new Hls({ manifestLoadingMaxRetry: 10 })
    hls.loadSource(address)
    hls.attachMedia(video)
    void video.play()
  }, src)
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video')!
      return video.currentTime > 2 && video.videoWidth > 0
    },
    undefined,
    { timeout: 60_000, polling: 250 },
  )
  const size = await page.evaluate(() => {
    const video = document.querySelector('video')!
    return [video.videoWidth, video.videoHeight]
  })
  return { page, size }
}

describe.skipIf(process.env.E2E_SKIP === '1')('restaurants’ own cameras, restreamed', () => {
  const journey = setupJourney({
    env: {
      CAMERAS_ENABLED: 'true',
      CAMERA_PRIVATE_HOSTS: 'true',
      CAMERAS_IDLE_SECONDS: '60',
      WEBRTC_BIND_ADDRESS: '127.0.0.1',
    },
  })
  let source: CameraSource | undefined
  let hls: HlsSource | undefined
  afterAll(async () => {
    await source?.stop()
    await hls?.close()
  })

  it('plays a local ffmpeg source under /live/{cameraId}/ in Chromium', async () => {
    source = await startCameraSource()
    const origin = journey.server.url
    const cookie = await signInAsChef(origin)
    const { status, body } = await addCamera(origin, cookie, 'Pass camera', source.url)
    expect(status).toBe(201)
    const cameras = (await (await fetch(`${origin}/api/restaurants/1/cameras`)).json()) as {
      id: number
      streamUrl: string
    }[]
    expect(cameras.find((c) => c.id === body.id)?.streamUrl).toBe(`/live/${body.id}/index.m3u8`)

    const { page, size } = await playWithHlsJs(journey, `${origin}/live/${body.id}/index.m3u8`)
    // The test source is 320x180 H.264: copied, not transcoded.
    expect(size).toEqual([320, 180])
    await screenshot(page, 'restreamed-camera')
    await page.context().close()
  })

  it('plays the restreamed camera over WebRTC on the restaurant page, frames decoded, marked Real-time', async () => {
    const page = await journey.openPage({ viewport: { width: 1366, height: 900 } })
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
    await page.goto('/restaurant/1')
    const section = page.locator('#live-cameras')
    await section.scrollIntoViewIfNeeded()
    await section.getByRole('button', { name: /Pass camera/ }).click()
    // The source's own 320x180 H.264, passed through: no second encode.
    await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('#live-cameras video')
        return !!video && video.srcObject instanceof MediaStream && video.videoWidth === 320
      },
      undefined,
      { timeout: 45_000, polling: 250 },
    )
    await page.waitForFunction(
      async () => {
        const pc = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.at(-1)
        if (pc?.connectionState !== 'connected') return false
        let decoded = 0
        for (const report of (await pc.getStats()).values())
          if (report.type === 'inbound-rtp' && report.kind === 'video') decoded = report.framesDecoded ?? 0
        return decoded > 40
      },
      undefined,
      { timeout: 20_000, polling: 250 },
    )
    const mark = section.getByTestId('playback-mode')
    expect(await mark.getAttribute('data-mode')).toBe('webrtc')
    expect(await mark.textContent()).toBe('Real-time')
    await screenshot(page, 'restreamed-camera-webrtc')
    journey.expectNoPageErrors()
    await page.context().close()
  })

  it('shows "Camera offline, reconnecting" when the source drops, then the picture again', async () => {
    const origin = journey.server.url
    const page = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    // Over HLS (a browser without WebRTC): hls.js's worker and the playlist's "reconnecting".
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'RTCPeerConnection')
    })
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
    await page.goto('/restaurant/1')
    const section = page.locator('#live-cameras')
    await section.scrollIntoViewIfNeeded()
    await section.getByRole('button', { name: /Pass camera/ }).click()
    const playing = () =>
      page.waitForFunction(
        () => {
          const video = document.querySelector<HTMLVideoElement>('#live-cameras video')
          return !!video && video.videoWidth === 320 && video.currentTime > 1 && !video.paused
        },
        undefined,
        { timeout: 60_000, polling: 250 },
      )
    await playing()
    // hls.js demuxes the segments in its worker, off the page's main thread.
    expect(workers.filter((path) => /^\/assets\/hls\.worker-[\w-]+\.js$/.test(path))).toHaveLength(1)

    await source!.stop()
    const reconnecting = page.getByTestId('camera-reconnecting')
    await reconnecting.waitFor({ timeout: 45_000 })
    expect(await reconnecting.textContent()).toContain('Camera offline, reconnecting')
    await screenshot(page, 'restreamed-camera-reconnecting')
    // No failure while it reconnects.
    expect(await page.getByTestId('camera-failed').count()).toBe(0)

    source!.start()
    await reconnecting.waitFor({ state: 'detached', timeout: 60_000 })
    await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('#live-cameras video')
        return !!video && video.videoWidth === 320 && video.currentTime > 1
      },
      undefined,
      { timeout: 60_000, polling: 250 },
    )
    expect(await page.getByTestId('camera-failed').count()).toBe(0)
    await screenshot(page, 'restreamed-camera-back')
    await fetch(origin).catch(() => {})
    journey.expectNoPageErrors()
  })

  it('plays a restaurant’s own HLS camera on the restaurant page through the app, with no CSP error', async () => {
    hls = await startHlsSource({ seconds: 40 })
    const origin = journey.server.url
    const cookie = await signInAsChef(origin)
    const { status, body } = await addCamera(origin, cookie, 'Owner HLS camera', hls.url)
    expect(status).toBe(201)
    const cameras = (await (await fetch(`${origin}/api/restaurants/1/cameras`)).json()) as {
      id: number
      streamUrl: string
    }[]
    expect(cameras.find((c) => c.id === body.id)?.streamUrl).toBe(`/live/${body.id}/index.m3u8`)

    const page = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const sourceRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`http://127.0.0.1:${hls!.port}`)) sourceRequests.push(request.url())
    })
    await page.goto('/restaurant/1')
    const section = page.locator('#live-cameras')
    await section.scrollIntoViewIfNeeded()
    await section.getByRole('button', { name: /Owner HLS camera/ }).click()
    await page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('#live-cameras video')
        return !!video && video.videoWidth === 320 && video.videoHeight === 240 && video.currentTime > 1
      },
      undefined,
      { timeout: 60_000, polling: 250 },
    )
    await screenshot(page, 'owner-hls-camera')
    // The browser asked only the app; the app read the owner's server.
    expect(sourceRequests).toEqual([])
    expect(hls.requests.filter((path) => path.endsWith('.ts')).length).toBeGreaterThan(0)
    expect(violations).toEqual([])
    expect(await page.getByTestId('camera-failed').count()).toBe(0)
    journey.expectNoPageErrors()
  })
})

// CI installs Debian's ffmpeg: there, a missing SRT reader is a failure, not a skip.
const srtFfmpeg = await ffmpegForSource('srt://127.0.0.1:9000', {
  ffmpegPath: process.env.FFMPEG_PATH,
  systemFfmpegForSrt: true,
})

describe.skipIf(process.env.E2E_SKIP === '1' || (typeof srtFfmpeg !== 'string' && process.env.CI !== 'true'))(
  'an SRT camera, restreamed',
  () => {
    const journey = setupJourney({
      env: { CAMERAS_ENABLED: 'true', CAMERA_PRIVATE_HOSTS: 'true', CAMERAS_IDLE_SECONDS: '60' },
    })
    let source: ChildProcess | undefined
    afterAll(() => {
      if (source?.pid && source.exitCode === null && source.signalCode === null)
        process.kill(source.pid, 'SIGKILL')
    })

    it('plays an srt:// source under /live/{cameraId}/ in Chromium', async () => {
      if (typeof srtFfmpeg !== 'string') throw new Error(`No ffmpeg here reads SRT: ${srtFfmpeg.problem}`)
      const port = await freeLocalPort()
      source = startSrtSource(srtFfmpeg, port)
      const origin = journey.server.url
      const cookie = await signInAsChef(origin)
      const { status, body } = await addCamera(origin, cookie, 'SRT camera', `srt://127.0.0.1:${port}`)
      expect(status).toBe(201)
      const { page, size } = await playWithHlsJs(journey, `${origin}/live/${body.id}/index.m3u8`)
      // The SRT test source is 320x240 H.264.
      expect(size).toEqual([320, 240])
      await screenshot(page, 'restreamed-srt-camera')
      await page.context().close()
    })
  },
)

describe.skipIf(process.env.E2E_SKIP === '1')('a private camera address without CAMERA_PRIVATE_HOSTS', () => {
  const journey = setupJourney({ env: { CAMERAS_ENABLED: 'true' } })
  let listener: Server | undefined
  afterAll(() => listener?.close())

  it('is refused: at once when saved as an IP literal, and when the server would connect to a name', async () => {
    // Something listening on a loopback port, counting who connects.
    const port = await freeLocalPort()
    let connections = 0
    listener = createServer((socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener!.listen(port, '127.0.0.1', resolve))

    const origin = journey.server.url
    const cookie = await signInAsChef(origin)
    const literal = await addCamera(origin, cookie, 'Back office', `http://127.0.0.1:${port}/camera.ts`)
    expect(literal.status).toBe(400)
    expect(literal.body.errors?.streamUrl).toMatch(/not allowed/)

    // The machine's own name resolves to a loopback address: saving does not resolve it...
    const named = await addCamera(origin, cookie, 'Office camera', `http://${hostname()}:${port}/camera.ts`)
    expect(named.status).toBe(201)

    // ...and the player, asking for it, gets the refusal as an error, not "reconnecting".
    const page = await journey.openPage({ viewport: { width: 1024, height: 800 } })
    await page.goto('/restaurant/1')
    const section = page.locator('#live-cameras')
    await section.scrollIntoViewIfNeeded()
    await section.getByRole('button', { name: /Office camera/ }).click()
    await page.getByTestId('camera-failed').waitFor({ timeout: 45_000 })
    expect(await page.getByTestId('camera-reconnecting').count()).toBe(0)
    const playlist = await fetch(`${origin}/live/${named.body.id}/index.m3u8`)
    expect(playlist.status).toBe(403)
    expect(await playlist.json()).toMatchObject({ code: 'camera.source_refused' })
    await screenshot(page, 'camera-private-address-refused')
    expect(connections).toBe(0)
  })
})
