import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import nodeDataChannel from 'node-datachannel'
import { afterAll, describe, expect, it } from 'vitest'
import { cameras, restaurants } from '../db/schema'
import { buildTestApp, type TestApp } from '../testing/build-test-app'
import { startCameraSource } from '../testing/camera-source'
import { cameraOwner, FORWARDED_HEADER } from './camera-instances'
import { parseVideoOffer } from './whep'

const IDLE_MS = 6000

const app = await buildTestApp({
  config: {
    cameras: { enabled: true, idleMs: 1500, maxEncoders: 2 },
    webrtc: { idleMs: IDLE_MS, maxViewers: 3 },
  },
})
const origin = await app.listen({ port: 0, host: '127.0.0.1' })
const { grill, retired, external } = await addCameras(app)

afterAll(async () => {
  await app.close()
})

async function addCameras(target: TestApp) {
  const [restaurant] = await target.db
    .insert(restaurants)
    .values({
      name: 'Real-time Kitchen',
      description: 'A kitchen watched live',
      cuisine: 'Italian',
      address: '1 Test Street',
      priceRange: '$$',
      isLive: true,
    })
    .returning()
  const add = async (name: string, values: { isDemo: boolean; isActive?: boolean; streamUrl?: string }) => {
    const [row] = await target.db
      .insert(cameras)
      .values({ restaurantId: restaurant!.id, name, position: 'main', streamUrl: 'pending', ...values })
      .returning()
    return row!
  }
  return {
    grill: await add('Grill Station', { isDemo: true }),
    retired: await add('Old Fryer', { isDemo: true, isActive: false }),
    external: await add('Rooftop Smoker', { isDemo: false, streamUrl: 'http://127.0.0.1:9/smoker.m3u8' }),
  }
}

/** A viewer as a browser is one: an offer to receive H.264 video, and what arrives on it. */
let viewers = 0
/** Every viewer's native objects, kept from the garbage collector for the file's life. */
const held: unknown[] = []

async function viewer() {
  const pc = new nodeDataChannel.PeerConnection(`viewer-${++viewers}`, {
    iceServers: [],
    bindAddress: '127.0.0.1',
  })
  const video = new nodeDataChannel.Video('0', 'RecvOnly')
  video.addH264Codec(102, 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f')
  video.addH264Codec(108, 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=4d001f')
  const track = pc.addTrack(video)
  // Receiver-side RTCP, through which requestKeyframe() sends its PLI.
  const session = new nodeDataChannel.RtcpReceivingSession()
  track.setMediaHandler(session)
  held.push(pc, video, track, session)
  let packets = 0
  let payloadTypes = new Set<number>()
  let states: string[] = []
  track.onMessage((message) => {
    const buffer = Buffer.from(message)
    // RTCP (payload types 200-207 in the second byte) is not the picture.
    if (buffer.length > 12 && (buffer[1]! < 200 || buffer[1]! > 207)) {
      packets++
      payloadTypes.add(buffer[1]! & 0x7f)
    }
  })
  pc.onStateChange((state) => states.push(state))
  // A browser sends receiver reports every second or so; this viewer asks for key frames instead,
  // so that the server hears from it as from a browser.
  const reports = setInterval(() => {
    try {
      if (track.isOpen()) track.requestKeyframe()
    } catch {}
  }, 500)
  const offer = await new Promise<string>((resolve) => {
    pc.onGatheringStateChange((state) => {
      if (state === 'complete') resolve(pc.localDescription()!.sdp)
    })
    pc.setLocalDescription()
  })
  return {
    pc,
    // Held here: a Track (or its description) nothing refers to is collected, and stops receiving.
    track,
    video,
    offer,
    get packets() {
      return packets
    },
    get payloadTypes() {
      return payloadTypes
    },
    get states() {
      return states
    },
    reset() {
      packets = 0
      payloadTypes = new Set()
      states = []
    },
    accept(answer: string) {
      try {
        pc.setRemoteDescription(answer, 'answer')
      } catch (error) {
        throw new Error(`${(error as Error).message} (states ${states.join(',')}, ${pc.state()})\n${answer}`)
      }
    },
    close() {
      clearInterval(reports)
      pc.close()
    },
  }
}

/**
 * A viewer connected to a camera. libdatachannel on the offering side now and then closes its
 * connection before the answer is applied ("Got a remote candidate without ICE transport"), which
 * a browser does not: that attempt is ended and another made, at most three.
 */
async function connectedViewer(base: string, cameraId: number) {
  for (let attempt = 1; ; attempt++) {
    const peer = await viewer()
    const res = await fetch(`${base}/live/${cameraId}/whep`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: peer.offer,
    })
    if (res.status !== 201) throw new Error(`${res.status}: ${await res.text()}`)
    const location = res.headers.get('location')!
    const answer = await res.text()
    try {
      peer.accept(answer)
      return { peer, res, location, answer }
    } catch (error) {
      peer.close()
      await fetch(`${base}${location}`, { method: 'DELETE' })
      if (attempt >= 3) throw error
    }
  }
}

function post(cameraId: number, offer: string, contentType = 'application/sdp') {
  return fetch(`${origin}/live/${cameraId}/whep`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: offer,
  })
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

/** ffmpeg processes whose parent is this process (the encoders), those with `argument` if given. */
function encoders(argument?: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      // Started through setpriv, which execs ffmpeg: still this process's child.
      if (name !== 'ffmpeg' || parent !== process.pid) continue
      if (argument && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(argument)) continue
      pids.push(Number(entry))
    } catch {}
  }
  return pids
}

