/**
 * WebRTC playback of a camera (WHEP): the browser's offer to receive video goes to
 * /live/{cameraId}/whep, the answer comes back with every server candidate in it, and the
 * picture plays in the same <video> element as HLS would. Anything that stops it (no
 * RTCPeerConnection, a refused offer, a blocked network, a connection that never comes up or
 * drops) calls `onFail`, and the player falls back to HLS; a camera still starting is asked again.
 */

/**
 * How long a connection may take from the answer to its first frame before the player gives up
 * on it (a network that blocks UDP), and how long the server may take to answer (it may be
 * starting the camera's encoder).
 */
export const WEBRTC_START_TIMEOUT_MS = 6000
const ANSWER_TIMEOUT_MS = 15_000
/** How long a connection may stay disconnected before the player gives up on it. */
const DISCONNECTED_GRACE_MS = 3000
const GATHER_TIMEOUT_MS = 2000
/**
 * A camera whose encoder is starting answers 503 `camera.starting` with a Retry-After: the offer
 * is made again (a few times, waiting as told, at most 5 s) before the camera goes to HLS, which
 * would play it seconds behind for the rest of the visit.
 */
export const STARTING_RETRIES = 3
const MAX_RETRY_WAIT_MS = 5000

/** The WHEP address for a camera this server streams (/live/{id}/index.m3u8), else undefined. */
export function whepUrlFor(streamUrl: string): string | undefined {
  const found = /^\/live\/(\d+)\/index\.m3u8$/.exec(streamUrl)
  return found ? `/live/${found[1]}/whep` : undefined
}

export function webRtcSupported(): boolean {
  return typeof RTCPeerConnection === 'function'
}

export async function attachWebRtc(
  video: HTMLVideoElement,
  whepUrl: string,
  onFail: (why: string) => void,
): Promise<() => void> {
  let failed = false
  let sessionUrl: string | undefined
  let disconnectTimer: ReturnType<typeof setTimeout> | undefined
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' })
  const fail = (why: string) => {
    if (failed) return
    failed = true
    onFail(why)
  }
  let startTimer: ReturnType<typeof setTimeout> | undefined
  const detach = () => {
    clearTimeout(startTimer)
    clearTimeout(disconnectTimer)
    pc.ontrack = null
    pc.onconnectionstatechange = null
    if (video.srcObject) {
      video.srcObject = null
      video.load()
    }
    if (!sessionUrl) {
      pc.close()
      return
    }
    // The session is ended by its DELETE before the connection closes: closed first, the server
    // would end it on the closed connection and answer the DELETE with a 404.
    void fetch(sessionUrl, { method: 'DELETE', credentials: 'include', keepalive: true })
      .catch(() => {})
      .finally(() => pc.close())
  }
  try {
    pc.addTransceiver('video', { direction: 'recvonly' })
    pc.ontrack = (event) => {
      video.srcObject = event.streams[0] ?? new MediaStream([event.track])
      void video.play().catch(() => {})
    }
    pc.onconnectionstatechange = () => {
      const state = pc.connectionState
      if (state === 'failed' || state === 'closed') fail(`connection ${state}`)
      else if (state === 'disconnected')
        disconnectTimer ??= setTimeout(() => {
          if (pc.connectionState !== 'connected') fail('connection lost')
        }, DISCONNECTED_GRACE_MS)
      else if (state === 'connected') {
        clearTimeout(disconnectTimer)
        disconnectTimer = undefined
      }
    }
    await pc.setLocalDescription(await pc.createOffer())
    await gathered(pc)
    const offer = () =>
      fetch(whepUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp' },
        body: pc.localDescription?.sdp ?? '',
        credentials: 'include',
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      })
    let res = await offer()
    for (let tries = 0; tries < STARTING_RETRIES && (await cameraStarting(res)); tries++) {
      await new Promise((resolve) => setTimeout(resolve, retryWaitMs(res)))
      res = await offer()
    }
    if (res.status !== 201) {
      fail(`offer refused (${res.status})`)
      return detach
    }
    const location = res.headers.get('location')
    // A Location is relative to where the offer was answered.
    if (location) sessionUrl = new URL(location, res.url).toString()
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() })
    if (!failed)
      startTimer = setTimeout(() => {
        if (video.readyState < 2) fail('no picture in time')
      }, WEBRTC_START_TIMEOUT_MS)
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  return detach
}

async function cameraStarting(res: Response): Promise<boolean> {
  if (res.status !== 503) return false
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null
  return body?.code === 'camera.starting'
}

function retryWaitMs(res: Response): number {
  const seconds = Number(res.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : 1000
}

/** Waits for the browser's candidates (WHEP without trickle), at most a short while. */
function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(done, GATHER_TIMEOUT_MS)
    function done() {
      clearTimeout(timer)
      pc.removeEventListener('icegatheringstatechange', onChange)
      resolve()
    }
    function onChange() {
      if (pc.iceGatheringState === 'complete') done()
    }
    pc.addEventListener('icegatheringstatechange', onChange)
  })
}
