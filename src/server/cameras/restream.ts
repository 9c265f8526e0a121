import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, unlink } from 'node:fs/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  guardedLookup,
  hostOf,
  isPrivateAddress,
  PRIVATE_SOURCE_MESSAGE,
  pinSource,
  SourceRefusedError,
} from '../infra/source-policy'
import { countSegments, lastMeaningfulLine, readPlaylist, sleep, withTimeout } from './hls-output'

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
 * ffmpeg is given the checked address.
 */

export const RESTREAM = {
  segmentSeconds: 2,
  listSize: 6,
  /** Segments written before the first playlist is served. */
  segmentsBeforeFirstAnswer: 1,
  /** Transcoded picture: at most this wide, and a key frame every segment. */
  maxWidth: 1280,
  fps: 25,
} as const
const PLAYLIST = 'index.m3u8'
export const RESTREAM_SEGMENT = /^seg-\d{1,15}\.ts$/
const KILL_GRACE_MS = 3000
/** An input that sends nothing for this long counts as dropped. */
const READ_TIMEOUT_US = 8_000_000
const FOLDER_PREFIX = 'clearplate-restream-'

export interface RestreamLauncher {
  ffmpegPath: string
  withParentDeathSignal: boolean
}

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
  log: {
    info(obj: object, msg?: string): void
    warn(obj: object, msg?: string): void
    error(obj: object, msg?: string): void
  }
}

export interface RestreamCamera {
  id: number
  streamUrl: string
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

type State = 'connecting' | 'live' | 'waiting'

interface Session {
  camera: RestreamCamera
  dir: string
  state: State
  /** Failed attempts since the picture was last live. */
  failures: number
  /** Once the source has been live, a later drop is shown as "reconnecting". */
  wasLive: boolean
  mode: 'copy' | 'transcode'
  child: ChildProcess | undefined
  input: IncomingMessage | undefined
  lastRequestAt: number
  liveSince: number
  stopping: boolean
  retryTimer: NodeJS.Timeout | undefined
  /** Resolves when the current attempt is live (true) or has failed (false). */
  ready: Promise<boolean>
  refused: string | undefined
  stderr: string
  attempt: number
  /** The source turned out not to be H.264: the next attempt transcodes, at once. */
  switching: boolean
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
      liveSince: 0,
      stopping: false,
      retryTimer: undefined,
      ready: Promise.resolve(false),
      refused: undefined,
      stderr: '',
      attempt: 0,
      switching: false,
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
    session.ready = attempt(session, session.attempt)
  }

