import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { createKitchen } from '../realtime/live.fixtures'
import { buildTestApp, createUser } from '../testing/build-test-app'

const app = await buildTestApp({ config: { cameras: { enabled: true } } })
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
})
