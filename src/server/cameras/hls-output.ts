import { readFile } from 'node:fs/promises'

/**
 * What the camera encoders (the demo pictures and the restreamed sources) share: reading the
 * live playlist ffmpeg keeps rewriting, and making sense of what ffmpeg said when it stopped.
 */

/** A generated picture (an ffmpeg filter graph) read at its own pace, as a live source is. */
export function liveGraphInputArgs(graph: string): string[] {
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', graph]
}

/**
 * H.264 for live HLS: x264 tuned for latency, a key frame at the start of every segment (no
 * scene-cut key frames between), `threads` encoder threads.
 */
export function x264LiveArgs(o: {
  fps: number
  segmentSeconds: number
  crf: number
  maxrateKbps: number
  threads: number
}) {
  const gop = String(o.fps * o.segmentSeconds)
  return [
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
    String(o.crf),
    '-maxrate',
    `${o.maxrateKbps}k`,
    '-bufsize',
    `${o.maxrateKbps * 2}k`,
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-threads',
    String(o.threads),
  ]
}

/**
 * The HLS muxer: `segmentSeconds` MPEG-TS segments named `seg-N.ts` beside `playlist`, the last
 * `listSize` of them listed, older ones deleted. Sequence numbers start from the clock, so a
 * restarted encoder never reuses a segment name.
 */
export function hlsOutputArgs(o: { segmentSeconds: number; listSize: number; playlist: string }) {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(o.segmentSeconds),
    '-hls_list_size',
    String(o.listSize),
    '-hls_flags',
    'delete_segments+independent_segments',
    '-hls_start_number_source',
    'epoch',
    '-hls_segment_filename',
    'seg-%d.ts',
    o.playlist,
  ]
}

/**
 * The same HLS, and the same encoded video as H.264 RTP to a loopback UDP port for WebRTC
 * viewers (rtp-feed.ts): ffmpeg's tee muxer writes one encode to both. The RTP leg repeats the
 * parameter sets before every key frame (a copied source may carry them out of band only), and
 * packets stay under 1200 bytes so SRTP and the ICE path never fragment them.
 */
export function hlsAndRtpOutputArgs(o: {
  segmentSeconds: number
  listSize: number
  playlist: string
  rtpPort: number | undefined
  ssrc: number
  payloadType: number
}) {
  if (o.rtpPort === undefined) return hlsOutputArgs(o)
  const hls = [
    'f=hls',
    `hls_time=${o.segmentSeconds}`,
    `hls_list_size=${o.listSize}`,
    'hls_flags=delete_segments+independent_segments',
    'hls_start_number_source=epoch',
    'hls_segment_filename=seg-%d.ts',
  ].join(':')
  const rtp = ['f=rtp', `ssrc=${o.ssrc}`, `payload_type=${o.payloadType}`, 'bsfs/v=dump_extra'].join(':')
  return ['-f', 'tee', `[${hls}]${o.playlist}|[${rtp}]rtp://127.0.0.1:${o.rtpPort}?pkt_size=1200`]
}

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
