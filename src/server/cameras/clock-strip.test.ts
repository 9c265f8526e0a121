import { execFile } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import {
  CLOCK_STRIP,
  clockCellX,
  clockStripLatency,
  decodeClockStrip,
  grayBit,
} from '../../shared/clock-strip'
import {
  firstSegmentNumber,
  PICTURE,
  pictureFilterGraph,
  resolveFfmpegPath,
  withProgramDateTime,
} from './camera-streams'

const ffmpeg = resolveFfmpegPath(undefined)

/** One frame of the demo picture as 8-bit luma, drawn by the encoder's own filter graph. */
function drawFrame(): Promise<{ luma: Buffer; before: number; after: number }> {
  const before = Date.now()
  return new Promise((resolve, reject) => {
    execFile(
      ffmpeg as string,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        pictureFilterGraph(undefined),
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'gray',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 4 << 20 },
      (error, stdout) => (error ? reject(error) : resolve({ luma: stdout, before, after: Date.now() })),
    )
  })
}

function levelsOf(luma: Buffer): number[] {
  const y = PICTURE.height - CLOCK_STRIP.fromBottom + CLOCK_STRIP.cell / 2
  const xs = [0, CLOCK_STRIP.cell, ...Array.from({ length: CLOCK_STRIP.bits }, (_, i) => clockCellX(i))]
  return xs.map((x) => luma[y * PICTURE.width + x + CLOCK_STRIP.cell / 2]!)
}

describe('the clock strip', () => {
  it.skipIf(typeof ffmpeg !== 'string')(
    'is drawn into the demo picture with the milliseconds it was drawn at',
    async () => {
      const { luma, before, after } = await drawFrame()
      expect(luma.length).toBe(PICTURE.width * PICTURE.height)
      const frame = decodeClockStrip(levelsOf(luma))
      expect(frame).toBeDefined()
      // Drawn between the start of ffmpeg and its end, by this machine's clock.
      expect(clockStripLatency(frame!, after)).toBeGreaterThanOrEqual(0)
      expect(clockStripLatency(frame!, before)).toBeLessThanOrEqual(0)
    },
  )

  it('reads a Gray-coded value back, and nothing where the markers are missing', () => {
    const value = 3_141_592_653
    const levels = [255, 0]
    for (let bit = 0; bit < CLOCK_STRIP.bits; bit++)
      levels.push(grayBit(value, CLOCK_STRIP.bits - 1 - bit) * 255)
    expect(decodeClockStrip(levels)).toBe(value)
    expect(decodeClockStrip([0, 0, ...levels.slice(2)])).toBeUndefined()
    // Neighbouring milliseconds differ in one cell.
    const cells = (v: number) => Array.from({ length: 32 }, (_, i) => grayBit(v, i))
    const differing = cells(value).filter((c, i) => c !== cells(value + 1)[i]).length
    expect(differing).toBe(1)
  })

  it('measures across the 2^32 ms wrap', () => {
    const span = 2 ** 32
    expect(clockStripLatency(span - 100, span * 400 + 50)).toBe(150)
    expect(clockStripLatency(100, span * 400 + 350)).toBe(250)
  })
})

describe('program date-time in the playlist', () => {
  it('stamps each segment with its first frame’s time, a second per segment from the encoder’s start', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-MEDIA-SEQUENCE:1700000003',
      '#EXTINF:1.000000,',
      'seg-1700000003.ts',
      '#EXTINF:1.000000,',
      'seg-1700000004.ts',
      '',
    ].join('\n')
    const startedAt = Date.UTC(2026, 10, 27, 3, 0, 0, 123)
    const stamped = withProgramDateTime(playlist, startedAt, 1700000000)
    expect(stamped).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-27T03:00:03.123Z\nseg-1700000003.ts')
    expect(stamped).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-27T03:00:04.123Z\nseg-1700000004.ts')
    expect(firstSegmentNumber(playlist)).toBe(1700000003)
    // Before the first frame is known, the playlist goes out as ffmpeg wrote it.
    expect(withProgramDateTime(playlist, undefined, 1700000000)).toBe(playlist)
  })
})
