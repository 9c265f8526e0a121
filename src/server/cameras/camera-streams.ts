import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { type Dirent, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { CLOCK_STRIP, clockCellX } from '../../shared/clock-strip'
import { resolveFfmpegPath } from '../infra/ffmpeg'
import { cameraStarting, liveVideoUnavailable, segmentNotFound, tooManyCameraStreams } from './cameras.errors'
import {
  countSegments,
  hlsAndRtpOutputArgs,
  lastMeaningfulLine,
  liveGraphInputArgs,
  readPlaylist,
  sleep,
  withTimeout,
  x264LiveArgs,
} from './hls-output'
import { FEED_PAYLOAD_TYPE, FEED_SSRC, openRtpFeed, type RtpFeed } from './rtp-feed'

/**
 * Live test pictures for demo cameras: one ffmpeg per watched camera writes a live HLS stream
 * (H.264 in MPEG-TS segments) into a temporary folder, started by the first playlist request and
 * stopped once nobody has asked for the playlist or its segments for a while.
 */

export const PICTURE = {
  width: 640,
  height: 360,
  fps: 20,
  segmentSeconds: 1,
  listSize: 6,
  /**
   * A player joining a one-segment playlist plays right at the live edge and stalls at every
   * segment; two segments give it a second of slack.
   */
  segmentsBeforeFirstAnswer: 2,
} as const
export const SEGMENT_NAME = /^seg-\d{1,15}\.ts$/
export const PLAYLIST_CONTENT_TYPE = 'application/vnd.apple.mpegurl'
export const SEGMENT_CONTENT_TYPE = 'video/mp2t'

const PLAYLIST = 'index.m3u8'
const SETPRIV = '/usr/bin/setpriv'
const KILL_GRACE_MS = 3000
const FOLDER_PREFIX = 'clearplate-live-'

export interface CameraLabel {
  id: number
  name: string
  restaurantName: string
}

/**
 * What a camera's picture shows instead of the plain test picture: layers the encoder animates.
 * PNG images; sizes in the picture's pixels (PICTURE.width x PICTURE.height).
 */
export interface CameraScene {
  /** The still picture behind everything, PICTURE.width x PICTURE.height. */
  background: Buffer
  /** A figure that moves from side to side behind the foreground (a cook behind the pass). */
  figure?: { png: Buffer; width: number; height: number; top: number }
  /** Drawn over the figure from `top` down, full width (the pass and the dishes on it). */
  foreground?: { png: Buffer; top: number }
  /** Where steam rises from. */
  steam?: { x: number; y: number }[]
}

/** The scene for a camera, or undefined for the plain test picture. */
export type CameraSceneSource = (camera: CameraLabel) => Promise<CameraScene | undefined>

const SCENE_FILES = {
  background: 'scene-background.png',
  figure: 'scene-figure.png',
  foreground: 'scene-foreground.png',
} as const

export interface CameraStreamsOptions {
  enabled: boolean
  /** An ffmpeg binary; the one shipped by @ffmpeg-installer/ffmpeg when unset. */
  ffmpegPath: string | undefined
  /** An encoder nobody has asked for a playlist or segment for this long is stopped. */
  idleMs: number
  maxEncoders: number
  /** How long the first playlist request waits for the encoder's first segment. */
  startTimeoutMs?: number
  /** The picture's layers for a camera; without it (or when it fails) the plain test picture. */
  scene?: CameraSceneSource
  /**
   * WebRTC viewers of the same encoders: the encoder also sends its H.264 as RTP to a feed, keeps
   * running while a camera has viewers, and says when it stops.
   */
  webrtc?: {
    viewers(cameraId: number): number
    cameraStopped(cameraId: number): void
  }
  log: FastifyBaseLogger
}

export type CameraStreams = ReturnType<typeof createCameraStreams>

interface Encoder {
  camera: CameraLabel
  dir: string
  child: ChildProcess | undefined
  lastRequestAt: number
  waiting: number
  stopping: boolean
  everReady: boolean
  ready: Promise<boolean>
  exited: Promise<void>
  stderr: string
  /** Where the encoder's RTP arrives, for WebRTC viewers. */
  feed: RtpFeed | undefined
  /** The first segment's number: segments are counted from it for their program date-time. */
  firstSegment: number | undefined
}

export function createCameraStreams(options: CameraStreamsOptions) {
  const { log, idleMs, maxEncoders } = options
  const startTimeoutMs = options.startTimeoutMs ?? 8000
  const encoders = new Map<number, Encoder>()
  let unavailableReason: string | undefined
  let launcher: Promise<Launcher | undefined> | undefined
  let root: string | undefined
  let sweeper: NodeJS.Timeout | undefined
  let launches = 0
  let closed = false
  let warnedAboutFonts = false

  function markUnavailable(reason: string, level: 'info' | 'warn' = 'warn') {
    if (unavailableReason) return
    unavailableReason = reason
    log[level](`Live camera video is unavailable: ${reason}`)
  }

  const ffmpegPath = options.enabled ? resolveFfmpegPath(options.ffmpegPath) : undefined
  if (!options.enabled) markUnavailable('turned off by CAMERAS_ENABLED=false', 'info')
  else if (typeof ffmpegPath === 'object') markUnavailable(ffmpegPath.problem)

  /** Finds out once whether ffmpeg runs, and whether it can be tied to this process's life. */
  function getLauncher(): Promise<Launcher | undefined> {
    launcher ??= (async () => {
      if (unavailableReason || typeof ffmpegPath !== 'string') return undefined
      const found = await probeLauncher(ffmpegPath)
      if ('problem' in found) {
        markUnavailable(found.problem)
        return undefined
      }
      return found
    })()
    return launcher
  }

  function rootDir(): string {
    if (!root) {
      const registry = processRegistry()
      if (!registry.sweptStaleFolders) {
        registry.sweptStaleFolders = true
        removeStaleFolders()
      }
      root = mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`))
      registry.roots.add(root)
    }
    return root
  }

  function forget(encoder: Encoder) {
    if (encoders.get(encoder.camera.id) === encoder) encoders.delete(encoder.camera.id)
  }

  function start(camera: CameraLabel, launch: Launcher): Encoder {
    let markExited!: () => void
    const encoder: Encoder = {
      camera,
      dir: join(rootDir(), `camera-${camera.id}-${++launches}`),
      child: undefined,
      lastRequestAt: Date.now(),
      waiting: 0,
      stopping: false,
      everReady: false,
      ready: Promise.resolve(false),
      exited: new Promise<void>((resolve) => {
        markExited = resolve
      }),
      stderr: '',
      feed: undefined,
      firstSegment: undefined,
    }
    encoders.set(camera.id, encoder)
    encoder.ready = run(encoder, launch, markExited)
    sweeper ??= setInterval(sweep, Math.max(100, Math.min(1000, idleMs / 3)))
    sweeper.unref()
    return encoder
  }

  async function run(encoder: Encoder, launch: Launcher, markExited: () => void): Promise<boolean> {
    const fonts = findFonts()
    if (!fonts && !warnedAboutFonts) {
      warnedAboutFonts = true
      log.warn('Camera pictures are drawn without captions: no font file was found')
    }
    let scene: SceneLayout | undefined
    try {
      await mkdir(encoder.dir, { recursive: true })
      await Promise.all([
        writeFile(join(encoder.dir, 'camera.txt'), encoder.camera.name),
        writeFile(join(encoder.dir, 'restaurant.txt'), encoder.camera.restaurantName),
        writeFile(join(encoder.dir, 'clock.txt'), '%{localtime:%F %T}'),
      ])
      scene = await writeScene(encoder)
      if (options.webrtc) encoder.feed = await openRtpFeed()
    } catch (error) {
      log.error({ err: error, cameraId: encoder.camera.id }, 'could not prepare the camera stream folder')
      forget(encoder)
      markExited()
      return false
    }
    if (encoder.stopping) {
      encoder.feed?.close()
      await rm(encoder.dir, { recursive: true, force: true })
      markExited()
      return false
    }

    const args = encoderArgs(pictureFilterGraph(fonts, scene), encoder.feed?.port)
    const child = launch.withParentDeathSignal
      ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', launch.ffmpegPath, ...args], spawnOptions(encoder.dir))
      : spawn(launch.ffmpegPath, args, spawnOptions(encoder.dir))
    encoder.child = child
    processRegistry().children.add(child)
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      encoder.stderr = (encoder.stderr + chunk).slice(-4000)
    })
    let gone = false
    const onGone = (description: string) => {
      if (gone) return
      gone = true
      processRegistry().children.delete(child)
      forget(encoder)
      encoder.feed?.close()
      options.webrtc?.cameraStopped(encoder.camera.id)
      void rm(encoder.dir, { recursive: true, force: true }).finally(markExited)
      if (encoder.stopping) return
      const detail = lastMeaningfulLine(encoder.stderr)
      const reason = `ffmpeg ${description}${detail ? `: ${detail}` : ''}`
      if (!encoder.everReady) markUnavailable(reason)
      else log.error({ cameraId: encoder.camera.id }, `camera stream stopped unexpectedly: ${reason}`)
    }
    child.once('error', (error) => onGone(`could not start (${error.message})`))
    child.once('close', (code, signal) =>
      onGone(signal ? `was stopped by ${signal}` : `exited with code ${code}`),
    )

    const playlist = join(encoder.dir, PLAYLIST)
    while (!gone && !encoder.stopping) {
      const text = await readFile(playlist, 'utf8').catch(() => '')
      if (countSegments(text) >= PICTURE.segmentsBeforeFirstAnswer) {
        encoder.firstSegment = firstSegmentNumber(text)
        encoder.everReady = true
        return true
      }
      await sleep(100)
    }
    return false
  }

  /** Writes the camera's scene layers beside its stream; the plain picture when there is none. */
  async function writeScene(encoder: Encoder): Promise<SceneLayout | undefined> {
    if (!options.scene) return undefined
    let scene: CameraScene | undefined
    try {
      scene = await options.scene(encoder.camera)
    } catch (error) {
      log.warn({ err: error, cameraId: encoder.camera.id }, 'camera scene failed; showing the test picture')
      return undefined
    }
    if (!scene) return undefined
    const writes = [writeFile(join(encoder.dir, SCENE_FILES.background), scene.background)]
    if (scene.figure) writes.push(writeFile(join(encoder.dir, SCENE_FILES.figure), scene.figure.png))
    if (scene.foreground)
      writes.push(writeFile(join(encoder.dir, SCENE_FILES.foreground), scene.foreground.png))
    await Promise.all(writes)
    return {
      figure: scene.figure && { width: scene.figure.width, top: scene.figure.top },
      foregroundTop: scene.foreground?.top,
      steam: scene.steam ?? [],
    }
  }

  function sweep() {
    const now = Date.now()
    for (const encoder of encoders.values()) {
      const watched = (options.webrtc?.viewers(encoder.camera.id) ?? 0) > 0
      if (watched) encoder.lastRequestAt = now
      else if (encoder.waiting === 0 && now - encoder.lastRequestAt > idleMs) void stop(encoder)
    }
    if (encoders.size === 0 && sweeper) {
      clearInterval(sweeper)
      sweeper = undefined
    }
  }

  async function stop(encoder: Encoder): Promise<void> {
    if (!encoder.stopping) {
      encoder.stopping = true
      forget(encoder)
      encoder.child?.kill('SIGTERM')
      const force = setTimeout(() => encoder.child?.kill('SIGKILL'), KILL_GRACE_MS)
      force.unref()
      void encoder.exited.finally(() => clearTimeout(force))
    }
    await encoder.exited
  }

  /** The camera's running encoder, started when nobody is watching it yet, once it has segments. */
  async function running(camera: CameraLabel): Promise<Encoder> {
    if (closed) throw liveVideoUnavailable()
    const launch = await getLauncher()
    if (!launch || closed) throw liveVideoUnavailable()
    let encoder = encoders.get(camera.id)
    if (!encoder) {
      if (encoders.size >= maxEncoders) throw tooManyCameraStreams()
      encoder = start(camera, launch)
    }
    encoder.lastRequestAt = Date.now()
    encoder.waiting++
    try {
      const ready = await withTimeout(encoder.ready, startTimeoutMs)
      if (ready === 'timeout') throw cameraStarting()
      if (!ready) throw unavailableReason ? liveVideoUnavailable() : cameraStarting()
      return encoder
    } finally {
      encoder.waiting--
      encoder.lastRequestAt = Date.now()
    }
  }

  return {
    /** The camera's live playlist, starting its encoder when nobody is watching it yet. */
    async playlist(camera: CameraLabel): Promise<string> {
      const encoder = await running(camera)
      const text = await readPlaylist(join(encoder.dir, PLAYLIST))
      if (!text) throw cameraStarting()
      encoder.lastRequestAt = Date.now()
      return withProgramDateTime(text, encoder.feed?.firstPacketAt, encoder.firstSegment)
    },

    /** The camera's RTP feed for WebRTC viewers, starting its encoder as the playlist does. */
    async feed(camera: CameraLabel): Promise<RtpFeed> {
      const encoder = await running(camera)
      if (!encoder.feed) throw liveVideoUnavailable()
      return encoder.feed
    },

    /** The encoder process of a running camera (for measuring what it costs). */
    encoderPid(cameraId: number): number | undefined {
      return encoders.get(cameraId)?.child?.pid
    },

    /** A segment of a running camera's stream; segments never start an encoder. */
    async segment(cameraId: number, name: string): Promise<Buffer> {
      const encoder = encoders.get(cameraId)
      if (!encoder || !SEGMENT_NAME.test(name)) throw segmentNotFound()
      encoder.lastRequestAt = Date.now()
      const data = await readFile(join(encoder.dir, name)).catch(() => undefined)
      if (!data || data.length === 0) throw segmentNotFound()
      return data
    },

    /** Stops every encoder and removes their folders. */
    async close(): Promise<void> {
      closed = true
      if (sweeper) clearInterval(sweeper)
      sweeper = undefined
      await Promise.all([...encoders.values()].map(stop))
      if (root) {
        await rm(root, { recursive: true, force: true })
        processRegistry().roots.delete(root)
        root = undefined
      }
    },
  }
}

/**
 * The number in the playlist's first segment name (seg-N.ts), which ffmpeg counts from the epoch
 * second it started.
 */
export function firstSegmentNumber(playlist: string): number | undefined {
  const found = /^seg-(\d+)\.ts$/m.exec(playlist)
  return found ? Number(found[1]) : undefined
}

/**
 * Adds EXT-X-PROGRAM-DATE-TIME before every segment: the wall-clock time its first frame was
 * drawn, counted from the encoder's first frame (`startedAt`, when its first RTP packet arrived:
 * the encoder draws and encodes in real time with no look-ahead) in whole segments, since every
 * segment is exactly one key-frame interval long. ffmpeg's own tag is only to the second.
 */
export function withProgramDateTime(
  playlist: string,
  startedAt: number | undefined,
  firstSegment: number | undefined,
): string {
  if (startedAt === undefined || firstSegment === undefined) return playlist
  return playlist.replace(/^(seg-(\d+)\.ts)$/gm, (line, _name: string, n: string) => {
    const at = startedAt + (Number(n) - firstSegment) * PICTURE.segmentSeconds * 1000
    return `#EXT-X-PROGRAM-DATE-TIME:${new Date(at).toISOString()}\n${line}`
  })
}

/**
 * The encoder's command line: H.264 in 1 s MPEG-TS segments, each starting with a key frame, and
 * the same H.264 as RTP to `rtpPort` when WebRTC viewers are served.
 */
export function encoderArgs(graph: string, rtpPort?: number): string[] {
  return [
    ...liveGraphInputArgs(graph),
    '-map',
    '0:v',
    '-an',
    ...x264LiveArgs({
      fps: PICTURE.fps,
      segmentSeconds: PICTURE.segmentSeconds,
      crf: 26,
      maxrateKbps: 900,
      threads: 1,
    }),
    ...hlsAndRtpOutputArgs({
      segmentSeconds: PICTURE.segmentSeconds,
      listSize: PICTURE.listSize,
      playlist: PLAYLIST,
      rtpPort,
      ssrc: FEED_SSRC,
      payloadType: FEED_PAYLOAD_TYPE,
    }),
  ]
}

export interface Fonts {
  bold: string
  regular: string
  mono: string
}

/**
 * A kitchen pass at dusk: a warm, slowly breathing gradient, a counter with three pans and
 * steam rising from them, the camera and restaurant names, a blinking LIVE mark and a clock.
 * Captions need a font file; without one the picture keeps a moving puff and drops the text.
 * Caption texts are read from files in the encoder's working folder, so names need no escaping.
 */
/** Where a scene's layers go, as written beside the stream (see CameraScene). */
export interface SceneLayout {
  figure?: { width: number; top: number }
  foregroundTop?: number
  steam: { x: number; y: number }[]
}

/** One still image, decoded once and repeated as a stream at the picture's frame rate. */
function still(file: string, format: string): string {
  return [
    filter('movie', { filename: file }),
    `format=${format}`,
    'loop=loop=-1:size=1:start=0',
    `setpts=N/(${PICTURE.fps}*TB)`,
  ].join(',')
}

/**
 * The camera's picture as one lavfi graph. With a scene: its background, a figure swaying behind
 * the foreground, steam over the hot dishes. Without one: a warm gradient with three pans. Both
 * carry the captions (camera, restaurant, a running clock) when a font is found.
 */
export function pictureFilterGraph(fonts: Fonts | undefined, scene?: SceneLayout): string {
  const { width, height, fps } = PICTURE
  const chains: string[] = []
  let kitchen: string[]
  if (scene) {
    chains.push(`${still(SCENE_FILES.background, 'yuv420p')}[back]`)
    let last = 'back'
    if (scene.figure) {
      chains.push(`${still(SCENE_FILES.figure, 'yuva420p')}[figure]`)
      // A slow walk along the pass with a small bob: the cook at work.
      const travel = Math.round((width - scene.figure.width) / 2 - 30)
      chains.push(
        `[${last}][figure]${filter('overlay', {
          x: `${Math.round((width - scene.figure.width) / 2)}+${travel}*sin(t*0.31)`,
          y: `${scene.figure.top}+3*sin(t*2.3)`,
          eval: 'frame',
        })}[walked]`,
      )
      last = 'walked'
    }
    if (scene.foregroundTop !== undefined) {
      chains.push(`${still(SCENE_FILES.foreground, 'yuv420p')}[front]`)
      chains.push(`[${last}][front]${filter('overlay', { x: 0, y: scene.foregroundTop })}[passed]`)
      last = 'passed'
    }
    // The stills carry no frame rate of their own: declare it, or the segments come out short.
    kitchen = [`[${last}]fps=${fps}`]
  } else {
    kitchen = [
      `nullsrc=s=32x18:r=${fps}`,
      'format=gbrp',
      filter('geq', {
        r: 'clip(95+110*Y/H+18*sin(T*0.8+X/5),0,255)',
        g: 'clip(45+70*Y/H+8*sin(T*0.6+X/7),0,255)',
        b: 'clip(25+20*Y/H,0,255)',
      }),
      `scale=${width}:${height}:flags=bicubic`,
      'format=yuv420p',
      box(0, 266, width, 94, '0x2e2119'),
      box(0, 266, width, 3, '0x8a6a50'),
      ...[70, 260, 450].flatMap((x) => [
        box(x, 240, 120, 22, '0x1d1d1f'),
        box(x + 120, 244, 56, 7, '0x1d1d1f'),
        box(x + 4, 262, 112, 4, '0xff7a1a'),
      ]),
    ]
  }
  kitchen.push(...clockStripFilters())
  if (!fonts) {
    if (scene) return [...chains, kitchen.join(',')].join(';')
    return `${kitchen.join(',')}[kitchen];color=c=0xf5ede4:s=14x14:r=${fps}[puff];[kitchen][puff]${filter(
      'overlay',
      {
        x: '300+200*sin(t*0.9)',
        y: '150+30*sin(t*1.7)',
        eval: 'frame',
      },
    )}`
  }
  // Puffs of steam: [x, y, phase, offset, size, sway], rising `rise` pixels and fading out.
  const puffs = scene
    ? scene.steam.flatMap(({ x, y }, i) => [
        [x - 10, y, i * 2, 0, 24, 10],
        [x + 8, y, i * 2 + 1, 55, 18, 8],
      ])
    : [
        [115, 238, 0, 0, 26, 10],
        [130, 238, 1, 75, 20, 8],
        [305, 238, 2, 40, 24, 12],
        [320, 238, 3, 115, 18, 9],
        [495, 238, 4, 20, 26, 10],
        [510, 238, 5, 95, 20, 8],
      ]
  const [rise, speed, alpha] = scene ? [110, 30, 0.55] : [150, 34, 0.7]
  const steam = puffs.map(([x, y, phase, offset, size, sway]) =>
    filter('drawtext', {
      fontfile: fonts.regular,
      text: '●',
      fontsize: size!,
      fontcolor: '0xf5ede4',
      x: `${x}+${sway}*sin(t*1.3+${phase})`,
      y: `${y}-mod(t*${speed}+${offset},${rise})`,
      alpha: `${alpha}*(1-mod(t*${speed}+${offset},${rise})/${rise})`,
    }),
  )
  // The player draws its own LIVE badge, viewer count and telemetry along the top and bottom
  // edges, so the captions sit in a panel clear of both.
  const captions = [
    box(16, 50, 340, 90, 'black@0.5'),
    box(16, 50, 4, 90, '0xff7a1a'),
    filter('drawtext', {
      fontfile: fonts.bold,
      textfile: 'camera.txt',
      expansion: 'none',
      fontsize: 24,
      fontcolor: 'white',
      x: 32,
      y: 58,
    }),
    filter('drawtext', {
      fontfile: fonts.regular,
      textfile: 'restaurant.txt',
      expansion: 'none',
      fontsize: 17,
      fontcolor: '0xffd8a8',
      x: 32,
      y: 90,
    }),
    filter('drawtext', {
      fontfile: fonts.mono,
      textfile: 'clock.txt',
      fontsize: 14,
      fontcolor: 'white@0.85',
      x: 32,
      y: 116,
    }),
    filter('drawtext', {
      fontfile: fonts.bold,
      text: '● LIVE',
      fontsize: 14,
      fontcolor: '0xff4d4d',
      x: 'w-tw-24',
      y: 58,
      alpha: 'if(lt(mod(t,1.2),0.8),1,0.35)',
    }),
    filter('drawtext', {
      fontfile: fonts.bold,
      text: 'Clearplate',
      fontsize: 14,
      fontcolor: 'white@0.75',
      x: 'w-tw-24',
      y: 80,
    }),
  ]
  return [...chains, [...kitchen, ...steam, ...captions].join(',')].join(';')
}

/**
 * The machine-readable clock (shared/clock-strip.ts): a white and a black marker cell, then one
 * cell per bit of the Gray-coded wall-clock milliseconds at the moment the frame is drawn, white
 * for 1. Each cell reads the clock once (`st`/`ld`) so its two bit terms agree.
 */
export function clockStripFilters(): string[] {
  const { bits, cell, fromBottom } = CLOCK_STRIP
  const y = PICTURE.height - fromBottom
  const filters = [box(0, y, clockCellX(bits), cell, 'black'), box(0, y, cell, cell, 'white')]
  for (let bit = 0; bit < bits; bit++) {
    const fromLsb = bits - 1 - bit
    filters.push(
      filter('drawbox', {
        x: clockCellX(bit),
        y,
        w: cell,
        h: cell,
        color: 'white',
        t: 'fill',
        enable: `st(0,floor(time(0)*1000));mod(floor(ld(0)/${2 ** fromLsb})+floor(ld(0)/${2 ** (fromLsb + 1)}),2)`,
      }),
    )
  }
  return filters
}

function box(x: number, y: number, w: number, h: number, color: string) {
  return filter('drawbox', { x, y, w, h, color, t: 'fill' })
}

function filter(name: string, options: Record<string, string | number>) {
  const args = Object.entries(options).map(([key, value]) => `${key}=${escapeFilterValue(String(value))}`)
  return `${name}=${args.join(':')}`
}

/** Escapes a value for both levels of ffmpeg's filtergraph syntax: the option list, then the graph. */
export function escapeFilterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, '\\$&')
  return optionLevel.replace(/[\\'[\],;]/g, '\\$&')
}

export { resolveFfmpegPath }

export interface Launcher {
  ffmpegPath: string
  /** ffmpeg is started through setpriv so that it dies with this process even when it is killed. */
  withParentDeathSignal: boolean
}

export async function probeLauncher(ffmpegPath: string): Promise<Launcher | { problem: string }> {
  if (process.platform === 'linux' && existsSync(SETPRIV)) {
    const wrapped = await runVersion(SETPRIV, [
      '--pdeathsig',
      'KILL',
      '--',
      ffmpegPath,
      '-hide_banner',
      '-version',
    ])
    if (wrapped.ok) return { ffmpegPath, withParentDeathSignal: true }
  }
  const plain = await runVersion(ffmpegPath, ['-hide_banner', '-version'])
  if (plain.ok) return { ffmpegPath, withParentDeathSignal: false }
  return { problem: `ffmpeg at ${ffmpegPath} does not run (${plain.output || 'no output'})` }
}

function runVersion(command: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 10_000 }, (error, stdout, stderr) => {
      const ok = !error && stdout.startsWith('ffmpeg version')
      resolve({ ok, output: (error?.message ?? String(stderr)).trim().split('\n')[0] ?? '' })
    })
  })
}