describe('WHEP playback of a camera', () => {
  it('answers a valid offer with SDP, a Location, and forwards the camera’s H.264 once connected', async () => {
    const { peer, res, location, answer } = await connectedViewer(origin, grill.id)
    expect(res.headers.get('content-type')).toMatch(/^application\/sdp/)
    expect(location).toMatch(new RegExp(`^/live/${grill.id}/whep/[A-Za-z0-9_-]{16}$`))
    expect(answer).toMatch(/^v=0/)
    expect(answer).toContain('a=sendonly')
    // Every candidate is in the answer (no trickle), and in tests only on loopback.
    expect(answer).toMatch(/a=candidate:\S+ 1 UDP \d+ 127\.0\.0\.1 \d+ typ host/)
    expect(answer).toContain('a=end-of-candidates')
    // The Main-profile H.264 the browser offered is the one answered and sent.
    expect(answer).toMatch(/a=rtpmap:108 H264\/90000/)
    await waitFor(() => peer.packets > 30, 15_000, 'video packets').catch((error) => {
      throw new Error(`${error.message}: ${peer.packets} packets, states ${peer.states.join(',')}`)
    })
    expect([...peer.payloadTypes]).toEqual([108])
    expect(peer.states).toContain('connected')

    const deleted = await fetch(`${origin}${location}`, { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    // The session is gone: a second DELETE finds nothing, and no more video arrives.
    expect((await fetch(`${origin}${location}`, { method: 'DELETE' })).status).toBe(404)
    await new Promise((r) => setTimeout(r, 500))
    const after = peer.packets
    await new Promise((r) => setTimeout(r, 1000))
    expect(peer.packets).toBe(after)
    peer.close()
  })

  it('feeds HLS and every WebRTC viewer from one encoder per camera', async () => {
    const playlist = await fetch(`${origin}/live/${grill.id}/index.m3u8`)
    expect(playlist.status).toBe(200)
    const text = await playlist.text()
    // Each segment carries the wall-clock time of its first frame, to the millisecond.
    const dates = [...text.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g)].map((m) => Date.parse(m[1]!))
    expect(dates.length).toBeGreaterThanOrEqual(2)
    expect(dates[1]! - dates[0]!).toBe(1000)
    expect(Math.abs(Date.now() - dates.at(-1)!)).toBeLessThan(5000)
    const before = encoders()
    expect(before).toHaveLength(1)

    const peers = [
      (await connectedViewer(origin, grill.id)).peer,
      (await connectedViewer(origin, grill.id)).peer,
    ]
    await waitFor(() => peers.every((p) => p.packets > 30), 15_000, 'both viewers’ video')
    expect(encoders()).toEqual(before)
    // Both viewers see the same stream as the playlist goes on.
    expect((await fetch(`${origin}/live/${grill.id}/index.m3u8`)).status).toBe(200)
    expect(encoders()).toEqual(before)
    for (const peer of peers) peer.close()
  })

  it('refuses a malformed offer with 400 and an unknown or inactive camera with 404', async () => {
    const garbage = await post(grill.id, 'hello, camera')
    expect(garbage.status).toBe(400)
    expect(await garbage.json()).toEqual({ message: expect.stringMatching(/SDP/) })

    const peer = await viewer()
    const audioOnly = peer.offer.replace(/m=video[\s\S]*$/, '')
    const noVideo = await post(grill.id, audioOnly)
    expect(noVideo.status).toBe(400)
    expect((await noVideo.json()).message).toMatch(/no video/)

    const vp8Only = peer.offer.replace(/H264/g, 'VP8')
    const noH264 = await post(grill.id, vp8Only)
    expect(noH264.status).toBe(400)
    expect((await noH264.json()).message).toMatch(/H\.264/)

    expect((await post(retired.id, peer.offer)).status).toBe(404)
    expect((await post(999_999, peer.offer)).status).toBe(404)
    expect((await post(Number.NaN, peer.offer)).status).toBe(404)
    // A restaurant's own HLS source has no H.264 here to send: it stays on HLS.
    const hlsOnly = await post(external.id, peer.offer)
    expect(hlsOnly.status).toBe(409)
    // Not SDP at all.
    expect((await post(grill.id, peer.offer, 'text/plain')).status).toBe(415)
    expect((await fetch(`${origin}/live/${grill.id}/whep/nosuchsession`, { method: 'DELETE' })).status).toBe(
      404,
    )
    peer.close()
  })

  it('closes a session whose viewer never connects after the idle time', async () => {
    const peer = await viewer()
    const res = await post(grill.id, peer.offer)
    expect(res.status).toBe(201)
    const location = res.headers.get('location')!
    // The answer is never applied: the viewer never connects.
    await new Promise((r) => setTimeout(r, IDLE_MS + 1500))
    expect((await fetch(`${origin}${location}`, { method: 'DELETE' })).status).toBe(404)
    peer.close()
  })

  it('closes the session of a viewer that vanishes without a word', { timeout: 90_000 }, async () => {
    // A viewer in a process of its own, killed outright once it receives video.
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', VANISHING_VIEWER, origin, String(grill.id)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      out += chunk
    })
    let location: string
    try {
      await waitFor(() => out.includes('playing '), 50_000, 'the viewer to play')
      location = /playing (\S+)/.exec(out)![1]!
    } finally {
      child.kill('SIGKILL')
    }
    await new Promise((r) => setTimeout(r, IDLE_MS + 2500))
    expect((await fetch(`${origin}${location}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('sends viewers past WEBRTC_MAX_VIEWERS back to HLS with a 503', async () => {
    const peers = [await viewer(), await viewer(), await viewer(), await viewer()]
    const statuses: number[] = []
    const locations: string[] = []
    for (const peer of peers) {
      const res = await post(grill.id, peer.offer)
      statuses.push(res.status)
      if (res.status === 201) locations.push(res.headers.get('location')!)
      else expect(await res.json()).toMatchObject({ code: 'camera.webrtc_full' })
    }
    expect(statuses).toEqual([201, 201, 201, 503])
    for (const location of locations) await fetch(`${origin}${location}`, { method: 'DELETE' })
    for (const peer of peers) peer.close()
  })
})

describe('the offer parser', () => {
  it('picks the offer’s Main-profile H.264, else Constrained Baseline, in packetization mode 1', () => {
    const offer = (lines: string[]) =>
      [
        'v=0',
        'o=- 1 2 IN IP4 127.0.0.1',
        's=-',
        't=0 0',
        'm=video 9 UDP/TLS/RTP/SAVPF 1 2 3',
        'a=mid:v',
        'a=recvonly',
        ...lines,
      ].join('\r\n')
    expect(
      parseVideoOffer(
        offer([
          'a=rtpmap:1 H264/90000',
          'a=fmtp:1 packetization-mode=0;profile-level-id=4d001f',
          'a=rtpmap:2 H264/90000',
          'a=fmtp:2 packetization-mode=1;profile-level-id=42e01f',
          'a=rtpmap:3 H264/90000',
          'a=fmtp:3 packetization-mode=1;profile-level-id=4d001f',
        ]),
      ),
    ).toMatchObject({ mid: 'v', payloadType: 3 })
    expect(
      parseVideoOffer(
        offer(['a=rtpmap:2 H264/90000', 'a=fmtp:2 packetization-mode=1;profile-level-id=42e01f']),
      ),
    ).toMatchObject({ payloadType: 2 })
    expect(() => parseVideoOffer(offer(['a=rtpmap:1 H264/90000', 'a=fmtp:1 packetization-mode=0']))).toThrow(
      /H\.264/,
    )
    expect(() =>
      parseVideoOffer(offer(['a=rtpmap:1 VP8/90000']).replace('a=recvonly', 'a=sendonly')),
    ).toThrow(/receive/)
  })
})

/**
 * A viewer in a process of its own: it connects, prints "playing {location}" once video arrives,
 * and then waits to be killed. An attempt that brings no video within 10 s (libdatachannel's
 * offering side now and then never completes ICE) is ended and another made, at most four.
 */
const VANISHING_VIEWER = `
import nodeDataChannel from 'node-datachannel'
const [origin, cameraId] = process.argv.slice(1)
globalThis.held = []
for (let attempt = 1; attempt <= 4; attempt++) {
  const pc = new nodeDataChannel.PeerConnection('vanishing-' + attempt, { iceServers: [], bindAddress: '127.0.0.1' })
  const video = new nodeDataChannel.Video('0', 'RecvOnly')
  video.addH264Codec(102, 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f')
  const track = pc.addTrack(video)
  globalThis.held.push(pc, video, track)
  const offer = await new Promise((resolve) => {
    pc.onGatheringStateChange((s) => { if (s === 'complete') resolve(pc.localDescription().sdp) })
    pc.setLocalDescription()
  })
  const res = await fetch(origin + '/live/' + cameraId + '/whep', { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: offer })
  const location = res.headers.get('location')
  let packets = 0
  const playing = new Promise((resolve) => {
    track.onMessage(() => { if (++packets === 20) resolve(true) })
    setTimeout(() => resolve(false), 10_000)
  })
  try {
    pc.setRemoteDescription(await res.text(), 'answer')
    if (await playing) {
      process.stdout.write('playing ' + location + '\\n')
      break
    }
    process.stderr.write('vanishing viewer: no video on attempt ' + attempt + ' (' + pc.state() + ')\\n')
  } catch {}
  pc.close()
  await fetch(origin + location, { method: 'DELETE' })
}
setInterval(() => {}, 1000)
`

describe('WHEP playback of a restaurant’s restreamed camera', () => {
  it('answers with the source’s own H.264, copied once for HLS and every viewer, and lets viewers go when the source drops', {
    timeout: 120_000,
  }, async () => {
    const source = await startCameraSource()
    const restreaming = await buildTestApp({
      config: {
        cameras: { enabled: true, idleMs: 1500, maxEncoders: 2, allowPrivateHosts: true },
        webrtc: { idleMs: IDLE_MS },
      },
    })
    try {
      const base = await restreaming.listen({ port: 0, host: '127.0.0.1' })
      const { external: pass } = await addCameras(restreaming)
      await restreaming.db.update(cameras).set({ streamUrl: source.url }).where(eq(cameras.id, pass.id))

      const first = await connectedViewer(base, pass.id)
      // The test source is Constrained Baseline: the viewer's 42e01f is answered, not its Main.
      expect(first.answer).toMatch(/a=rtpmap:102 H264\/90000/)
      await waitFor(() => first.peer.packets > 30, 20_000, 'the restream’s video').catch((error) => {
        throw new Error(
          `${error.message}: ${first.peer.packets} packets, states ${first.peer.states.join(',')}`,
        )
      })
      expect([...first.peer.payloadTypes]).toEqual([102])
      // One restream (the ffmpeg reading a source through a pipe): HLS and a second viewer start no other.
      const running = encoders('pipe:0')
      expect(running).toHaveLength(1)
      const playlist = await fetch(`${base}/live/${pass.id}/index.m3u8`)
      expect(playlist.status).toBe(200)
      expect(await playlist.text()).toMatch(/#EXTINF/)
      const second = await connectedViewer(base, pass.id)
      await waitFor(() => second.peer.packets > 30, 15_000, 'the second viewer’s video')
      expect(encoders('pipe:0')).toEqual(running)

      await source.stop()
      // The picture stopped: both sessions are ended (their players go to HLS, "reconnecting").
      await waitFor(
        async () => (await fetch(`${base}${first.location}`, { method: 'DELETE' })).status === 404,
        20_000,
        'the first viewer to be let go',
      )
      expect((await fetch(`${base}${second.location}`, { method: 'DELETE' })).status).toBe(404)
      first.peer.close()
      second.peer.close()
    } finally {
      await source.stop()
      await restreaming.close()
    }
  })
})

describe('WHEP with several instances', () => {
  it('passes an offer and its DELETE to the instance that holds the camera', async () => {
    const config = { cameras: { enabled: true, idleMs: 1500, maxEncoders: 2 }, webrtc: { idleMs: IDLE_MS } }
    const a = await buildTestApp({ config })
    const b = await buildTestApp({ config })
    try {
      const urlA = await a.listen({ port: 0, host: '127.0.0.1' })
      const urlB = await b.listen({ port: 0, host: '127.0.0.1' })
      for (const [each, own] of [
        [a, urlA],
        [b, urlB],
      ] as const) {
        each.config.webrtc.instanceUrl = own
        each.config.webrtc.instances = [urlA, urlB]
      }
      // The same cameras on both (one database in production): the first one placed on B.
      let onB: number | undefined
      for (let i = 0; i < 8 && onB === undefined; i++) {
        const [ca, cb] = [await addCameras(a), await addCameras(b)]
        expect(ca.grill.id).toBe(cb.grill.id)
        if (cameraOwner(ca.grill.id, [urlA, urlB]) === urlB) onB = ca.grill.id
      }
      expect(onB).toBeDefined()

      const { peer, location } = await connectedViewer(urlA, onB!)
      await waitFor(() => peer.packets > 30, 15_000, 'video through the camera’s instance')
      // The session is B's: A holds none of its own, and A's DELETE reaches B.
      expect((await fetch(`${urlA}${location}`, { method: 'DELETE' })).status).toBe(204)
      expect(
        (await fetch(`${urlB}${location}`, { method: 'DELETE', headers: { [FORWARDED_HEADER]: '1' } }))
          .status,
      ).toBe(404)
      peer.close()
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
