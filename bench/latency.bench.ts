/**
 * Glass-to-glass latency of the live kitchen, WebRTC and HLS side by side in one run, and what
 * each WebRTC viewer costs the server.
 *
 *   npm run bench:latency
 *   BENCH_SECONDS=60 npm run bench:latency
 *
 * Two Chromium pages open the showcase order's stream page at once, one as is (it plays over
 * WebRTC) and one without RTCPeerConnection (it falls back to HLS). Every 100 ms each page draws
 * the playing video into a canvas, reads the demo camera's clock strip (shared/clock-strip.ts:
 * the server's milliseconds when the frame was drawn) and notes the page's clock minus the
 * frame's: the server and the page share this machine's clock. Then the pages close and
 * node-datachannel viewers in this process (not the server's) connect 1, 10 and 50 at a time
 * while the server process's CPU is read from /proc; the camera's encoder is a process of its
 * own, shared by every viewer and by HLS, and is reported apart.
 *
 * Environment: BENCH_SECONDS (30 of sampling for latency), BENCH_CPU_SECONDS (15 a step),
 * BENCH_SKIP_BUILD=1 (reuse dist/client).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import nodeDataChannel from 'node-datachannel'
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_PATH } from '../e2e/support/browser'
import { startServer } from '../e2e/support/server'
import { CLOCK_STRIP, clockCellX, decodeClockStrip } from '../src/shared/clock-strip'
import { buildClient } from './client-build'

const env = process.env
const SECONDS = Number(env.BENCH_SECONDS ?? 30)
const CPU_SECONDS = Number(env.BENCH_CPU_SECONDS ?? 15)
const VIEWER_STEPS = [1, 10, 50]
const CLOCK_TICKS = 100
const PICTURE_HEIGHT = 360

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

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

async function openStream(page: Page, withWebRtc: boolean) {
  if (!withWebRtc)
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'RTCPeerConnection')
    })
  await page.goto('/')
  await page.evaluate(() => {
    const grants = { 1: { grantedAt: Date.now(), expiresAt: Date.now() + 3_600_000 } }
    sessionStorage.setItem('clearplate-stream-access', JSON.stringify(grants))
  })
  await page.goto('/stream/1')
  const mode = withWebRtc ? 'webrtc' : 'hls'
  await page.locator(`[data-testid="playback-mode"][data-mode="${mode}"]`).waitFor({ timeout: 60_000 })
}

/** Samples the clock strip every 100 ms for `seconds`; latencies in ms, and frames unreadable. */
function sampleLatency(page: Page, seconds: number) {
  const cells = Array.from({ length: CLOCK_STRIP.markers + CLOCK_STRIP.bits }, (_, i) =>
    i < CLOCK_STRIP.markers ? i * CLOCK_STRIP.cell : clockCellX(i - CLOCK_STRIP.markers),
  )
  const layout = {
    cells: cells.map((x) => x + CLOCK_STRIP.cell / 2),
    y: PICTURE_HEIGHT - CLOCK_STRIP.fromBottom + CLOCK_STRIP.cell / 2,
    seconds,
  }
  return page.evaluate(
    ({ layout, decoder }) => {
      // The shared decoder, rebuilt in the page.
      const decode = new Function(`return (${decoder})`)() as (levels: number[]) => number | undefined
      const video = document.querySelector('video')!
      const canvas = document.createElement('canvas')
      canvas.width = 640
      canvas.height = 360
      const context = canvas.getContext('2d', { willReadFrequently: true })!
      const latencies: number[] = []
      let unreadable = 0
      return new Promise<{ latencies: number[]; unreadable: number }>((resolve) => {
        const timer = setInterval(() => {
          context.drawImage(video, 0, 0, 640, 360)
          const now = Date.now()
          const levels = layout.cells.map((x) => {
            const [r, g, b] = context.getImageData(x, layout.y, 1, 1).data
            return 0.299 * r! + 0.587 * g! + 0.114 * b!
          })
          const frame = decode(levels)
          if (frame === undefined) unreadable++
          else {
            const span = 2 ** 32
            let delta = (now % span) - frame
            if (delta < -span / 2) delta += span
            latencies.push(delta)
          }
        }, 100)
        setTimeout(() => {
          clearInterval(timer)
          resolve({ latencies, unreadable })
        }, layout.seconds * 1000)
      })
    },
    { layout, decoder: decodeClockStrip.toString().replace(/CLOCK_STRIP/g, JSON.stringify(CLOCK_STRIP)) },
  )
}

/** A node-datachannel viewer of a camera, counting the video packets it receives. */
async function botViewer(origin: string, cameraId: number) {
  const pc = new nodeDataChannel.PeerConnection('bench-viewer', { iceServers: [], bindAddress: '127.0.0.1' })
  const video = new nodeDataChannel.Video('0', 'RecvOnly')
  video.addH264Codec(102, 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f')
  const track = pc.addTrack(video)
  let packets = 0
  track.onMessage(() => {
    packets++
  })
  const offer = await new Promise<string>((resolve) => {
    pc.onGatheringStateChange((state) => {
      if (state === 'complete') resolve(pc.localDescription()!.sdp)
    })
    pc.setLocalDescription()
  })
  const res = await fetch(`${origin}/live/${cameraId}/whep`, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp' },
    body: offer,
  })
  if (res.status !== 201) throw new Error(`WHEP answered ${res.status}: ${await res.text()}`)
  const location = res.headers.get('location')!
  try {
    pc.setRemoteDescription(await res.text(), 'answer')
  } catch (error) {
    await fetch(`${origin}${location}`, { method: 'DELETE' })
    pc.close()
    throw error
  }
  return {
    // Held here: a Track nothing refers to is collected, and stops receiving.
    track,
    get packets() {
      return packets
    },
    async close() {
      await fetch(`${origin}${location}`, { method: 'DELETE' })
      pc.close()
    },
  }
}

