import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { pinSource, SourceRefusedError } from '../infra/source-policy'
import { countSegments, hlsAndRtpOutputArgs, lastMeaningfulLine, sleep, x264LiveArgs } from './hls-output'
import {
  FEED_PAYLOAD_TYPE,
  FEED_SSRC,
  MAIN_PROFILES,
  openRtpFeed,
  type RtpFeed,
  startsBSlice,
} from './rtp-feed'
import { openHttpSource } from './source-fetch'

/**
 * One attempt at a restaurant camera's source: the address checked (HTTP sources fetched by this
 * process, the others pinned to the checked address), ffmpeg started on it, and the wait for
 * the first segments; the restreamer (restream.ts) decides when to try again and when to stop.
 *
 * With WebRTC on, the same ffmpeg also sends its H.264 as RTP to the session's feed (rtp-feed.ts)
 * for WebRTC viewers: one encoder (or one copy) feeds HLS and every viewer. A copied source must
 * be what a browser decodes in both: H.264 in 8-bit 4:2:0, Baseline to High, and, for WebRTC,
 * without B-frames. Anything else is transcoded, decided from what ffmpeg says of the stream and
 * from the first B slice in the feed, both before the first segment is served.
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
export const PLAYLIST = 'index.m3u8'
/** An input that sends nothing for this long counts as dropped. */
const READ_TIMEOUT_US = 8_000_000

export interface RestreamLauncher {
  ffmpegPath: string
  withParentDeathSignal: boolean
}

export interface RestreamCamera {
  id: number
  streamUrl: string
}

type State = 'connecting' | 'live' | 'waiting'

export interface Session {
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
  /** Requests waiting for the first segments: the restream is not idle meanwhile. */
  waiting: number
  liveSince: number
  stopping: boolean
  retryTimer: NodeJS.Timeout | undefined
  /** Resolves when the current attempt is live (true) or has failed (false). */
  ready: Promise<boolean>
  refused: string | undefined
  stderr: string
  attempt: number
  /** The source turned out not to be playable as is: the next attempt transcodes, at once. */
  switching: boolean
  /** Where ffmpeg's RTP arrives for WebRTC viewers; undefined while WebRTC is off. */
  feed: RtpFeed | undefined
}

/** What an attempt needs from its restreamer. */
export interface AttemptContext {
  launcher: (sourceUrl: string) => Promise<RestreamLauncher | undefined>
  allowPrivateHosts: boolean
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void }
  /** Every ffmpeg running, for shutdown. */
  children: Set<ChildProcess>
  /** The attempt failed: wait and retry, or stop. */
  failed: (session: Session, attemptNo: number) => void
  stopSession: (session: Session) => void
  /** Send the picture to WebRTC viewers too (an RTP feed beside the HLS output). */
  webrtc: boolean
}