let fontsSearched = false
let foundFonts: Fonts | undefined

/** Looks for common sans and monospace fonts once; any font at all beats none. */
export function findFonts(): Fonts | undefined {
  if (fontsSearched) return foundFonts
  fontsSearched = true
  const files = new Map<string, string>()
  for (const dir of [
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    '/Library/Fonts',
    '/System/Library/Fonts/Supplemental',
  ]) {
    collectFonts(dir, files, 4)
  }
  const pick = (names: string[]) => names.map((n) => files.get(n.toLowerCase())).find(Boolean)
  const any = files.values().next().value
  const regular =
    pick([
      'DejaVuSans.ttf',
      'LiberationSans-Regular.ttf',
      'FreeSans.ttf',
      'NotoSans-Regular.ttf',
      'Arial.ttf',
    ]) ?? any
  if (!regular) return undefined
  const bold =
    pick([
      'DejaVuSans-Bold.ttf',
      'LiberationSans-Bold.ttf',
      'FreeSansBold.ttf',
      'NotoSans-Bold.ttf',
      'Arial Bold.ttf',
    ]) ?? regular
  const mono =
    pick(['DejaVuSansMono-Bold.ttf', 'DejaVuSansMono.ttf', 'LiberationMono-Bold.ttf', 'FreeMonoBold.ttf']) ??
    bold
  foundFonts = { regular, bold, mono }
  return foundFonts
}