/** libdatachannel now and then refuses an answer while many connections start at once: try again. */
async function retried<T>(make: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await make()
    } catch (error) {
      if (attempt >= 3) throw error
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function main() {
  buildClient()
  const server = await startServer({
    CAMERAS_ENABLED: 'true',
    WEBRTC_BIND_ADDRESS: '127.0.0.1',
    WEBRTC_MAX_VIEWERS: '100',
    // The bench's own viewers send no receiver reports: they would be closed as silent.
    WEBRTC_IDLE_SECONDS: '600',
  })
  const origin = server.url
  // One browser per page, so that each is a page in front: a page behind another may not
  // present a WebRTC video's new frames, and the canvas would read an old one.
  const launch = () =>
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--autoplay-policy=no-user-gesture-required',
        '--disable-renderer-backgrounding',
        '--disable-background-timer-throttling',
        '--disable-backgrounding-occluded-windows',
      ],
    })
  const browsers = await Promise.all([launch(), launch()])
  const load = loadavg()[0]!.toFixed(1)
  try {
    const pages = await Promise.all(
      [true, false].map(async (withWebRtc, i) => {
        const context = await browsers[i]!.newContext({
          baseURL: origin,
          viewport: { width: 1024, height: 800 },
        })
        const page = await context.newPage()
        await openStream(page, withWebRtc)
        return page
      }),
    )
    // Let HLS settle at its live edge.
    await sleep(5000)
    const [webrtc, hls] = await Promise.all(pages.map((page) => sampleLatency(page, SECONDS)))
    await Promise.all(pages.map((page) => page.context().close()))

    const row = (name: string, r: { latencies: number[]; unreadable: number }) =>
      `| ${name} | ${r.latencies.length} | ${r.unreadable} | ${percentile(r.latencies, 50).toFixed(0)} | ${percentile(r.latencies, 95).toFixed(0)} | ${Math.max(...r.latencies).toFixed(0)} |`
    console.log(`\nGlass-to-glass, ${SECONDS} s side by side, 1-minute load average ${load}`)
    console.log('| player | frames read | unreadable | p50 ms | p95 ms | max ms |')
    console.log('| --- | --- | --- | --- | --- | --- |')
    console.log(row('WebRTC (Real-time)', webrtc!))
    console.log(row('HLS (Standard)', hls!))

    // CPU per WebRTC viewer.
    const cameraId = 1
    const serverPid = server.process.pid!
    const viewers: Awaited<ReturnType<typeof botViewer>>[] = []
    const results: { viewers: number; serverPct: number; encoderPct: number }[] = []
    for (const target of VIEWER_STEPS) {
      while (viewers.length < target) viewers.push(await retried(() => botViewer(origin, cameraId)))
      await sleep(3000)
      const encoders = ffmpegChildren(serverPid)
      const serverBefore = cpuSeconds(serverPid)
      const encoderBefore = encoders.reduce((sum, pid) => sum + cpuSeconds(pid), 0)
      const packetsBefore = viewers.reduce((sum, v) => sum + v.packets, 0)
      const started = Date.now()
      await sleep(CPU_SECONDS * 1000)
      const seconds = (Date.now() - started) / 1000
      const serverPct = ((cpuSeconds(serverPid) - serverBefore) / seconds) * 100
      const encoderPct =
        ((encoders.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - encoderBefore) / seconds) * 100
      const packets = viewers.reduce((sum, v) => sum + v.packets, 0) - packetsBefore
      const starved = viewers.filter((v) => v.packets === 0).length
      results.push({ viewers: target, serverPct, encoderPct })
      console.error(
        `${target} viewers: server ${serverPct.toFixed(1)}%, encoder ${encoderPct.toFixed(1)}%, ${(packets / seconds / target).toFixed(0)} packets/s a viewer, ${starved} without video`,
      )
    }
    await Promise.all(viewers.map((v) => v.close()))
    const first = results[0]!
    const last = results.at(-1)!
    console.log(`\nServer CPU with WebRTC viewers of one camera (${CPU_SECONDS} s a step; % of one core)`)
    console.log('| WebRTC viewers | server process | camera encoder |')
    console.log('| --- | --- | --- |')
    for (const r of results)
      console.log(`| ${r.viewers} | ${r.serverPct.toFixed(1)}% | ${r.encoderPct.toFixed(1)}% |`)
    console.log(
      `\nPer extra WebRTC viewer (${first.viewers} → ${last.viewers}): ${((last.serverPct - first.serverPct) / (last.viewers - first.viewers)).toFixed(2)}% of a core`,
    )
  } finally {
    await Promise.all(browsers.map((b) => b.close()))
    await server.stop()
  }
}

await main()
