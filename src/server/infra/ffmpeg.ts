import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, join } from 'node:path'
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
  return typeof path === 'string' ? protocolsOf(path) : Promise.resolve(new Set())
}

function protocolsOf(path: string): Promise<Set<string>> {
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

/** Which ffmpeg binaries a camera source may be opened with (the cameras' settings). */
export interface FfmpegChoice {
  /** FFMPEG_PATH. */
  ffmpegPath: string | undefined
  /** srt:// sources may fall back to an ffmpeg found on PATH. */
  systemFfmpegForSrt: boolean
}

/** An executable named ffmpeg on PATH (or /usr/bin), such as Debian's; undefined when none. */
export function systemFfmpegPath(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/bin']
  for (const dir of dirs) {
    const path = join(dir, 'ffmpeg')
    try {
      accessSync(path, constants.X_OK)
      return path
    } catch {
      // Not in this folder.
    }
  }
  return undefined
}

export const SRT_UNSUPPORTED_MESSAGE =
  'This server’s ffmpeg cannot read SRT. Use an RTSP, RTMP or HTTP address, or ask the operator for an ffmpeg built with SRT (FFMPEG_PATH).'

/**
 * The ffmpeg that opens a camera source. Every source uses FFMPEG_PATH, else the npm-installed
 * binary; an srt:// source uses the first of FFMPEG_PATH, the npm-installed binary and an ffmpeg
 * on PATH that lists `srt` among its input protocols (the npm build has no libsrt; Debian's has).
 */
export async function ffmpegForSource(
  streamUrl: string,
  choice: FfmpegChoice,
): Promise<string | { problem: string }> {
  const main = resolveFfmpegPath(choice.ffmpegPath)
  if (!/^srt:/i.test(streamUrl)) return main
  const candidates = new Set<string>()
  if (choice.ffmpegPath) candidates.add(choice.ffmpegPath)
  const bundled = resolveFfmpegPath(undefined)
  if (typeof bundled === 'string') candidates.add(bundled)
  const system = choice.systemFfmpegForSrt ? systemFfmpegPath() : undefined
  if (system) candidates.add(system)
  for (const path of candidates) if ((await protocolsOf(path)).has('srt')) return path
  return { problem: SRT_UNSUPPORTED_MESSAGE }
}

/**
 * Refuses (400) a camera address whose protocol no usable ffmpeg can read. Only SRT is in
 * question: the npm-installed ffmpeg reads RTSP, RTMP and HTTP(S), and SRT needs a build with
 * libsrt (Debian's, found on PATH or named by FFMPEG_PATH).
 */
export async function assertReadableSource(streamUrl: string, choice: FfmpegChoice): Promise<void> {
  if (typeof (await ffmpegForSource(streamUrl, choice)) !== 'string' && /^srt:/i.test(streamUrl))
    throw badRequest(SRT_UNSUPPORTED_MESSAGE, { streamUrl: SRT_UNSUPPORTED_MESSAGE })
}
