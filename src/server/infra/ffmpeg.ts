import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import { badRequest } from './errors'

type Resolved = string | { problem: string }

/** The configured ffmpeg (FFMPEG_PATH), else the binary npm installs; a problem when neither runs. */
export function resolveFfmpegPath(configured: string | undefined): Resolved {
  let path = configured
  if (!path) {
    try {
      const require = createRequire(import.meta.url)
      path = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
    } catch (error) {
      return {
        problem: `no ffmpeg binary is installed (${error instanceof Error ? error.message : String(error)})`,
      }
    }
  }
  try {
    accessSync(path, constants.X_OK)
  } catch {
    return { problem: `ffmpeg was not found or is not executable at ${path}` }
  }
  return path
}

const known = new Map<string, Promise<Set<string>>>()

/** Parses `ffmpeg -protocols`: the names listed under "Input:". */
export function parseInputProtocols(output: string): Set<string> {
  const input = /Input:\s*([\s\S]*?)(?:Output:|$)/.exec(output)?.[1] ?? ''
  return new Set(
    input
      .split(/\s+/)
      .map((name) => name.trim())
      .filter(Boolean),
  )
}

/** The protocols this ffmpeg can read, asked once per binary; empty when it does not run. */
export function readableProtocols(configured: string | undefined): Promise<Set<string>> {
  const path = resolveFfmpegPath(configured)
  if (typeof path !== 'string') return Promise.resolve(new Set())
  let found = known.get(path)
  if (!found) {
    found = new Promise((resolve) => {
      execFile(path, ['-hide_banner', '-protocols'], { timeout: 10_000 }, (error, stdout) => {
        resolve(error ? new Set() : parseInputProtocols(String(stdout)))
      })
    })
    known.set(path, found)
  }
  return found
}

export const SRT_UNSUPPORTED_MESSAGE =
  'This server’s ffmpeg cannot read SRT. Use an RTSP, RTMP or HTTP address, or ask the operator for an ffmpeg built with SRT (FFMPEG_PATH).'

/**
 * Refuses (400) a camera address whose protocol the server's ffmpeg cannot read. Only SRT is in
 * question: the npm-installed ffmpeg reads RTSP, RTMP and HTTP(S), and SRT needs a build with
 * libsrt (Debian's, for example, through FFMPEG_PATH).
 */
export async function assertReadableSource(streamUrl: string, configured: string | undefined): Promise<void> {
  if (!/^srt:/i.test(streamUrl)) return
  if (!(await readableProtocols(configured)).has('srt'))
    throw badRequest(SRT_UNSUPPORTED_MESSAGE, { streamUrl: SRT_UNSUPPORTED_MESSAGE })
}
