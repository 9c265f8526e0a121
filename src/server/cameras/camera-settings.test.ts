import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { cameraSchema } from '../../shared/schemas/restaurants'
import { cameras } from '../db/schema'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { addCamera, addDish, registerRestaurant } from '../testing/workspace.fixtures'

// Sources on this machine's loopback are allowed here, as an operator may allow them for a LAN.
const app = await buildTestApp({ config: { cameras: { allowPrivateHosts: true } } })
const strict = await buildTestApp()
const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path
const cameraList = z.array(cameraSchema.strict())
const publicCameras = async (restaurantId: number) =>
  cameraList.parse((await app.inject({ url: `/api/restaurants/${restaurantId}/cameras` })).json())

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
const children: ReturnType<typeof spawn>[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
})

describe('managing cameras', () => {
  it('renames, moves and re-addresses a camera; diners see the change at once', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const camera = await addCamera(app, owner, restaurant.id)
    await publicCameras(restaurant.id)
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.id}`,
      headers: owner.headers,
      payload: { name: 'Smoker', position: 'main', streamUrl: 'https://cams.example.com/smoker.m3u8' },
    })
    expect(res.statusCode).toBe(200)
    expect(cameraSchema.strict().parse(res.json())).toEqual({
      id: camera.id,
      restaurantId: restaurant.id,
      name: 'Smoker',
      position: 'main',
      streamUrl: 'https://cams.example.com/smoker.m3u8',
      isActive: true,
    })
    // Diners get the app's own address for the picture, never the owner's source.
    expect(await publicCameras(restaurant.id)).toEqual([
      { ...res.json(), streamUrl: `/live/${camera.id}/index.m3u8` },
    ])
  })

  it.each([
    [{ name: 'X' }, 'name', 'Camera name must be at least 2 characters.'],
    [{ position: 'roof' }, 'position', 'Please select a camera position.'],
    [{ streamUrl: 'not a url' }, 'streamUrl', 'Please provide a valid streaming URL.'],
    [{ isActive: 'no' }, 'isActive', 'isActive is true or false'],
  ])('refuses %o with "%s: %s" and changes nothing', async (payload, field, message) => {
    const { owner, restaurant } = await registerRestaurant(app)
    const camera = await addCamera(app, owner, restaurant.id)
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.id}`,
      headers: owner.headers,
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[field]).toBe(message)
    expect(await publicCameras(restaurant.id)).toMatchObject([{ name: 'Pit Camera', position: 'grill' }])
  })

  it.each([[{}], [{ colour: 'red' }]])(
    'answers the unchanged camera to a change of nothing (%o)',
    async (payload) => {
      const { owner, restaurant } = await registerRestaurant(app)
      const camera = await addCamera(app, owner, restaurant.id)
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/cameras/${camera.id}`,
        headers: owner.headers,
        payload,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        id: camera.id,
        name: 'Pit Camera',
        position: 'grill',
        isActive: true,
      })
    },
  )

  it('deactivates a camera, which the public list then hides, and deletes one', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const a = await addCamera(app, owner, restaurant.id, { name: 'Pit' })
    const b = await addCamera(app, owner, restaurant.id, { name: 'Line' })
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${a.id}`,
      headers: owner.headers,
      payload: { isActive: false },
    })
    expect(off.json().isActive).toBe(false)
    expect((await publicCameras(restaurant.id)).map((c) => c.id)).toEqual([b.id])
    const gone = await app.inject({ method: 'DELETE', url: `/api/cameras/${b.id}`, headers: owner.headers })
    expect(gone.statusCode).toBe(204)
    expect(await publicCameras(restaurant.id)).toEqual([])
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/cameras/${b.id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(404)
  })

  it('answers 401 to a visitor and 403 to another user on every camera route, changing nothing', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const camera = await addCamera(app, owner, restaurant.id)
    const stranger = await createUser(app)
    const routes = [
      { method: 'PATCH' as const, url: `/api/cameras/${camera.id}`, payload: { isActive: false } },
      { method: 'DELETE' as const, url: `/api/cameras/${camera.id}` },
      { method: 'POST' as const, url: `/api/cameras/${camera.id}/check` },
    ]
    for (const route of routes) {
      expect((await app.inject(route)).statusCode, `${route.method} ${route.url}`).toBe(401)
      expect((await app.inject({ ...route, headers: stranger.headers })).statusCode, route.url).toBe(403)
    }
    expect(await publicCameras(restaurant.id)).toMatchObject([{ id: camera.id, isActive: true }])
    expect(
      (await app.inject({ method: 'POST', url: '/api/cameras/999999/check', headers: owner.headers }))
        .statusCode,
    ).toBe(404)
  })
})

