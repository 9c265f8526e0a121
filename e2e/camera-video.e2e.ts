import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type HlsPlayer from 'hls.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Browser, newContext, type Page, screenshot } from './support/browser'
import { setupJourney } from './support/journey'

const HLS_JS = join(process.cwd(), 'node_modules/hls.js/dist/hls.min.js')

/** The first seeded camera whose video this app produces itself. */
async function findDemoCamera(origin: string): Promise<string> {
  const { restaurants } = (await (await fetch(`${origin}/api/restaurants?limit=100`)).json()) as {
    restaurants: { id: number }[]
  }
  for (const { id } of restaurants) {
    const cameras = (await (await fetch(`${origin}/api/restaurants/${id}/cameras`)).json()) as {
      streamUrl: string
    }[]
    const demo = cameras.find((c) => /^\/live\/\d+\/index\.m3u8$/.test(c.streamUrl))
    if (demo) return demo.streamUrl
  }
  throw new Error('The demo data has no camera streamed by the app')
}

/** ffmpeg processes whose parent is the given process. */
function ffmpegChildren(parentPid: number): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (name === 'ffmpeg' && parent === parentPid) pids.push(Number(entry))
    } catch {}
  }
  return pids
}

async function videoPage(browser: Browser, origin: string): Promise<Page> {
  const context = await newContext(browser, origin, {
    bypassCSP: true,
    viewport: { width: 700, height: 420 },
  })
  const page = await context.newPage()
  await page.goto('/healthz')
  await page.setContent(
    '<body style="margin:0;background:#111"><video id="v" muted autoplay playsinline width="640" height="360" style="display:block;margin:30px"></video></body>',
  )
  return page
}

async function waitForPlayback(page: Page) {
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video')!
      return video.currentTime > 2.5 && video.videoWidth > 0
    },
    undefined,
    { timeout: 40_000, polling: 250 },
  )
  return page.evaluate(() => {
    const video = document.querySelector('video')!
    const quality = video.getVideoPlaybackQuality()
    return {
      currentTime: video.currentTime,
      width: video.videoWidth,
      height: video.videoHeight,
      dropped: quality.droppedVideoFrames,
      total: quality.totalVideoFrames,
    }
  })
}

describe.skipIf(process.env.E2E_SKIP === '1')('live camera video in Chromium', () => {
  const journey = setupJourney({ env: { CAMERAS_ENABLED: 'true' } })
  let streamUrl: string
  beforeAll(async () => {
    streamUrl = await findDemoCamera(journey.server.url)
  })

  it('plays a demo camera through hls.js and MediaSource, picture moving on', async () => {
    const page = await videoPage(journey.browser, journey.server.url)
    await page.addScriptTag({ path: HLS_JS })
    const supported = await page.evaluate((src) => {
      const Hls = (window as unknown as { Hls: typeof HlsPlayer }).Hls
      if (!Hls.isSupported()) return false
      const video = document.querySelector('video')!
      const hls = new Hls({ lowLatencyMode: false })
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) throw new Error(`hls.js: ${data.details}`)
      })
      hls.loadSource(src)
      hls.attachMedia(video)
      void video.play()
      return true
    }, `${journey.server.url}${streamUrl}`)
    expect(supported).toBe(true)

    const playback = await waitForPlayback(page)
    expect(playback.width).toBe(640)
    expect(playback.height).toBe(360)
    const start = playback.currentTime
    await page.waitForFunction((t) => document.querySelector('video')!.currentTime > t + 1.5, start, {
      timeout: 15_000,
    })
    await screenshot(page, 'camera-video')
    expect(page.context()).toHaveProperty('pageErrors', [])
    await page.context().close()
  })

  it('plays the same playlist natively when Chromium offers HLS on a video element', async () => {
    const page = await videoPage(journey.browser, journey.server.url)
    const native = await page.evaluate(() =>
      document.querySelector('video')!.canPlayType('application/vnd.apple.mpegurl'),
    )
    if (native === '') {
      await page.context().close()
      return
    }
    await page.evaluate((src) => {
      const video = document.querySelector('video')!
      video.src = src
      void video.play()
    }, `${journey.server.url}${streamUrl}`)
    const playback = await waitForPlayback(page)
    expect(playback.width).toBe(640)
    await screenshot(page, 'camera-video-native')
    await page.context().close()
  })

  it('stops its encoders when the server shuts down', async () => {
    const encoders = ffmpegChildren(journey.server.process.pid!)
    expect(encoders.length).toBeGreaterThan(0)
    await journey.server.stop()
    await new Promise((r) => setTimeout(r, 500))
    for (const pid of encoders) expect(() => process.kill(pid, 0)).toThrow()
  })
})
