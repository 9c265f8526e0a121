import { readFile } from 'node:fs/promises'

/**
 * What the camera encoders (the demo pictures and the restreamed sources) share: reading the
 * live playlist ffmpeg keeps rewriting, and making sense of what ffmpeg said when it stopped.
 */

/** The playlist as ffmpeg last wrote it; ffmpeg rewrites it in place, so a torn read is retried. */
export async function readPlaylist(path: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const text = await readFile(path, 'utf8').catch(() => '')
    if (text.startsWith('#EXTM3U') && text.includes('#EXTINF') && text.endsWith('\n')) return text
    await sleep(40)
  }
  return undefined
}

export function countSegments(playlist: string): number {
  return playlist.split('#EXTINF').length - 1
}

/** ffmpeg's last line worth showing, without the harmless HLS-muxer notice about renames. */
export function lastMeaningfulLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.includes('Cannot use rename on non file protocol'))
  return lines.at(-1) ?? ''
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
