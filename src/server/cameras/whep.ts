import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { PeerConnection, Track } from 'node-datachannel'
import { FEED_PAYLOAD_TYPE, FEED_SSRC, MAIN_PROFILES, type RtpFeed, startsKeyFrame } from './rtp-feed'

/**
 * WebRTC playback (WHEP, RFC 9725) of a camera's feed: a viewer POSTs its SDP offer and gets an
 * answer with every ICE candidate already in it; the camera's encoder's H.264 RTP is forwarded to
 * each connected viewer as it arrives, without a second encode. A session ends on DELETE, when
 * the peer goes away (its connection fails or closes), when the camera's encoder stops, or when
 * nothing has come from the viewer (ICE checks, receiver reports) for the idle time.
 */

export interface WhepOptions {
  idleMs: number
  maxViewers: number
  portRange?: { begin: number; end: number }
  bindAddress?: string
  iceServers: string[]
  /** How long the answer waits for the server's ICE candidates. */
  gatherTimeoutMs?: number
  log: FastifyBaseLogger
}

/** Why an offer gets no answer. */
export class WhepError extends Error {
  constructor(
    readonly kind: 'bad_offer' | 'full' | 'unavailable',
    message: string,
  ) {
    super(message)
    this.name = 'WhepError'
  }
}

export interface WhepSession {
  id: string
  cameraId: number
  state: string
  createdAt: number
}

interface Session extends WhepSession {
  pc: PeerConnection
  track: Track
  payloadType: number
  started: boolean
  lastHeardAt: number
  bytesReceived: number
  unsubscribe: () => void
  closed: boolean
}

type Binding = typeof import('node-datachannel')

/** What a browser's offer says about the video it wants. */
export interface VideoOffer {
  mid: string
  payloadType: number
  /** The offer's fmtp for that payload type (profile-level-id, packetization-mode). */
  fmtp: string
}

/**
 * The offer's video section and the H.264 payload type to answer with: packetization mode 1
 * (what the encoder's RTP uses), preferring the encoder's own profile (`profiles`, profile-level-id
 * prefixes best first: Main, then Constrained Baseline, unless a copied source says otherwise),
 * then any H.264 the offer lists.
 */
export function parseVideoOffer(sdp: string, profiles: readonly string[] = MAIN_PROFILES): VideoOffer {
  if (!/^v=0\r?\n/.test(sdp) || !/\r?\no=/.test(sdp))
    throw new WhepError('bad_offer', 'The offer is not an SDP session description')
  const sections = sdp.split(/\r?\n(?=m=)/)
  const video = sections.find((s) => s.startsWith('m=video '))
  if (!video) throw new WhepError('bad_offer', 'The offer has no video to receive')
  const direction = /\r?\na=(sendrecv|recvonly|sendonly|inactive)/.exec(video)?.[1]
  if (direction === 'sendonly' || direction === 'inactive')
    throw new WhepError('bad_offer', 'The offer does not ask to receive video')
  const mid = /\r?\na=mid:(\S+)/.exec(video)?.[1]
  if (!mid) throw new WhepError('bad_offer', 'The offer’s video has no a=mid')
  const h264 = [...video.matchAll(/a=rtpmap:(\d+) H264\/90000/gi)].map((m) => Number(m[1]))
  const fmtpOf = (pt: number) => new RegExp(`a=fmtp:${pt} ([^\\r\\n]+)`).exec(video)?.[1] ?? ''
  const candidates = h264
    .map((pt) => ({ pt, fmtp: fmtpOf(pt) }))
    .filter(({ fmtp }) => /packetization-mode=1/.test(fmtp))
  const profile = (fmtp: string) => /profile-level-id=([0-9a-f]{6})/i.exec(fmtp)?.[1]?.toLowerCase() ?? ''
  const chosen =
    profiles.map((prefix) => candidates.find(({ fmtp }) => profile(fmtp).startsWith(prefix))).find(Boolean) ??
    candidates[0]
  if (!chosen) throw new WhepError('bad_offer', 'The offer lists no H.264 (packetization mode 1) to play')
  return { mid, payloadType: chosen.pt, fmtp: chosen.fmtp }
}

export type Whep = ReturnType<typeof createWhep>

