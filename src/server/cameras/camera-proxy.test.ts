import { createServer } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../testing/build-test-app'
import { type HlsSource, startHlsSource } from '../testing/camera-source'
import { addCamera, registerRestaurant } from '../testing/workspace.fixtures'

// The owner's HLS server is on this machine's loopback, as an operator may allow for a LAN.
const app = await buildTestApp({ config: { cameras: { allowPrivateHosts: true } } })
const sources: HlsSource[] = []
const servers: ReturnType<typeof createServer>[] = []
afterAll(async () => {
  await Promise.all(sources.map((s) => s.close()))
  for (const server of servers) server.close()
})

describe('a restaurant’s own HLS camera, served to diners by the app', () => {
  it('plays under /live/{cameraId}/: diners never see the source, whose segments come through the app', async () => {
    const source = await startHlsSource({ seconds: 4 })
    sources.push(source)
    const { owner, restaurant } = await registerRestaurant(app)
    const camera = await addCamera(app, owner, restaurant.id, { streamUrl: source.url })

    const diners = (await app.inject({ url: `/api/restaurants/${restaurant.id}/cameras` })).json()
    expect(diners).toEqual([
      expect.objectContaining({ id: camera.id, streamUrl: `/live/${camera.id}/index.m3u8` }),
    ])
    expect(JSON.stringify(diners)).not.toContain('127.0.0.1')
    // The owner's own list keeps the address to edit.
    const mine = await app.inject({
      url: `/api/restaurants/${restaurant.id}/cameras?include=inactive`,
      headers: owner.headers,
    })
    expect(mine.json()).toEqual([expect.objectContaining({ id: camera.id, streamUrl: source.url })])

    const playlist = await app.inject({ url: `/live/${camera.id}/index.m3u8` })
    expect(playlist.statusCode).toBe(200)
    expect(playlist.headers['content-type']).toContain('mpegurl')
    const segments = playlist.body.split('\n').filter((l) => l && !l.startsWith('#'))
    expect(segments).toHaveLength(4)
    expect(playlist.body).not.toContain('127.0.0.1')
    for (const segment of segments)
      expect(segment).toMatch(new RegExp(`^/live/${camera.id}/r/[A-Za-z0-9_-]+$`))

    const first = await app.inject({ url: segments[0]! })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('video/mp2t')
    const direct = Buffer.from(
      await (await fetch(source.url.replace('index.m3u8', 'seg-0.ts'))).arrayBuffer(),
    )
    expect(first.rawPayload.equals(direct)).toBe(true)

    // A made-up or altered address reaches nothing.
    expect((await app.inject({ url: `/live/${camera.id}/r/${'A'.repeat(60)}` })).statusCode).toBe(404)
    const otherCamera = await addCamera(app, owner, restaurant.id, {
      streamUrl: source.url,
      name: 'Line Camera',
    })
    expect(
      (await app.inject({ url: segments[0]!.replace(`/live/${camera.id}/`, `/live/${otherCamera.id}/`) }))
        .statusCode,
    ).toBe(404)
  }, 30_000)

  it('serves no address off the camera’s origin: a playlist pointing at another local port reaches nothing', async () => {
    const canaryRequests: string[] = []
    const canary = createServer((req, res) => {
      canaryRequests.push(req.url ?? '')
      res.end('x')
    })
    servers.push(canary)
    await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r))
    const elsewhere = `http://127.0.0.1:${(canary.address() as { port: number }).port}`
    const origin = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' })
      res.end(
        [
          '#EXTM3U',
          '#EXT-X-TARGETDURATION:2',
          `#EXT-X-KEY:METHOD=AES-128,URI="${elsewhere}/key"`,
          '#EXTINF:2.0,',
          `${elsewhere}/seg.ts`,
          '',
        ].join('\n'),
      )
    })
    servers.push(origin)
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r))
    const { owner, restaurant } = await registerRestaurant(app)
    const camera = await addCamera(app, owner, restaurant.id, {
      streamUrl: `http://127.0.0.1:${(origin.address() as { port: number }).port}/cam.m3u8`,
    })
    const playlist = await app.inject({ url: `/live/${camera.id}/index.m3u8` })
    expect(playlist.statusCode).toBe(200)
    expect(playlist.body).not.toContain(elsewhere)
    for (const line of playlist.body.split('\n').filter((l) => l && !l.startsWith('#')))
      expect((await app.inject({ url: line })).statusCode).toBe(404)
    expect(canaryRequests).toEqual([])
  }, 30_000)
})