  async function attempt(session: Session, attemptNo: number): Promise<boolean> {
    const launch = await options.launcher(session.camera.streamUrl)
    if (!launch) {
      stopSession(session)
      return false
    }
    await mkdir(session.dir, { recursive: true })
    await clearFolder(session.dir)
    let input: string
    let stdin: IncomingMessage | undefined
    try {
      const url = new URL(session.camera.streamUrl)
      if (url.protocol === 'http:' || url.protocol === 'https:') {
        stdin = await openHttpSource(url, allowPrivateHosts)
        input = 'pipe:0'
      } else {
        input = (await pinSource(session.camera.streamUrl, allowPrivateHosts)).url
      }
      session.refused = undefined
    } catch (error) {
      if (error instanceof SourceRefusedError) {
        session.refused = error.message
        log.warn({ cameraId: session.camera.id, address: error.address }, 'camera source refused')
      } else {
        log.info(
          { cameraId: session.camera.id, reason: (error as Error).message },
          'camera source did not answer',
        )
      }
      failed(session, attemptNo)
      return false
    }
    if (session.stopping || attemptNo !== session.attempt) {
      stdin?.destroy()
      return false
    }

    const args = restreamArgs(input, session.mode, session.camera.streamUrl)
    const child = launch.withParentDeathSignal
      ? spawn(
          '/usr/bin/setpriv',
          ['--pdeathsig', 'KILL', '--', launch.ffmpegPath, ...args],
          spawnOptions(session.dir, !!stdin),
        )
      : spawn(launch.ffmpegPath, args, spawnOptions(session.dir, !!stdin))
    session.child = child
    session.input = stdin
    children.add(child)
    session.stderr = ''
    if (stdin && child.stdin) {
      stdin.pipe(child.stdin)
      child.stdin.on('error', () => {})
      // The source hanging up ends ffmpeg's input: ffmpeg then finishes and exits.
      stdin.on('error', () => child.stdin?.end())
    }
    let codecChecked = false
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      session.stderr = (session.stderr + chunk).slice(-6000)
      if (codecChecked) return
      const codec = /Stream #0:\d+[^:]*: Video: (\w+)/.exec(session.stderr)?.[1]
      if (!codec) return
      codecChecked = true
      if (session.mode === 'copy' && codec !== 'h264') {
        // The browser needs H.264: start over, transcoding.
        session.mode = 'transcode'
        session.switching = true
        child.kill('SIGKILL')
      }
    })
    let gone = false
    const exited = new Promise<void>((resolve) => {
      const onGone = () => {
        if (gone) return
        gone = true
        children.delete(child)
        stdin?.destroy()
        resolve()
        if (session.stopping || attemptNo !== session.attempt) return
        log.info(
          { cameraId: session.camera.id, detail: lastMeaningfulLine(session.stderr) },
          'camera source stopped; reconnecting',
        )
        failed(session, attemptNo)
      }
      child.once('error', onGone)
      child.once('close', onGone)
    })

    const playlist = join(session.dir, PLAYLIST)
    while (!gone && !session.stopping && attemptNo === session.attempt) {
      const text = await readFile(playlist, 'utf8').catch(() => '')
      if (countSegments(text) >= RESTREAM.segmentsBeforeFirstAnswer) {
        session.state = 'live'
        session.wasLive = true
        session.failures = 0
        session.liveSince = Date.now()
        return true
      }
      await Promise.race([sleep(100), exited])
    }
    return false
  }

  function failed(session: Session, attemptNo: number) {
    if (session.stopping || attemptNo !== session.attempt) return
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
      if (Date.now() - session.lastRequestAt > idleMs) {
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
    for (const session of sessions.values()) if (now - session.lastRequestAt > idleMs) stopSession(session)
    if (sessions.size === 0 && sweeper) {
      clearInterval(sweeper)
      sweeper = undefined
    }
  }

  return {
    /** The camera's live playlist; the first request starts pulling the source. */
    async playlist(camera: RestreamCamera): Promise<string> {
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
        const ready = await withTimeout(session.ready, startTimeoutMs)
        session.lastRequestAt = Date.now()
        if (session.refused) throw new RestreamError({ kind: 'refused', message: session.refused })
        if (ready === 'timeout') throw new RestreamError({ kind: 'starting' })
        if (!ready) throw new RestreamError({ kind: 'offline' })
      }
      const text = await readPlaylist(join(session.dir, PLAYLIST))
      if (!text) throw new RestreamError({ kind: 'offline' })
      return text
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

/** ffmpeg's command line: the source in, H.264 HLS out, copied or transcoded. */
export function restreamArgs(input: string, mode: 'copy' | 'transcode', sourceUrl: string): string[] {
  const protocol = input === 'pipe:0' ? 'pipe' : new URL(sourceUrl).protocol
  const inputOptions: string[] = []
  if (protocol === 'rtsp:') inputOptions.push('-rtsp_transport', 'tcp', '-stimeout', String(READ_TIMEOUT_US))
  else if (protocol !== 'pipe') inputOptions.push('-rw_timeout', String(READ_TIMEOUT_US))
  const gop = String(RESTREAM.fps * RESTREAM.segmentSeconds)
  const video =
    mode === 'copy'
      ? ['-c:v', 'copy']
      : [
          '-vf',
          `scale='min(${RESTREAM.maxWidth},iw)':-2,fps=${RESTREAM.fps}`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-tune',
          'zerolatency',
          '-profile:v',
          'main',
          '-pix_fmt',
          'yuv420p',
          '-crf',
          '25',
          '-maxrate',
          '2500k',
          '-bufsize',
          '5000k',
          '-g',
          gop,
          '-keyint_min',
          gop,
          '-sc_threshold',
          '0',
          '-threads',
          '2',
        ]
  return [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'info',
    ...(input === 'pipe:0' ? [] : ['-nostdin']),
    ...inputOptions,
    '-i',
    input,
    '-map',
    '0:v:0',
    '-an',
    ...video,
    '-f',
    'hls',
    '-hls_time',
    String(RESTREAM.segmentSeconds),
    '-hls_list_size',
    String(RESTREAM.listSize),
    '-hls_flags',
    'delete_segments+independent_segments',
    '-hls_start_number_source',
    'epoch',
    '-hls_segment_filename',
    'seg-%d.ts',
    PLAYLIST,
  ]
}

/**
 * Opens an HTTP(S) source through a lookup that refuses private addresses. A redirect is not
 * followed (its target would escape the check); anything but a 2xx is a failure.
 */
function openHttpSource(url: URL, allowPrivate: boolean): Promise<IncomingMessage> {
  // A socket connects to an IP literal without a lookup: judge it here.
  const host = hostOf(url)
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new SourceRefusedError(PRIVATE_SOURCE_MESSAGE, host))
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      lookup: guardedLookup(allowPrivate),
      headers: { 'user-agent': 'Clearplate camera restream', accept: '*/*' },
      timeout: READ_TIMEOUT_US / 1000,
    })
    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      if (status < 200 || status >= 300) {
        response.destroy()
        reject(new Error(`the source answered HTTP ${status}`))
        return
      }
      // Silence after the start counts as a drop.
      response.setTimeout(READ_TIMEOUT_US / 1000, () => response.destroy(new Error('the source went silent')))
      resolve(response)
    })
    request.on('timeout', () => request.destroy(new Error('the source did not answer in time')))
    request.on('error', (error) => reject(error))
    request.end()
  })
}

function spawnOptions(cwd: string, withStdin: boolean) {
  return {
    cwd,
    stdio: [withStdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] as ['pipe' | 'ignore', 'ignore', 'pipe'],
  }
}

async function clearFolder(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[])
  await Promise.all(names.map((name) => unlink(join(dir, name)).catch(() => {})))
}
