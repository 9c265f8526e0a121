import { spawn } from 'node:child_process'
import type { CameraCheck } from '../../shared/schemas/restaurants'
import { resolveFfmpegPath } from './camera-streams'

/**
 * "Check stream": opens a camera's address with ffmpeg for a few seconds and says what it found,
 * the codec and size of its picture, or in plain words why there is none.
 */
export interface ProbeOptions {
  /** An ffmpeg binary; the one shipped by @ffmpeg-installer/ffmpeg when unset. */
  ffmpegPath?: string | undefined
  /** How long the whole check may take. */
  timeoutMs?: number
  /**
   * Called before connecting: throws a `SourceRefusedError` (with a message for the owner) when the
   * address may not be opened, e.g. a host in a private range; may answer the address to connect
   * to instead (the host pinned to the address it checked).
   */
  checkSource?: (url: string) => Promise<string | undefined>
}

const DEFAULT_TIMEOUT_MS = 8000

export async function probeStream(url: string, options: ProbeOptions = {}): Promise<CameraCheck> {
  const where = describeAddress(url)
  let target = url
  if (options.checkSource) {
    try {
      target = (await options.checkSource(url)) ?? url
    } catch (error) {
      if (error instanceof Error && error.name === 'SourceRefusedError')
        return { ok: false, message: error.message }
      // The host name does not resolve.
      return { ok: false, message: `Nothing answered at ${where}` }
    }
  }
  const ffmpeg = resolveFfmpegPath(options.ffmpegPath)
  if (typeof ffmpeg !== 'string')
    return { ok: false, message: `Streams cannot be checked on this server: ${ffmpeg.problem}` }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const { stderr, timedOut } = await runFfmpeg(ffmpeg, probeArgs(target, timeoutMs), timeoutMs)
  return readProbe(stderr, { where, timedOut })
}

function probeArgs(url: string, timeoutMs: number): string[] {
  const ioTimeoutUs = String(Math.max(1000, timeoutMs - 1500) * 1000)
  const protocolTimeout = url.startsWith('rtsp:') ? ['-stimeout', ioTimeoutUs] : ['-rw_timeout', ioTimeoutUs]
  return [
    '-hide_banner',
    '-nostdin',
    ...protocolTimeout,
    '-analyzeduration',
    '3000000',
    '-probesize',
    '5000000',
    '-i',
    url,
    '-map',
    '0:v:0?',
    '-frames:v',
    '1',
    '-f',
    'null',
    '-',
  ]
}

/** Turns ffmpeg's report into the answer; exported for its tests. */
export function readProbe(
  stderr: string,
  { where, timedOut }: { where: string; timedOut: boolean },
): CameraCheck {
  const video = /Stream #\d+:\d+[^:]*: Video: ([a-z0-9_]+)[^\n]*?\b(\d{2,5})x(\d{2,5})\b/i.exec(stderr)
  if (video) {
    return {
      ok: true,
      codec: video[1]!.toLowerCase(),
      width: Number(video[2]),
      height: Number(video[3]),
      message: `Found a ${video[2]}x${video[3]} ${video[1]!.toUpperCase()} picture at ${where}`,
    }
  }
  const http = /Server returned (\d{3})?\s*([^\n\r]*)/i.exec(stderr)
  if (http) {
    const status = http[1] ?? http[2]?.match(/\d{3}/)?.[0]
    return {
      ok: false,
      message: `${where} answered${status ? ` with HTTP ${status}` : ''}, but there is no stream at that address`,
    }
  }
  if (/401 Unauthorized|authorization failed|403 Forbidden/i.test(stderr))
    return { ok: false, message: `${where} refused the connection: check the user name and password` }
  if (
    /Stream #\d+:\d+/.test(stderr) ||
    /Invalid data found|could not find codec|does not contain any stream/i.test(stderr)
  )
    return { ok: false, message: `The address at ${where} answered, but it is not a video stream` }
  if (
    timedOut ||
    /Connection refused|Connection timed out|timed out|Failed to resolve|Name or service not known|No route to host|Network is unreachable|End of file|Operation timed out|Immediate exit requested/i.test(
      stderr,
    )
  )
    return { ok: false, message: `Nothing answered at ${where}` }
  const lastLine = stderr.trim().split('\n').at(-1)?.trim()
  return { ok: false, message: `The stream at ${where} could not be read${lastLine ? `: ${lastLine}` : ''}` }
}

/** "cam.example.com:8554" for messages: the host and port, never the credentials or path. */
export function describeAddress(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.host || url
  } catch {
    return 'that address'
  }
}

function runFfmpeg(
  path: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(path, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    let timedOut = false
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      // The header is all that matters; keep memory bounded however chatty ffmpeg is.
      if (stderr.length < 64 * 1024) stderr += chunk
    })
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    const done = () => {
      clearTimeout(timer)
      resolve({ stderr, timedOut })
    }
    child.on('error', (error) => {
      stderr += `\n${error.message}`
      done()
    })
    child.on('close', done)
  })
}
