import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readPlaylist, withTimeout } from './hls-output'
import {
  type AttemptContext,
  clearFolder,
  PLAYLIST,
  type RestreamCamera,
  type RestreamLauncher,
  runAttempt,
  type Session,
} from './restream-attempt'
import type { RtpFeed } from './rtp-feed'

/**
 * Restaurants' own cameras: an RTSP, RTMP, SRT or HTTP(S) video source that the server pulls with
 * ffmpeg and serves as live HLS under /live/{cameraId}/. A camera's restream starts with its first
 * viewer and stops once nobody has asked for its playlist or segments for the idle time. The video
 * is copied when it is already H.264 (what every browser plays) and transcoded otherwise. A source
 * that drops is retried with growing pauses while viewers wait; meanwhile the playlist answers
 * "Camera offline, reconnecting".
 *
 * The address rule (source-policy.ts) applies to the address actually connected to: HTTP sources
 * are fetched by this process through a lookup that refuses private addresses (redirects are not
 * followed) and piped into ffmpeg; for the other protocols the host is resolved, checked, and
 * ffmpeg is given the checked address. One attempt at the source is restream-attempt.ts's; this
 * restreamer starts, retries and stops them.
 *
 * With WebRTC on, a restream also feeds WebRTC viewers (`feed`); a restream with viewers is never
 * stopped as idle, and its viewers are let go when its picture stops (they fall back to HLS,
 * which says "reconnecting" while the source is away).
 */

export {
  inputProtocols,
  RESTREAM,
  type RestreamCamera,
  type RestreamLauncher,
  restreamArgs,
} from './restream-attempt'
export const RESTREAM_SEGMENT = /^seg-\d{1,15}\.ts$/
const KILL_GRACE_MS = 3000
const FOLDER_PREFIX = 'clearplate-restream-'

export interface RestreamOptions {
  /** How to start ffmpeg for a source (SRT may need another binary); undefined when none can. */
  launcher: (sourceUrl: string) => Promise<RestreamLauncher | undefined>
  allowPrivateHosts: boolean
  idleMs: number
  maxStreams: number
  /** First and longest pause between reconnection attempts. */
  backoff?: { initialMs: number; maxMs: number }
  /** How long a first playlist request waits for the first segments. */
  startTimeoutMs?: number
  /**
   * A camera that was showing a picture lost its source (`since`: when that picture started);
   * the owner's notice. Not called when the restream stops for want of viewers.
   */
  onPictureLost?: (cameraId: number, since: number) => void
  /**
   * WebRTC viewers of the restreams: each ffmpeg also sends its H.264 as RTP to a feed, keeps
   * running while its camera has viewers, and says when its picture stops.
   */
  webrtc?: {
    viewers(cameraId: number): number
    cameraStopped(cameraId: number): void
  }
  log: {
    info(obj: object, msg?: string): void
    warn(obj: object, msg?: string): void
    error(obj: object, msg?: string): void
  }
}

/** Why a playlist cannot be served now. */
export type RestreamProblem =
  | { kind: 'offline' }
  | { kind: 'starting' }
  | { kind: 'refused'; message: string }
  | { kind: 'unavailable' }
  | { kind: 'busy' }

export class RestreamError extends Error {
  constructor(readonly problem: RestreamProblem) {
    super(problem.kind)
    this.name = 'RestreamError'
  }
}

export type Restreamer = ReturnType<typeof createRestreamer>

