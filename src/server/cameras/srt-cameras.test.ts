import type { ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { ffmpegForSource, resolveFfmpegPath } from '../infra/ffmpeg'
import { createKitchen } from '../realtime/live.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { freeLocalPort, startSrtSource } from '../testing/camera-source'

// The ffmpeg this server would restream an srt:// camera with (FFMPEG_PATH, npm's, then PATH's).
const srtFfmpeg = await ffmpegForSource('srt://127.0.0.1:9000', {
  ffmpegPath: process.env.FFMPEG_PATH,
  systemFfmpegForSrt: true,
})
// CI installs Debian's ffmpeg: there, a missing SRT reader is a failure, not a skip.
const runHere = typeof srtFfmpeg === 'string' || process.env.CI === 'true'

let source: ChildProcess | undefined
afterAll(() => {
  if (source?.pid && source.exitCode === null && source.signalCode === null)
    process.kill(source.pid, 'SIGKILL')
})

describe.skipIf(!runHere)('SRT cameras', () => {
  it('chooses an ffmpeg that reads SRT for srt:// sources only', async () => {
    if (typeof srtFfmpeg !== 'string') throw new Error(`No ffmpeg here reads SRT: ${srtFfmpeg.problem}`)
    const choice = { ffmpegPath: process.env.FFMPEG_PATH, systemFfmpegForSrt: true }
    // Every other source keeps the configured or npm-installed binary.
    expect(await ffmpegForSource('rtsp://cameras.example.com/pass', choice)).toBe(
      resolveFfmpegPath(process.env.FFMPEG_PATH),
    )
    expect(await ffmpegForSource('srt://cameras.example.com:9000', choice)).toBe(srtFfmpeg)
  })

  it('restreams an srt:// camera as live HLS', { timeout: 90_000 }, async () => {
    if (typeof srtFfmpeg !== 'string') throw new Error(`No ffmpeg here reads SRT: ${srtFfmpeg.problem}`)
    const app = await buildTestApp({
      config: {
        cameras: { enabled: true, allowPrivateHosts: true, ffmpegPath: undefined, systemFfmpegForSrt: true },
      },
    })
    const owner = await createUser(app)
    const { restaurant } = await createKitchen(app.db, { ownerId: owner.user.id })
    const port = await freeLocalPort()
    source = startSrtSource(srtFfmpeg, port)

    const created = await app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.headers,
      payload: {
        restaurantId: restaurant.id,
        name: 'Pass camera',
        position: 'main',
        streamUrl: `srt://127.0.0.1:${port}`,
      },
    })
    expect(created.statusCode).toBe(201)
    const { id } = created.json<{ id: number }>()

    const deadline = Date.now() + 60_000
    let playlist = ''
    let last = ''
    while (Date.now() < deadline && !/^seg-\d+\.ts$/m.test(playlist)) {
      const res = await app.inject({ url: `/live/${id}/index.m3u8` })
      if (res.statusCode === 200) playlist = res.body
      else last = `${res.statusCode} ${res.body}`
      if (!/^seg-\d+\.ts$/m.test(playlist)) await new Promise((resolve) => setTimeout(resolve, 300))
    }
    expect(playlist, last).toMatch(/^#EXTM3U/)
    const segment = /^(seg-\d+\.ts)$/m.exec(playlist)![1]!
    const data = await app.inject({ url: `/live/${id}/${segment}` })
    expect(data.statusCode).toBe(200)
    expect(data.rawPayload.length).toBeGreaterThan(188)
    // MPEG-TS packets start with the sync byte 0x47.
    expect(data.rawPayload[0]).toBe(0x47)

    process.kill(source.pid!, 'SIGKILL')
  })
})
