import { hostname } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { type CameraSource, ffmpegBinary, startCameraSource } from '../testing/camera-source'
import { createRestreamer, RestreamError, type Restreamer } from './restream'

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