export function createRestreamer(options: RestreamOptions) {
  const { log, idleMs, maxStreams, allowPrivateHosts } = options
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 30_000 }
  const startTimeoutMs = options.startTimeoutMs ?? 15_000
  const sessions = new Map<number, Session>()
  const children = new Set<ChildProcess>()
  let root: string | undefined
  let sweeper: NodeJS.Timeout | undefined
  let closed = false

  const attemptContext: AttemptContext = {
    launcher: options.launcher,
    allowPrivateHosts,
    log,
    children,
    failed: (session, attemptNo) => failed(session, attemptNo),
    stopSession: (session) => stopSession(session),
    webrtc: options.webrtc !== undefined,
  }

  function rootDir() {
    root ??= mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`))
    return root
  }

  function start(camera: RestreamCamera): Session {
    const session: Session = {
      camera,
      dir: join(rootDir(), `camera-${camera.id}-${Date.now().toString(36)}`),
      state: 'connecting',
      failures: 0,
      wasLive: false,
      mode: 'copy',
      child: undefined,
      input: undefined,
      lastRequestAt: Date.now(),
      waiting: 0,
      liveSince: 0,
      stopping: false,
      retryTimer: undefined,
      ready: Promise.resolve(false),
      refused: undefined,
      stderr: '',
      attempt: 0,
      switching: false,
      feed: undefined,
    }
    sessions.set(camera.id, session)
    connect(session)
    sweeper ??= setInterval(sweep, Math.max(100, Math.min(1000, idleMs / 3)))
    sweeper.unref()
    return session
  }

  function connect(session: Session) {
    session.state = 'connecting'
    session.attempt++
    session.ready = runAttempt(session, session.attempt, attemptContext)
  }

  function failed(session: Session, attemptNo: number) {
    if (session.stopping || attemptNo !== session.attempt) return
    if (session.state === 'live') options.onPictureLost?.(session.camera.id, session.liveSince)
    options.webrtc?.cameraStopped(session.camera.id)
    session.child = undefined
    session.input = undefined
    session.state = 'waiting'
    if (session.refused) {
      // Nothing to retry: the next viewer's request checks the address afresh.
      stopSession(session)
      return
    }
    void clearFolder(session.dir)
    // A switch to transcoding retries at once; otherwise the pause doubles up to the longest.
    let delay = 0
    if (session.switching) session.switching = false
    else delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** session.failures++)
    session.retryTimer = setTimeout(() => {
      session.retryTimer = undefined
      if (session.stopping) return
      if (session.waiting === 0 && Date.now() - session.lastRequestAt > idleMs) {
        stopSession(session)
        return
      }
      connect(session)
    }, delay)
    session.retryTimer.unref()
  }

  function stopSession(session: Session) {
    if (session.stopping) return
    session.stopping = true
    if (sessions.get(session.camera.id) === session) sessions.delete(session.camera.id)
    if (session.retryTimer) clearTimeout(session.retryTimer)
    session.input?.destroy()
    session.feed?.close()
    options.webrtc?.cameraStopped(session.camera.id)
    const child = session.child
    if (child && child.exitCode === null) {
      child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS)
      force.unref()
      child.once('close', () => {
        clearTimeout(force)
        void rm(session.dir, { recursive: true, force: true })
      })
    } else {
      void rm(session.dir, { recursive: true, force: true })
    }
  }

  function sweep() {
    const now = Date.now()
    for (const session of sessions.values()) {
      if ((options.webrtc?.viewers(session.camera.id) ?? 0) > 0) session.lastRequestAt = now
      else if (session.waiting === 0 && now - session.lastRequestAt > idleMs) stopSession(session)
    }
    if (sessions.size === 0 && sweeper) {
      clearInterval(sweeper)
      sweeper = undefined
    }
  }

  /** The camera's restream once it is live; the first request starts pulling the source. */
  async function live(camera: RestreamCamera): Promise<Session> {
    if (closed) throw new RestreamError({ kind: 'unavailable' })
    if (!(await options.launcher(camera.streamUrl))) throw new RestreamError({ kind: 'unavailable' })
    let session = sessions.get(camera.id)
    if (session && session.camera.streamUrl !== camera.streamUrl) {
      // The owner changed the camera's address.
      stopSession(session)
      session = undefined
    }
    if (!session) {
      if (sessions.size >= maxStreams) throw new RestreamError({ kind: 'busy' })
      session = start(camera)
    }
    session.lastRequestAt = Date.now()
    if (session.state !== 'live') {
      if (session.refused) throw new RestreamError({ kind: 'refused', message: session.refused })
      if (session.state === 'waiting' || session.wasLive) throw new RestreamError({ kind: 'offline' })
      session.waiting++
      const ready = await withTimeout(session.ready, startTimeoutMs).finally(() => session.waiting--)
      session.lastRequestAt = Date.now()
      if (session.refused) throw new RestreamError({ kind: 'refused', message: session.refused })
      if (ready === 'timeout') throw new RestreamError({ kind: 'starting' })
      if (!ready) throw new RestreamError({ kind: 'offline' })
    }
    return session
  }

  return {
    /** The camera's live playlist; the first request starts pulling the source. */
    async playlist(camera: RestreamCamera): Promise<string> {
      const session = await live(camera)
      const text = await readPlaylist(join(session.dir, PLAYLIST))
      if (!text) throw new RestreamError({ kind: 'offline' })
      return text
    },

    /** The camera's RTP feed for WebRTC viewers, starting its restream as the playlist does. */
    async feed(camera: RestreamCamera): Promise<RtpFeed> {
      const session = await live(camera)
      if (!session.feed) throw new RestreamError({ kind: 'unavailable' })
      return session.feed
    },

    /** A segment of a running restream. */
    async segment(cameraId: number, name: string): Promise<Buffer | undefined> {
      const session = sessions.get(cameraId)
      if (!session || !RESTREAM_SEGMENT.test(name)) return undefined
      session.lastRequestAt = Date.now()
      const data = await readFile(join(session.dir, name)).catch(() => undefined)
      return data && data.length > 0 ? data : undefined
    },

    /** True while this instance restreams the camera. */
    has(cameraId: number): boolean {
      return sessions.has(cameraId)
    },

    stats() {
      return [...sessions.values()].map((s) => ({ cameraId: s.camera.id, state: s.state, mode: s.mode }))
    },

    async close(): Promise<void> {
      closed = true
      if (sweeper) clearInterval(sweeper)
      sweeper = undefined
      const running = [...children]
      for (const session of [...sessions.values()]) stopSession(session)
      await Promise.all(
        running.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve()
              child.once('close', () => resolve())
            }),
        ),
      )
      if (root) {
        rmSync(root, { recursive: true, force: true })
        root = undefined
      }
    },
  }
}
