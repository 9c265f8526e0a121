import { execFile } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { demoCameraScene } from '../../demo/camera-scene'
import { CLOCK_STRIP } from '../../shared/clock-strip'
import { cameras, restaurants } from '../db/schema'
import { buildTestApp, type TestApp } from '../testing/build-test-app'
import { findFonts, PICTURE, pictureFilterGraph } from './camera-streams'

const IDLE_MS = 1500

const app = await buildTestApp({ config: { cameras: { enabled: true, idleMs: IDLE_MS, maxEncoders: 1 } } })
const turnedOff = await buildTestApp({ config: { cameras: { enabled: false } } })
const withoutFfmpeg = await buildTestApp({
  config: { cameras: { enabled: true, ffmpegPath: '/nonexistent/bin/ffmpeg' } },
})
const brokenFfmpeg = await buildTestApp({ config: { cameras: { enabled: true, ffmpegPath: '/bin/false' } } })
const origin = await app.listen({ port: 0, host: '127.0.0.1' })

const camerasOf = new Map<TestApp, Awaited<ReturnType<typeof addCameras>>>()
for (const each of [app, turnedOff, withoutFfmpeg, brokenFfmpeg]) camerasOf.set(each, await addCameras(each))
const { grill, pastry, external, retired } = camerasOf.get(app)!

async function addCameras(target: TestApp) {
  const [restaurant] = await target.db
    .insert(restaurants)
    .values({
      name: "Nonna's Camera Kitchen",
      description: 'A kitchen with cameras',
      cuisine: 'Italian',
      address: '1 Test Street',
      priceRange: '$$',
      isLive: true,
    })
    .returning()
  const add = async (name: string, values: { isDemo: boolean; isActive?: boolean; streamUrl?: string }) => {
    const [row] = await target.db
      .insert(cameras)
      .values({
        restaurantId: restaurant!.id,
        name,
        position: 'main',
        streamUrl: values.streamUrl ?? 'pending',
        ...values,
      })
      .returning()
    return row!
  }
  return {
    grill: await add('Grill Station', { isDemo: true }),
    pastry: await add('Pastry Bench', { isDemo: true }),
    external: await add('Rooftop Smoker', {
      isDemo: false,
      // The restaurant's own HLS server, on an address this server may not reach.
      streamUrl: 'http://127.0.0.1:9/smoker.m3u8',
    }),
    retired: await add('Old Fryer', { isDemo: true, isActive: false }),
  }
}

interface Playlist {
  sequence: number
  targetDuration: number
  segments: string[]
}

function parsePlaylist(text: string): Playlist {
  const lines = text.trim().split('\n')
  const value = (tag: string) => Number(lines.find((l) => l.startsWith(`${tag}:`))?.split(':')[1])
  return {
    sequence: value('#EXT-X-MEDIA-SEQUENCE'),
    targetDuration: value('#EXT-X-TARGETDURATION'),
    segments: lines.filter((l) => l && !l.startsWith('#')),
  }
}

async function getPlaylist(cameraId: number) {
  const res = await fetch(`${origin}/live/${cameraId}/index.m3u8`)
  return { res, text: await res.text() }
}

/** ffmpeg processes started by this test process, with the folder each one writes into. */
function encoderProcesses(): { pid: number; dir: string }[] {
  const found: { pid: number; dir: string }[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (name === 'ffmpeg' && parent === process.pid)
        found.push({ pid: Number(entry), dir: readlinkSync(`/proc/${entry}/cwd`) })
    } catch {}
  }
  return found
}

async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const result = await check()
    if (result !== undefined) return result
    await new Promise((r) => setTimeout(r, 250))
  }
  return undefined
}

/** One raw RGB frame of the picture, `seconds` in. */
function renderFrame(graph: string, cwd: string, seconds = 3): Promise<Buffer> {
  const ffmpegPath = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path as string
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    graph,
    '-ss',
    String(seconds),
    '-frames:v',
    '1',
  ]
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath,
      [...args, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      { cwd, encoding: 'buffer', maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(String(stderr))) : resolve(stdout)),
    )
  })
}

/** Near-white pixels in the top rows of an RGB frame. */
function brightPixels(frame: Buffer, rows: number): number {
  let count = 0
  for (let i = 0; i < PICTURE.width * rows * 3; i += 3) {
    if (frame[i]! > 200 && frame[i + 1]! > 200 && frame[i + 2]! > 200) count++
  }
  return count
}

/** Mean absolute difference per channel between two RGB frames over a band of rows. */
function meanDifference(a: Buffer, b: Buffer, rows: { top: number; bottom: number }): number {
  let total = 0
  const start = rows.top * PICTURE.width * 3
  const end = rows.bottom * PICTURE.width * 3
  for (let i = start; i < end; i++) total += Math.abs(a[i]! - b[i]!)
  return total / (end - start)
}

