import { hostname } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { type CameraSource, ffmpegBinary, startCameraSource } from '../testing/camera-source'
import { createRestreamer, RestreamError, type Restreamer } from './restream'
import { describeVideo } from './restream-attempt'
import type { RtpFeed } from './rtp-feed'
import { startsBSlice, startsKeyFrame } from './rtp-feed'

const log = { info() {}, warn() {}, error() {} }
const launcher = async () => ({ ffmpegPath: ffmpegBinary(), withParentDeathSignal: false })

let restreamer: Restreamer | undefined
let source: CameraSource | undefined
afterEach(async () => {
  await restreamer?.close()
  await source?.stop()
  restreamer = undefined
  source = undefined
})

async function playlistWithin(r: Restreamer, camera: { id: number; streamUrl: string }, ms: number) {
  const deadline = Date.now() + ms
  let last: unknown
  while (Date.now() < deadline) {
    try {
      return await r.playlist(camera)
    } catch (error) {
      last = error
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }
  throw last
}

const problemOf = async (promise: Promise<unknown>) => {
  try {
    await promise
    return 'none'
  } catch (error) {
    return error instanceof RestreamError ? error.problem.kind : String(error)
  }
}

describe('restreamed cameras', () => {
  it('pulls an H.264 source over HTTP, copies it into live HLS, and comes back after the source drops', {
    timeout: 90_000,
  }, async () => {
    source = await startCameraSource()
    const lost: Array<[number, number]> = []
    restreamer = createRestreamer({
      launcher,
      allowPrivateHosts: true,
      idleMs: 30_000,
      maxStreams: 2,
      backoff: { initialMs: 300, maxMs: 1000 },
      onPictureLost: (cameraId, since) => lost.push([cameraId, since]),
      log,
    })
    const camera = { id: 7, streamUrl: source.url }
    const playlist = await playlistWithin(restreamer, camera, 30_000)
    expect(playlist).toMatch(/^#EXTM3U/)
    const segment = /^(seg-\d+\.ts)$/m.exec(playlist)![1]!
    const data = await restreamer.segment(7, segment)
    // MPEG-TS packets start with the sync byte 0x47.
    expect(data?.[0]).toBe(0x47)
    expect(restreamer.stats()).toEqual([{ cameraId: 7, state: 'live', mode: 'copy' }])
    expect(lost).toEqual([])

    await source.stop()
    const deadline = Date.now() + 20_000
    let problem = 'none'
    while (Date.now() < deadline && problem === 'none') {
      problem = await problemOf(restreamer.playlist(camera))
      if (problem === 'none') await new Promise((resolve) => setTimeout(resolve, 300))
    }
    expect(problem).toBe('offline')
    // The owner hears once that the picture stopped, however often it retries meanwhile.
    expect(lost).toEqual([[7, expect.any(Number)]])

    source.start()
    const again = await playlistWithin(restreamer, camera, 30_000)
    expect(again).toMatch(/#EXTINF/)
  })

  it('transcodes a source that is not H.264', { timeout: 90_000 }, async () => {
    source = await startCameraSource({ codec: 'mpeg2video' })
    restreamer = createRestreamer({ launcher, allowPrivateHosts: true, idleMs: 30_000, maxStreams: 2, log })
    await playlistWithin(restreamer, { id: 8, streamUrl: source.url }, 45_000)
    expect(restreamer.stats()).toEqual([{ cameraId: 8, state: 'live', mode: 'transcode' }])
  })

  it('refuses a source on a private address without connecting to it', { timeout: 30_000 }, async () => {
    source = await startCameraSource()
    restreamer = createRestreamer({ launcher, allowPrivateHosts: false, idleMs: 30_000, maxStreams: 2, log })
    expect(await problemOf(restreamer.playlist({ id: 9, streamUrl: source.url }))).toBe('refused')
    expect(await problemOf(restreamer.playlist({ id: 10, streamUrl: 'rtsp://127.0.0.1:8554/kitchen' }))).toBe(
      'refused',
    )
    // A host name is judged by the address it resolves to when the server connects.
    const byName = source.url.replace('127.0.0.1', hostname())
    expect(await problemOf(restreamer.playlist({ id: 11, streamUrl: byName }))).toBe('refused')
  })
})

async function feedWithin(r: Restreamer, camera: { id: number; streamUrl: string }, ms: number) {
  const deadline = Date.now() + ms
  let last: unknown
  while (Date.now() < deadline) {
    try {
      return await r.feed(camera)
    } catch (error) {
      last = error
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }
  throw last
}

/** Resolves once a key frame's first packet has come through the feed. */
function keyFrameFrom(feed: RtpFeed, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe()
      resolve(false)
    }, ms)
    const unsubscribe = feed.subscribe((packet) => {
      if (!startsKeyFrame(packet)) return
      clearTimeout(timer)
      unsubscribe()
      resolve(true)
    })
  })
}

