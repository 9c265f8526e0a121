import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { liveGraphInputArgs } from '../cameras/hls-output'

/**
 * A camera for tests: ffmpeg draws a test picture and serves it as MPEG-TS over HTTP on
 * 127.0.0.1 (`-listen 1`, one viewer at a time, as a cheap IP camera does). Each connection is
 * served by a new ffmpeg, so the source survives a client that reconnects, until it is stopped.
 */
export interface CameraSource {
  url: string
  port: number
  /** Stops serving: the current connection drops and new ones are refused. */
  stop(): Promise<void>
  /** Serves again on the same port. */
  start(): void
}

export function ffmpegBinary(): string {
  const require = createRequire(import.meta.url)
  return process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
}

export async function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function startCameraSource(
  options: {
    codec?: 'h264' | 'mpeg2video'
    port?: number
    /** B-frames between reference frames (H.264), as many consumer encoders make. */
    bFrames?: number
  } = {},
): Promise<CameraSource> {
  const port = options.port ?? (await freeLocalPort())
  const url = `http://127.0.0.1:${port}/camera.ts`
  const codec = options.codec ?? 'h264'
  let child: ChildProcess | undefined
  let running = false

  let restart: NodeJS.Timeout | undefined
  const serve = () => {
    restart = undefined
    // One listening ffmpeg at a time: a second one would be left behind.
    if (!running || (child && child.exitCode === null && child.signalCode === null)) return
    const c = spawn(
      ffmpegBinary(),
      [
        ...testPictureArgs({ size: '320x180', rate: 25, codec, bFrames: options.bFrames }),
        '-listen',
        '1',
        url,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    child = c
    c.once('close', () => {
      if (child === c) child = undefined
      // Served its one client (or lost it): listen again for the next.
      if (running && !restart) restart = setTimeout(serve, 50)
    })
  }

  const source: CameraSource = {
    url,
    port,
    start() {
      if (running) return
      running = true
      serve()
    },
    async stop() {
      running = false
      if (restart) clearTimeout(restart)
      restart = undefined
      const c = child
      child = undefined
      if (c && c.exitCode === null) {
        const closed = new Promise<void>((resolve) => c.once('close', () => resolve()))
        c.kill('SIGKILL')
        await closed
      }
    },
  }
  source.start()
  // ffmpeg opens its listening socket within a moment of starting.
  await new Promise((resolve) => setTimeout(resolve, 400))
  return source
}

/** ffmpeg's arguments for a live test picture in `codec`, written as MPEG-TS to the address after them. */
function testPictureArgs(picture: {
  size: string
  rate: number
  codec: 'h264' | 'mpeg2video'
  bFrames?: number
}): string[] {
  const gop = String(picture.rate)
  const encoder =
    picture.codec === 'h264'
      ? [
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
          ...['-g', gop, '-bf', String(picture.bFrames ?? 0)],
        ]
      : ['-c:v', 'mpeg2video', '-q:v', '6', '-g', gop]
  return [
    ...liveGraphInputArgs(`testsrc=size=${picture.size}:rate=${picture.rate}`),
    ...encoder,
    '-f',
    'mpegts',
  ]
}

/**
 * An SRT camera on 127.0.0.1 (`mode=listener`): `ffmpeg`, which must read SRT, sends an H.264 test
 * picture to the first caller. Stopped by its pid.
 */
export function startSrtSource(ffmpeg: string, port: number): ChildProcess {
  return spawn(
    ffmpeg,
    [
      ...testPictureArgs({ size: '320x240', rate: 15, codec: 'h264' }),
      `srt://127.0.0.1:${port}?mode=listener`,
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  )
}

/**
 * A restaurant's own HLS camera for tests: ffmpeg writes `seconds` of an H.264 test picture as an
 * HLS playlist with one-second segments into a temporary folder, and a plain HTTP server on
 * 127.0.0.1 serves that folder (`/index.m3u8`), as a camera's web server or a small CDN would.
 */
export interface HlsSource {
  url: string
  port: number
  /** Paths requested so far, in order. */
  requests: string[]
  close(): Promise<void>
}

export async function startHlsSource(options: { seconds?: number; size?: string } = {}): Promise<HlsSource> {
  const dir = mkdtempSync(join(tmpdir(), 'clearplate-hls-'))
  const size = options.size ?? '320x240'
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      ffmpegBinary(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${size}:rate=15`,
        '-t',
        String(options.seconds ?? 6),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '15',
        '-f',
        'hls',
        '-hls_time',
        '1',
        '-hls_list_size',
        '0',
        '-hls_segment_filename',
        join(dir, 'seg-%d.ts'),
        join(dir, 'index.m3u8'),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr}`))))
  })
  const requests: string[] = []
  const server = createHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    requests.push(path)
    const name = path.slice(1)
    if (!/^(index\.m3u8|seg-\d+\.ts)$/.test(name)) {
      res.writeHead(404).end()
      return
    }
    readFile(join(dir, name)).then(
      (body) => {
        res
          .writeHead(200, {
            'content-type': name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
          })
          .end(body)
      },
      () => res.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/index.m3u8`,
    port,
    requests,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
