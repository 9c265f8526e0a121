/**
 * The machine-readable clock the demo cameras draw into every frame: a row of black and white
 * cells along the picture's bottom-left edge, a white and a black marker cell and then the
 * server's Date.now() at the moment the frame was drawn, in milliseconds modulo 2^32, as a
 * Gray code, most significant bit first. A Gray code changes one cell per millisecond, so a
 * frame drawn across a millisecond boundary still reads as one of the two neighbouring times.
 * Reading it from the playing video and comparing with the page's clock gives glass-to-glass
 * latency (the server and the page share a clock on one machine).
 */
export const CLOCK_STRIP = {
  bits: 32,
  /** Cell size in the picture's pixels (the picture is 640 x 360). */
  cell: 10,
  markers: 2,
  /** Distance of the strip's top from the picture's bottom edge. */
  fromBottom: 10,
} as const

/** The cell's left edge for bit `bit` (0 = most significant), in the picture's pixels. */
export function clockCellX(bit: number): number {
  return (CLOCK_STRIP.markers + bit) * CLOCK_STRIP.cell
}

/** Gray code of the clock's bit `bit` counted from the least significant (for the encoder's expression). */
export function grayBit(value: number, bitFromLsb: number): number {
  return (Math.floor(value / 2 ** bitFromLsb) + Math.floor(value / 2 ** (bitFromLsb + 1))) % 2
}

/**
 * The milliseconds (mod 2^32) a frame carries, from the brightness (0-255) at each cell's centre,
 * markers first; undefined when the markers are not a white then a black cell (no strip there).
 */
export function decodeClockStrip(levels: number[]): number | undefined {
  const { bits, markers } = CLOCK_STRIP
  if (levels.length < markers + bits) return undefined
  if (!(levels[0]! > 160 && levels[1]! < 96)) return undefined
  let value = 0
  let previous = 0
  for (let i = 0; i < bits; i++) {
    const gray = levels[markers + i]! >= 128 ? 1 : 0
    previous ^= gray
    value = value * 2 + previous
  }
  return value
}

/** `now` minus the frame's clock, both taken modulo 2^32 ms. */
export function clockStripLatency(frameMs: number, now: number): number {
  const span = 2 ** 32
  let delta = (now % span) - frameMs
  if (delta < -span / 2) delta += span
  if (delta > span / 2) delta -= span
  return delta
}
