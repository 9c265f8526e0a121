import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { attachWebRtc, STARTING_RETRIES } from './webrtc-playback'

/** A peer connection that gathers at once and takes any answer: what the offer meets is the point. */
class FakePeerConnection {
  iceGatheringState = 'complete'
  connectionState = 'new'
  localDescription: { type: string; sdp: string } | null = null
  ontrack: unknown = null
  onconnectionstatechange: unknown = null
  remote: unknown
  addTransceiver() {}
  async createOffer() {
    return { type: 'offer', sdp: 'v=0 offer' }
  }
  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description
  }
  async setRemoteDescription(description: unknown) {
    this.remote = description
  }
  addEventListener() {}
  removeEventListener() {}
  close() {}
}

const starting = () =>
  new Response(
    JSON.stringify({ message: 'Camera stream is starting, try again shortly', code: 'camera.starting' }),
    {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '2' },
    },
  )
const answered = () => {
  const res = new Response('v=0 answer', {
    status: 201,
    headers: { 'content-type': 'application/sdp', location: '/live/1/whep/session-1' },
  })
  // A browser's answer knows where it came from; the session's address is relative to it.
  return Object.defineProperty(res, 'url', { value: 'http://localhost/live/1/whep' })
}

describe('WebRTC playback asking a camera for its picture', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection)
    fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('offers again, as told by Retry-After, while the camera is starting, and plays once answered', async () => {
    fetchMock
      .mockResolvedValueOnce(starting())
      .mockResolvedValueOnce(starting())
      .mockResolvedValueOnce(answered())
    const onFail = vi.fn()
    const attached = attachWebRtc(document.createElement('video'), '/live/1/whep', onFail)
    await vi.advanceTimersByTimeAsync(1999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    await attached
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(
      fetchMock.mock.calls.every(([, init]) => init.method === 'POST' && init.body === 'v=0 offer'),
    ).toBe(true)
    expect(onFail).not.toHaveBeenCalled()
  })

  it('gives the camera to HLS when it is still starting after the last try', async () => {
    fetchMock.mockImplementation(async () => starting())
    const onFail = vi.fn()
    const attached = attachWebRtc(document.createElement('video'), '/live/1/whep', onFail)
    await vi.advanceTimersByTimeAsync(2000 * STARTING_RETRIES)
    await attached
    expect(fetchMock).toHaveBeenCalledTimes(STARTING_RETRIES + 1)
    expect(onFail).toHaveBeenCalledWith('offer refused (503)')
  })

  it('gives up at once on any other refusal', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Too many viewers', code: 'camera.webrtc_full' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '5' },
      }),
    )
    const onFail = vi.fn()
    await attachWebRtc(document.createElement('video'), '/live/1/whep', onFail)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(onFail).toHaveBeenCalledWith('offer refused (503)')
  })
})