describe('private addresses, when the operator does not allow them', () => {
  it('refuses a loopback address when a camera is edited, and checks no stream on one', async () => {
    const { owner, restaurant } = await registerRestaurant(strict)
    const camera = await addCamera(strict, owner, restaurant.id)
    const edit = await strict.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.id}`,
      headers: owner.headers,
      payload: { streamUrl: 'http://127.0.0.1:8080/cam.ts' },
    })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().errors.streamUrl).toMatch(/not allowed/)
    // A host name is judged when connecting: localhost points at this machine.
    await strict.db
      .update(cameras)
      .set({ streamUrl: 'http://localhost:9/cam.ts' })
      .where(eq(cameras.id, camera.id))
    const check = await strict.inject({
      method: 'POST',
      url: `/api/cameras/${camera.id}/check`,
      headers: owner.headers,
    })
    expect(check.statusCode).toBe(200)
    expect(check.json().ok).toBe(false)
    expect(check.json().message).toMatch(/not allowed/)
  })
})

describe('checking a stream', () => {
  it('answers the codec and size of a camera that streams, and why nothing was found otherwise', async () => {
    const { owner, restaurant } = await registerRestaurant(app)
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/pit.ts`
    // The camera is saved with a public-looking address, then pointed at a local source.
    const camera = await addCamera(app, owner, restaurant.id)
    await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.id}`,
      headers: owner.headers,
      payload: { streamUrl: url },
    })

    const silent = await app.inject({
      method: 'POST',
      url: `/api/cameras/${camera.id}/check`,
      headers: owner.headers,
    })
    expect(silent.statusCode).toBe(200)
    expect(silent.json()).toEqual({
      ok: false,
      message: `Could not read a video stream at 127.0.0.1:${port}`,
    })
    // Without a picture reaching diners, the restaurant cannot go live.
    await addDish(app, owner, restaurant.id)
    const goLive = (isLive = true) =>
      app.inject({
        method: 'PATCH',
        url: `/api/restaurants/${restaurant.id}`,
        headers: owner.headers,
        payload: { isLive },
      })
    const refused = await goLive()
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('To go live, add a camera whose “Check stream” found a picture')

    const child = spawn(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=10'],
        ...['-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts', '-listen', '1', url],
      ],
      { stdio: 'ignore' },
    )
    children.push(child)
    let found = silent.json()
    for (let i = 0; i < 20 && !found.ok; i++) {
      await new Promise((r) => setTimeout(r, 250))
      found = (
        await app.inject({ method: 'POST', url: `/api/cameras/${camera.id}/check`, headers: owner.headers })
      ).json()
    }
    expect(found).toMatchObject({ ok: true, codec: 'h264', width: 640, height: 360 })
    expect((await goLive()).statusCode).toBe(200)

    // A new address has not been checked: off the air, the restaurant cannot go live again.
    expect((await goLive(false)).statusCode).toBe(200)
    await app.inject({
      method: 'PATCH',
      url: `/api/cameras/${camera.id}`,
      headers: owner.headers,
      payload: { streamUrl: `http://127.0.0.1:${port}/other.ts` },
    })
    expect((await goLive()).statusCode).toBe(409)
  }, 30_000)
})