describe('live video of demo cameras', () => {
  it('serves a live H.264 playlist for a demo camera whose segment list keeps moving on', async () => {
    const first = await getPlaylist(grill.id)
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/)
    expect(first.res.headers.get('cache-control')).toBe('no-cache')
    expect(first.text.startsWith('#EXTM3U\n')).toBe(true)
    expect(first.text).not.toContain('#EXT-X-ENDLIST')
    const before = parsePlaylist(first.text)
    expect(before.targetDuration).toBeGreaterThanOrEqual(1)
    expect(before.targetDuration).toBeLessThanOrEqual(2)
    // Players get a little slack behind the live edge from the first answer on.
    expect(before.segments.length).toBeGreaterThanOrEqual(2)
    for (const segment of before.segments) expect(segment).toMatch(/^seg-\d+\.ts$/)

    const later = await waitFor(async () => {
      const next = parsePlaylist((await getPlaylist(grill.id)).text)
      return next.segments.at(-1) !== before.segments.at(-1) ? next : undefined
    }, 8000)
    expect(later).toBeDefined()
    expect(later!.sequence + later!.segments.length).toBeGreaterThan(before.sequence + before.segments.length)
    expect(later!.sequence).toBeGreaterThanOrEqual(before.sequence)

    const segment = await fetch(`${origin}/live/${grill.id}/${later!.segments.at(-1)}`)
    expect(segment.status).toBe(200)
    expect(segment.headers.get('content-type')).toBe('video/mp2t')
    expect(segment.headers.get('cache-control')).toMatch(/max-age=60/)
    const bytes = new Uint8Array(await segment.arrayBuffer())
    expect(bytes.length).toBeGreaterThan(5000)
    // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
    expect([bytes[0], bytes[188], bytes[376]]).toEqual([0x47, 0x47, 0x47])

    const running = encoderProcesses()
    expect(running).toHaveLength(1)
    expect(existsSync(running[0]!.dir)).toBe(true)
    expect(running[0]!.dir.startsWith(process.cwd())).toBe(false)
    // The demo world's scene: the restaurant's pass, a cook and the dishes, as layers.
    for (const file of ['scene-background.png', 'scene-figure.png', 'scene-foreground.png'])
      expect(existsSync(join(running[0]!.dir, file))).toBe(true)
  })

  it('answers 404 for unknown and retired cameras, and 403 for an own HLS camera the address policy refuses', async () => {
    for (const url of [
      '/live/987654/index.m3u8',
      '/live/abc/index.m3u8',
      '/live/0/index.m3u8',
      `/live/${retired.id}/index.m3u8`,
    ]) {
      const res = await fetch(`${origin}${url}`)
      expect(res.status, url).toBe(404)
      expect((await res.json()).message, url).toBe('Camera not found')
    }
    const res = await fetch(`${origin}/live/${external.id}/index.m3u8`)
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('camera.source_refused')
  })

  it('serves only segment files, and only of a running camera', async () => {
    expect((await getPlaylist(grill.id)).res.status).toBe(200)
    const names = [
      'camera.txt',
      'index.m3u8.tmp',
      'seg-1.mp4',
      'seg-.ts',
      'seg-12.ts.bak',
      '..%2F..%2F..%2Fpackage.json',
      '%2Fetc%2Fpasswd',
      'seg-1%2F..%2Fcamera.txt',
      'seg-1.ts',
    ]
    for (const name of names) {
      const res = await fetch(`${origin}/live/${grill.id}/${name}`)
      expect(res.status, name).toBe(404)
      expect((await res.json()).message, name).toBe('Video segment not found')
    }
    const listed = parsePlaylist((await getPlaylist(grill.id)).text).segments[0]!
    expect((await fetch(`${origin}/live/${grill.id}/${listed}`)).status).toBe(200)
    expect((await fetch(`${origin}/live/${pastry.id}/${listed}`)).status).toBe(404)
  })

  it('refuses to start more encoders than allowed with a 503 to retry', async () => {
    expect((await getPlaylist(grill.id)).res.status).toBe(200)
    const { res, text } = await getPlaylist(pastry.id)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('2')
    expect(JSON.parse(text).message).toBe('Too many camera streams are running, try again shortly')
    expect(encoderProcesses()).toHaveLength(1)
  })

  it('stops an encoder nobody watches, removes its folder, and starts afresh on the next request', async () => {
    const { text } = await getPlaylist(grill.id)
    const old = parsePlaylist(text)
    const [encoder] = encoderProcesses()
    expect(encoder).toBeDefined()

    const stopped = await waitFor(() => (encoderProcesses().length === 0 ? true : undefined), IDLE_MS + 5000)
    expect(stopped).toBe(true)
    // The folder goes once the stopped encoder has exited.
    expect(await waitFor(() => (existsSync(encoder!.dir) ? undefined : true), 5000)).toBe(true)
    expect((await fetch(`${origin}/live/${grill.id}/${old.segments.at(-1)}`)).status).toBe(404)

    // The freed slot can go to another camera.
    const { res, text: fresh } = await getPlaylist(pastry.id)
    expect(res.status).toBe(200)
    expect(parsePlaylist(fresh).segments.length).toBeGreaterThan(0)
    expect(encoderProcesses()).toHaveLength(1)
  })

  it('answers 503 with a message when cameras are turned off or ffmpeg is missing or does not run', async () => {
    for (const target of [turnedOff, withoutFfmpeg, brokenFfmpeg]) {
      const camera = camerasOf.get(target)!.grill
      const res = await target.inject({ url: `/live/${camera.id}/index.m3u8` })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({
        message: 'Live camera video is unavailable right now',
        code: 'camera.unavailable',
      })
      const missing = await target.inject({ url: '/live/987654/index.m3u8' })
      expect(missing.statusCode).toBe(404)
    }
  })

  it('draws the picture with fonts at awkward paths, and a captionless one without fonts', async () => {
    const fonts = findFonts()
    expect(fonts).toBeDefined()
    const dir = mkdtempSync(join(tmpdir(), "camera fonts: it's [odd], really; "))
    try {
      const odd = { bold: join(dir, 'b.ttf'), regular: join(dir, 'r.ttf'), mono: join(dir, 'm.ttf') }
      copyFileSync(fonts!.bold, odd.bold)
      copyFileSync(fonts!.regular, odd.regular)
      copyFileSync(fonts!.mono, odd.mono)
      writeFileSync(join(dir, 'camera.txt'), "Chef's Table: Grill, 100% [live]")
      writeFileSync(join(dir, 'restaurant.txt'), "Nonna's")
      writeFileSync(join(dir, 'clock.txt'), '%{localtime:%F %T}')
      for (const graph of [pictureFilterGraph(odd), pictureFilterGraph(undefined)]) {
        const frame = await renderFrame(graph, dir)
        expect(frame.length).toBe(PICTURE.width * PICTURE.height * 3)
      }
      // Captions draw light text on the dark top band.
      const captioned = await renderFrame(pictureFilterGraph(odd), dir)
      const plain = await renderFrame(pictureFilterGraph(undefined), dir)
      expect(brightPixels(captioned, 78)).toBeGreaterThan(500)
      expect(brightPixels(plain, 78)).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('shows the restaurant’s own dishes on the pass, with a cook moving behind it and the captions', async () => {
    const scene = await demoCameraScene({
      id: 1,
      name: 'Camera 1 - Pass',
      restaurantName: 'Trattoria Bellini',
    })
    const dir = mkdtempSync(join(tmpdir(), 'camera-scene-'))
    try {
      writeFileSync(join(dir, 'camera.txt'), 'Camera 1 - Pass')
      writeFileSync(join(dir, 'restaurant.txt'), 'Trattoria Bellini')
      writeFileSync(join(dir, 'clock.txt'), '%{localtime:%F %T}')
      writeFileSync(join(dir, 'scene-background.png'), scene.background)
      writeFileSync(join(dir, 'scene-figure.png'), scene.figure!.png)
      writeFileSync(join(dir, 'scene-foreground.png'), scene.foreground!.png)
      const layout = {
        figure: { width: scene.figure!.width, top: scene.figure!.top },
        foregroundTop: scene.foreground!.top,
        steam: scene.steam!,
      }
      const graph = pictureFilterGraph(findFonts(), layout)
      // Three and twelve seconds in, the cook is at two ends of their walk.
      const [early, later] = await Promise.all([renderFrame(graph, dir, 3), renderFrame(graph, dir, 12)])
      const still = await sharp(scene.background).removeAlpha().raw().toBuffer()
      // The pass and its dishes are the restaurant's art: the bottom rows match it but for the steam
      // (and the clock strip along the bottom edge, clock-strip.test.ts).
      const pass = { top: scene.foreground!.top + 40, bottom: PICTURE.height - CLOCK_STRIP.fromBottom }
      expect(meanDifference(early, still, pass)).toBeLessThan(6)
      // Where the cook's head passes (above the steam), the two frames differ.
      const heads = { top: scene.figure!.top, bottom: scene.figure!.top + 40 }
      expect(meanDifference(early, later, heads)).toBeGreaterThan(2)
      // The captions are still drawn over the scene.
      expect(brightPixels(early, 78)).toBeGreaterThan(500)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('stops every encoder when the app closes', async () => {
    expect((await getPlaylist(pastry.id)).res.status).toBe(200)
    expect(encoderProcesses().length).toBeGreaterThan(0)
    const dirs = encoderProcesses().map((p) => p.dir)
    await app.close()
    expect(encoderProcesses()).toHaveLength(0)
    for (const dir of dirs) expect(existsSync(dir)).toBe(false)
    // A start and a stop of ffmpeg take 3 s here alone; on a saturated two-core machine one run
    // took over 30.
  }, 90_000)
})