function collectFonts(dir: string, files: Map<string, string>, depth: number) {
  if (depth < 0) return
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) collectFonts(path, files, depth - 1)
    else if (/\.(ttf|otf)$/i.test(entry.name) && !files.has(entry.name.toLowerCase()))
      files.set(entry.name.toLowerCase(), path)
  }
}

interface ProcessRegistry {
  children: Set<ChildProcess>
  roots: Set<string>
  sweptStaleFolders: boolean
}

/**
 * Encoders and folders of every app in this process, killed and removed if the process exits
 * without closing its apps. Kept on globalThis so that one exit listener serves every copy of
 * this module (test runners load a fresh copy per file).
 */
function processRegistry(): ProcessRegistry {
  const key = Symbol.for('clearplate.camera-encoders')
  const holder = globalThis as typeof globalThis & { [key: symbol]: ProcessRegistry | undefined }
  let registry = holder[key]
  if (!registry) {
    const created: ProcessRegistry = { children: new Set(), roots: new Set(), sweptStaleFolders: false }
    process.on('exit', () => {
      for (const child of created.children) child.kill('SIGKILL')
      for (const root of created.roots) rmSync(root, { recursive: true, force: true })
    })
    holder[key] = created
    registry = created
  }
  return registry
}

/** Removes stream folders left behind by processes that were killed before they could clean up. */
function removeStaleFolders() {
  let names: string[]
  try {
    names = readdirSync(tmpdir())
  } catch {
    return
  }
  for (const name of names) {
    const owner = Number(/^clearplate-live-(\d+)-/.exec(name)?.[1])
    if (owner && owner !== process.pid && !isAlive(owner))
      rmSync(join(tmpdir(), name), { recursive: true, force: true })
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function spawnOptions(cwd: string) {
  return { cwd, stdio: ['ignore', 'ignore', 'pipe'] as ['ignore', 'ignore', 'pipe'] }
}
