import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { parseInputProtocols, readableProtocols, resolveFfmpegPath } from '../infra/ffmpeg'
import { createKitchen } from '../realtime/live.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'

// Only the npm-installed ffmpeg (no libsrt), so the SRT refusal is what is tested here; SRT cameras
// that play are in srt-cameras.test.ts.
const app = await buildTestApp({
  config: { cameras: { enabled: true, ffmpegPath: undefined, systemFfmpegForSrt: false } },
})
const owner = await createUser(app)
const { restaurant } = await createKitchen(app.db, { ownerId: owner.user.id })

const addCamera = (streamUrl: string) =>
  app.inject({
    method: 'POST',
    url: '/api/cameras',
    headers: owner.headers,
    payload: { restaurantId: restaurant.id, name: 'Pass camera', position: 'main', streamUrl },
  })

describe('restaurants’ own camera sources', () => {
  it('refuses at once, without connecting, a source on a private address literal or localhost', async () => {
    for (const url of [
      'rtsp://127.0.0.1:8554/kitchen',
      'rtsp://admin:secret@192.168.1.64/stream1',
      'http://[::1]:8080/video.ts',
      'srt://localhost:9000',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await addCamera(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().errors.streamUrl).toMatch(/not allowed/)
    }
    const list = await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })
    expect(list.json()).toEqual([])
  })

  it('saves an RTSP camera and shows diners the restream address, never the source and its password', async () => {
    const res = await addCamera('rtsp://admin:secret@cameras.example.com:554/stream1')
    expect(res.statusCode).toBe(201)
    const { id } = res.json<{ id: number }>()
    const list = await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })
    expect(list.body).not.toContain('secret')
    expect(list.json()).toEqual([expect.objectContaining({ id, streamUrl: `/live/${id}/index.m3u8` })])
  })

  it('refuses to restream a host name that resolves into a private range when the server connects', async () => {
    // The machine's own name passes the save-time check and resolves to a loopback address.
    const res = await addCamera(`http://${hostname()}:9/kitchen.ts`)
    expect(res.statusCode).toBe(201)
    const playlist = await app.inject({ url: `/live/${res.json<{ id: number }>().id}/index.m3u8` })
    expect(playlist.statusCode).toBe(403)
    expect(playlist.json()).toMatchObject({ code: 'camera.source_refused' })
  })

  it('decides from the server’s own ffmpeg whether SRT cameras can be saved, and says why not', async () => {
    const protocols = await readableProtocols(undefined)
    // The list is the binary's own: it reads the protocols every camera here uses.
    for (const name of ['rtmp', 'http', 'https', 'tcp']) expect(protocols.has(name), name).toBe(true)
    const res = await addCamera('srt://cameras.example.com:9000?streamid=kitchen')
    if (protocols.has('srt')) {
      expect(res.statusCode).toBe(201)
      return
    }
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^This server’s ffmpeg cannot read SRT/)
    expect(res.json().errors.streamUrl).toMatch(/cannot read SRT/)
    const list = await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })
    expect(list.body).not.toContain('srt')

    // Editing a camera to an SRT address is refused the same way.
    const saved = await addCamera('rtsp://cameras.example.com:554/pass')
    expect(saved.statusCode).toBe(201)
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${saved.json<{ id: number }>().id}`,
      headers: owner.headers,
      payload: { streamUrl: 'srt://cameras.example.com:9000' },
    })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().message).toMatch(/cannot read SRT/)
  })

  it('reads the input protocols from ffmpeg’s list', async () => {
    const path = resolveFfmpegPath(undefined)
    if (typeof path !== 'string') throw new Error(path.problem)
    const { execFileSync } = await import('node:child_process')
    const listed = parseInputProtocols(
      execFileSync(path, ['-hide_banner', '-protocols'], { encoding: 'utf8' }),
    )
    expect(listed).toEqual(await readableProtocols(undefined))
    // Output-only protocols are not readable sources.
    expect(listed.has('icecast')).toBe(false)
  })
})