describe('restreamed cameras for WebRTC viewers', () => {
  it('copies an H.264 source into HLS and an RTP feed from the one ffmpeg', { timeout: 90_000 }, async () => {
    source = await startCameraSource()
    const stopped: number[] = []
    restreamer = createRestreamer({
      launcher,
      allowPrivateHosts: true,
      idleMs: 30_000,
      maxStreams: 2,
      webrtc: { viewers: () => 0, cameraStopped: (cameraId) => stopped.push(cameraId) },
      log,
    })
    const camera = { id: 12, streamUrl: source.url }
    const feed = await feedWithin(restreamer, camera, 30_000)
    expect(await keyFrameFrom(feed, 10_000)).toBe(true)
    // The test source is x264's Constrained Baseline: viewers are answered with that profile.
    expect(feed.profiles[0]).toBe('42e0')
    expect(await restreamer.playlist(camera)).toMatch(/#EXTINF/)
    expect(restreamer.stats()).toEqual([{ cameraId: 12, state: 'live', mode: 'copy' }])
    expect(stopped).toEqual([])
    await restreamer.close()
    // Its viewers were let go with it.
    expect(stopped).toEqual([12])
  })

  it('transcodes an H.264 source with B-frames, which browsers do not play over WebRTC', {
    timeout: 90_000,
  }, async () => {
    source = await startCameraSource({ bFrames: 2 })
    restreamer = createRestreamer({
      launcher,
      allowPrivateHosts: true,
      idleMs: 30_000,
      maxStreams: 2,
      webrtc: { viewers: () => 0, cameraStopped: () => {} },
      log,
    })
    const feed = await feedWithin(restreamer, { id: 13, streamUrl: source.url }, 45_000)
    expect(restreamer.stats()).toEqual([{ cameraId: 13, state: 'live', mode: 'transcode' }])
    const bSlices = { count: 0 }
    const unsubscribe = feed.subscribe((packet) => {
      if (startsBSlice(packet)) bSlices.count++
    })
    expect(await keyFrameFrom(feed, 10_000)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    unsubscribe()
    expect(bSlices.count).toBe(0)
    expect(feed.profiles).toEqual(['4d', '42e0'])
  })

  it('keeps a restream that WebRTC viewers watch past the idle time, and stops it after', {
    timeout: 90_000,
  }, async () => {
    source = await startCameraSource()
    let viewers = 1
    const stopped: number[] = []
    restreamer = createRestreamer({
      launcher,
      allowPrivateHosts: true,
      idleMs: 1000,
      maxStreams: 2,
      webrtc: { viewers: () => viewers, cameraStopped: (cameraId) => stopped.push(cameraId) },
      log,
    })
    await feedWithin(restreamer, { id: 14, streamUrl: source.url }, 30_000)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(restreamer.has(14)).toBe(true)
    viewers = 0
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(restreamer.has(14)).toBe(false)
    expect(stopped).toEqual([14])
  })
})

describe('what a copied source may pass through to browsers', () => {
  const rtp = (...payload: number[]) =>
    Buffer.from([0x80, 96, 0, 1, 0, 0, 0, 0, 0, 0x0c, 0x1e, 0xa2, ...payload])

  it('finds B slices alone, fragmented, aggregated, and after a large first macroblock', () => {
    // ue(0) first_mb_in_slice, then slice_type: ue(1) B, ue(0) P, ue(6) B, ue(7) I.
    expect(startsBSlice(rtp(0x01, 0b1010_0000))).toBe(true)
    expect(startsBSlice(rtp(0x01, 0b1100_0000))).toBe(false)
    expect(startsBSlice(rtp(0x01, 0b1001_1100))).toBe(true)
    expect(startsBSlice(rtp(0x65, 0b1000_1000))).toBe(false)
    // FU-A: only the fragment that starts the slice carries its header.
    expect(startsBSlice(rtp(0x7c, 0x81, 0b1010_0000))).toBe(true)
    expect(startsBSlice(rtp(0x7c, 0x01, 0b1010_0000))).toBe(false)
    // STAP-A: a parameter set, then a B slice.
    expect(startsBSlice(rtp(0x78, 0, 2, 0x67, 0x4d, 0, 2, 0x01, 0b1010_0000))).toBe(true)
    // first_mb_in_slice 100 (13 bits), then slice_type 1.
    expect(startsBSlice(rtp(0x01, 0b0000_0011, 0b0010_1010))).toBe(true)
  })

  it('passes H.264 in 8-bit 4:2:0 from Baseline to High, and answers with its profile', () => {
    expect(
      describeVideo('h264 (High) ([27][0][0][0] / 0x001B), yuv420p(progressive), 1280x720, 25 fps'),
    ).toEqual({ playable: true, profiles: ['64', '4d', '42e0'] })
    expect(describeVideo('h264 (Constrained Baseline), yuv420p(progressive), 320x180')).toEqual({
      playable: true,
      profiles: ['42e0', '4d'],
    })
    expect(describeVideo('h264, yuvj420p(pc, bt709, progressive), 2560x1920, 12.50 fps')).toMatchObject({
      playable: true,
    })
    expect(describeVideo('h264 (High 10), yuv420p10le(progressive), 1920x1080').playable).toBe(false)
    expect(describeVideo('h264 (High 4:2:2), yuv422p(progressive), 1920x1080').playable).toBe(false)
    expect(describeVideo('hevc (Main), yuv420p(tv), 1920x1080').playable).toBe(false)
  })
})