export function createWhep(options: WhepOptions) {
  const { log, idleMs, maxViewers } = options
  const gatherTimeoutMs = options.gatherTimeoutMs ?? 5000
  const sessions = new Map<string, Session>()
  let binding: Promise<Binding | undefined> | undefined
  let sweeper: NodeJS.Timeout | undefined
  let closedAll = false

  function load(): Promise<Binding | undefined> {
    binding ??= import('node-datachannel').then(
      (mod) => (mod as Binding & { default?: Binding }).default ?? mod,
      (error: unknown) => {
        log.warn({ err: error }, 'WebRTC playback is unavailable: node-datachannel did not load')
        return undefined
      },
    )
    return binding
  }

  function close(session: Session, why: string) {
    if (session.closed) return
    session.closed = true
    sessions.delete(session.id)
    session.unsubscribe()
    try {
      session.track.close()
    } catch {}
    try {
      session.pc.close()
    } catch {}
    log.debug({ cameraId: session.cameraId, session: session.id }, `WebRTC viewer left: ${why}`)
    if (sessions.size === 0 && sweeper) {
      clearInterval(sweeper)
      sweeper = undefined
    }
  }

  /** A session that has heard nothing from its viewer for the idle time is closed. */
  function sweep() {
    const now = Date.now()
    for (const session of sessions.values()) {
      let received = session.bytesReceived
      try {
        received = session.pc.bytesReceived()
      } catch {}
      if (received !== session.bytesReceived) {
        session.bytesReceived = received
        session.lastHeardAt = now
      } else if (now - session.lastHeardAt > idleMs) close(session, 'idle')
    }
  }

  return {
    /** True when node-datachannel loads on this machine. */
    async available(): Promise<boolean> {
      return Boolean(await load())
    },

    /** Answers a viewer's offer for a camera, forwarding the camera's feed once it connects. */
    async answer(
      cameraId: number,
      offerSdp: string,
      feed: RtpFeed,
      onEnd?: () => void,
    ): Promise<{ session: WhepSession; sdp: string }> {
      const offer = parseVideoOffer(offerSdp, feed.profiles)
      if (sessions.size >= maxViewers)
        throw new WhepError('full', 'This server has all the WebRTC viewers it can take')
      const ndc = await load()
      if (!ndc || closedAll) throw new WhepError('unavailable', 'WebRTC playback is unavailable')

      const id = randomBytes(12).toString('base64url')
      const pc = new ndc.PeerConnection(`camera-${cameraId}-${id}`, {
        iceServers: options.iceServers,
        bindAddress: options.bindAddress,
        portRangeBegin: options.portRange?.begin,
        portRangeEnd: options.portRange?.end,
        disableAutoNegotiation: false,
      })
      let track: Track
      try {
        const video = new ndc.Video(offer.mid, 'SendOnly')
        video.addH264Codec(offer.payloadType, offer.fmtp || undefined)
        video.addSSRC(FEED_SSRC, 'clearplate', `camera-${cameraId}`, 'video')
        track = pc.addTrack(video)
        pc.setRemoteDescription(offerSdp, 'offer')
      } catch (error) {
        pc.close()
        throw new WhepError(
          'bad_offer',
          `The offer could not be used: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
      const session: Session = {
        id,
        cameraId,
        state: 'new',
        createdAt: Date.now(),
        pc,
        track,
        payloadType: offer.payloadType,
        started: false,
        lastHeardAt: Date.now(),
        bytesReceived: 0,
        unsubscribe: () => {},
        closed: false,
      }
      sessions.set(id, session)
      sweeper ??= setInterval(sweep, Math.max(100, Math.min(1000, idleMs / 4)))
      sweeper.unref()

      pc.onStateChange((state) => {
        session.state = state
        if (state === 'failed' || state === 'closed' || state === 'disconnected') {
          // The callbacks come from libdatachannel's thread: leave them before closing.
          setImmediate(() => {
            close(session, `connection ${state}`)
            onEnd?.()
          })
        }
      })
      const forward = (packet: Buffer) => {
        if (session.closed || !track.isOpen()) return
        // A viewer starts at a key frame: what comes before it cannot be decoded.
        if (!session.started) {
          if (!startsKeyFrame(packet)) return
          session.started = true
        }
        let out = packet
        if (session.payloadType !== FEED_PAYLOAD_TYPE) {
          out = Buffer.from(packet)
          out[1] = (out[1]! & 0x80) | session.payloadType
        }
        try {
          track.sendMessageBinary(out)
        } catch {}
      }
      session.unsubscribe = feed.subscribe(forward)

      const sdp = await gathered(pc, gatherTimeoutMs)
      if (!sdp || session.closed) {
        close(session, 'no answer')
        throw new WhepError('unavailable', 'WebRTC could not prepare an answer')
      }
      return { session: publicView(session), sdp }
    },

    /** Ends a viewer's session; false when there is none by that id for that camera. */
    end(cameraId: number, sessionId: string): boolean {
      const session = sessions.get(sessionId)
      if (!session || session.cameraId !== cameraId) return false
      close(session, 'ended by the viewer')
      return true
    },

    /** Ends every session of a camera (its encoder stopped). */
    endCamera(cameraId: number) {
      for (const session of [...sessions.values()])
        if (session.cameraId === cameraId) close(session, 'camera stopped')
    },

    viewers(cameraId?: number): number {
      if (cameraId === undefined) return sessions.size
      let n = 0
      for (const session of sessions.values()) if (session.cameraId === cameraId) n++
      return n
    },

    sessions(): WhepSession[] {
      return [...sessions.values()].map(publicView)
    },

    close() {
      closedAll = true
      for (const session of [...sessions.values()]) close(session, 'server closing')
      if (sweeper) clearInterval(sweeper)
      sweeper = undefined
    },
  }
}

function publicView(session: Session): WhepSession {
  return { id: session.id, cameraId: session.cameraId, state: session.state, createdAt: session.createdAt }
}

/** The local description once ICE gathering is complete (no trickle), or undefined on timeout. */
function gathered(pc: PeerConnection, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      try {
        resolve(pc.localDescription()?.sdp)
      } catch {
        resolve(undefined)
      }
    }
    const timer = setTimeout(done, timeoutMs)
    pc.onGatheringStateChange((state) => {
      if (state === 'complete') setImmediate(done)
    })
    try {
      if (pc.gatheringState() === 'complete') setImmediate(done)
    } catch {}
  })
}