/** Resolves true once the source is live, false when the attempt failed or was superseded. */
export async function runAttempt(
  session: Session,
  attemptNo: number,
  context: AttemptContext,
): Promise<boolean> {
  const { launcher, allowPrivateHosts, log, children, failed, stopSession } = context
  const launch = await launcher(session.camera.streamUrl)
  if (!launch) {
    stopSession(session)
    return false
  }
  await mkdir(session.dir, { recursive: true })
  await clearFolder(session.dir)
  if (context.webrtc && !session.feed) {
    const feed = await openRtpFeed()
    // Stopped meanwhile: nobody else will close it.
    if (session.stopping) feed.close()
    else session.feed = feed
  }
  let input: string
  let stdin: IncomingMessage | undefined
  try {
    const url = new URL(session.camera.streamUrl)
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      stdin = await openHttpSource(url, allowPrivateHosts, { timeoutMs: READ_TIMEOUT_US / 1000 })
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

  const args = restreamArgs(input, session.mode, session.camera.streamUrl, session.feed?.port)
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
  const transcodeInstead = () => {
    if (session.mode !== 'copy' || session.switching) return
    session.mode = 'transcode'
    session.switching = true
    child.kill('SIGKILL')
  }
  const feed = session.feed
  if (feed) feed.profiles = MAIN_PROFILES
  let codecChecked = false
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    session.stderr = (session.stderr + chunk).slice(-6000)
    if (codecChecked) return
    const line = /Stream #0:\d+[^:\n]*: Video: ([^\n]*)\n/.exec(session.stderr)?.[1]
    if (!line) return
    codecChecked = true
    if (session.mode !== 'copy') return
    const video = describeVideo(line)
    // The browser needs H.264 it can decode: otherwise start over, transcoding.
    if (!video.playable) transcodeInstead()
    else if (feed) feed.profiles = video.profiles
  })
  // A copied source with B-frames plays over HLS but not over WebRTC.
  const unsubscribe =
    feed && session.mode === 'copy'
      ? feed.subscribe((packet) => {
          if (startsBSlice(packet)) transcodeInstead()
        })
      : () => {}
  let gone = false
  const exited = new Promise<void>((resolve) => {
    const onGone = () => {
      if (gone) return
      gone = true
      unsubscribe()
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

/**
 * The protocols ffmpeg may open for a source: HTTP(S) sources reach ffmpeg through a pipe, fetched
 * by this process; RTSP is read over TCP (interleaved), RTMP over TCP, SRT by libsrt.
 */
export function inputProtocols(protocol: string): string {
  if (protocol === 'rtsp:') return 'rtsp,tcp'
  if (protocol === 'rtmp:') return 'rtmp,tcp'
  if (protocol === 'srt:') return 'srt'
  return 'pipe'
}

/**
 * What ffmpeg's description of a copied video stream says about playing it as is, e.g.
 * `h264 (High) ([27][0][0][0] / 0x001B), yuv420p(progressive), 1280x720, 25 fps`: playable when
 * it is H.264 in 8-bit 4:2:0, Baseline to High (High 10, 4:2:2 and 4:4:4 are not decoded by
 * browsers); `profiles` are the profile-level-id prefixes to answer WebRTC viewers with.
 */
export function describeVideo(line: string): { playable: boolean; profiles: readonly string[] } {
  const found = /^(\w+)(?: \(([^)]*)\))?[^,]*, (\w+)/.exec(line)
  const [, codec, profile, pixelFormat] = found ?? []
  const playable =
    codec === 'h264' &&
    (profile === undefined || /^(Constrained Baseline|Baseline|Main|High)$/.test(profile)) &&
    /^yuvj?420p$/.test(pixelFormat ?? '')
  const profiles =
    profile === 'High'
      ? ['64', ...MAIN_PROFILES]
      : profile?.endsWith('Baseline')
        ? ['42e0', '4d']
        : MAIN_PROFILES
  return { playable, profiles }
}

/**
 * ffmpeg's command line: the source in, H.264 HLS out, copied or transcoded, and the same H.264
 * as RTP to `rtpPort` for WebRTC viewers when one is given.
 */
export function restreamArgs(
  input: string,
  mode: 'copy' | 'transcode',
  sourceUrl: string,
  rtpPort?: number,
): string[] {
  const protocol = input === 'pipe:0' ? 'pipe' : new URL(sourceUrl).protocol
  // ffmpeg may open only what the source's scheme needs: a playlist or redirect cannot lead it elsewhere.
  const inputOptions: string[] = ['-protocol_whitelist', inputProtocols(protocol)]
  if (protocol === 'rtsp:') inputOptions.push('-rtsp_transport', 'tcp', '-stimeout', String(READ_TIMEOUT_US))
  else if (protocol !== 'pipe') inputOptions.push('-rw_timeout', String(READ_TIMEOUT_US))
  const video =
    mode === 'copy'
      ? ['-c:v', 'copy']
      : [
          '-vf',
          `scale='min(${RESTREAM.maxWidth},iw)':-2,fps=${RESTREAM.fps}`,
          ...x264LiveArgs({
            fps: RESTREAM.fps,
            segmentSeconds: RESTREAM.segmentSeconds,
            crf: 25,
            maxrateKbps: 2500,
            threads: 2,
          }),
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
    ...hlsAndRtpOutputArgs({
      segmentSeconds: RESTREAM.segmentSeconds,
      listSize: RESTREAM.listSize,
      playlist: PLAYLIST,
      rtpPort,
      ssrc: FEED_SSRC,
      payloadType: FEED_PAYLOAD_TYPE,
    }),
  ]
}

function spawnOptions(cwd: string, withStdin: boolean) {
  return {
    cwd,
    stdio: [withStdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] as ['pipe' | 'ignore', 'ignore', 'pipe'],
  }
}

export async function clearFolder(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[])
  await Promise.all(names.map((name) => unlink(join(dir, name)).catch(() => {})))
}
