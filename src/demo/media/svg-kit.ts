/** Small building blocks for the generated illustrations: seeded randomness, colour, SVG documents. */

/** FNV-1a, 32 bits. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export interface Rng {
  next(): number
  range(min: number, max: number): number
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

/** mulberry32: the same seed always draws the same picture. */
export function createRng(seed: number | string): Rng {
  let state = typeof seed === 'string' ? hashString(seed) : seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  }
}

/** Rounds for compact markup. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10)
}

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  return [
    Number.parseInt(h.slice(0, 2), 16),
    Number.parseInt(h.slice(2, 4), 16),
    Number.parseInt(h.slice(4, 6), 16),
  ]
}

export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = parseHex(a)
  const [r2, g2, b2] = parseHex(b)
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0')
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`
}
/** Relative lightness, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const [r, g, b] = parseHex(color)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

export const lighten = (color: string, t: number) => mix(color, '#ffffff', t)
export const darken = (color: string, t: number) => mix(color, '#000000', t)
/** Nudges a colour by up to `amount` lighter or darker. */
export function vary(rng: Rng, color: string, amount = 0.12): string {
  const t = rng.range(-amount, amount)
  return t >= 0 ? lighten(color, t) : darken(color, -t)
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export type Stop = readonly [offset: number, color: string, opacity?: number]

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('')
}

/** One SVG document: collects shared definitions (gradients, filters) under unique ids. */
export class SvgDoc {
  private readonly defs: string[] = []
  private readonly memo = new Map<string, string>()
  private counter = 0

  constructor(readonly rng: Rng) {}

  private define(key: string, build: (id: string) => string): string {
    const known = this.memo.get(key)
    if (known) return known
    const id = `d${++this.counter}`
    this.defs.push(build(id))
    const ref = `url(#${id})`
    this.memo.set(key, ref)
    return ref
  }

  /** A linear gradient in the shape's own box; default top-left to bottom-right. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 1, y2 = 1): string {
    return this.define(
      `l${JSON.stringify(stops)}${x1},${y1},${x2},${y2}`,
      (id) =>
        `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
    )
  }

  /** A radial gradient in the shape's own box; the focus defaults to the upper left, where the light is. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    return this.define(
      `r${JSON.stringify(stops)}${cx},${cy},${r},${fx},${fy}`,
      (id) =>
        `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsMarkup(stops)}</radialGradient>`,
    )
  }

  /** A soft blur for shadows, steam and bokeh. */
  blur(std: number): string {
    const s = Math.round(std * 2) / 2
    return this.define(
      `b${s}`,
      (id) =>
        `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${s}"/></filter>`,
    )
  }

  /** Any other definition (clip paths, patterns); returns its id. */
  custom(build: (id: string) => string): string {
    const id = `d${++this.counter}`
    this.defs.push(build(id))
    return id
  }

  render(width: number, height: number, title: string, body: string, description?: string): string {
    const desc = description ? `<desc>${escapeXml(description)}</desc>` : ''
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
      `<title>${escapeXml(title)}</title>${desc}<defs>${this.defs.join('')}</defs>${body}</svg>`
    )
  }
}

export interface Point {
  x: number
  y: number
}

/** A smooth closed shape through jittered points around an ellipse: sauces, cheese, steaks. */
export function blobPath(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  jitter = 0.18,
  points = 9,
  rotate = 0,
): string {
  const pts: Point[] = []
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2 + rotate
    const k = 1 + rng.range(-jitter, jitter)
    const x = Math.cos(a) * rx * k
    const y = Math.sin(a) * ry * k
    const cos = Math.cos(rotate)
    const sin = Math.sin(rotate)
    pts.push({ x: cx + x * cos - y * sin, y: cy + x * sin + y * cos })
  }
  return closedCurve(pts)
}

/** Catmull-Rom through the points, as cubic Béziers. */
export function closedCurve(pts: Point[]): string {
  const at = (i: number) => pts[(i + pts.length) % pts.length]!
  let d = `M${n(at(0).x)} ${n(at(0).y)}`
  for (let i = 0; i < pts.length; i++) {
    const p0 = at(i - 1)
    const p1 = at(i)
    const p2 = at(i + 1)
    const p3 = at(i + 2)
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 }
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 }
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`
  }
  return `${d}Z`
}

/** An open smooth curve through the points. */
export function openCurve(pts: Point[]): string {
  if (pts.length < 2) return ''
  let d = `M${n(pts[0]!.x)} ${n(pts[0]!.y)}`
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]!
    const p1 = pts[i]!
    const p2 = pts[i + 1]!
    const p3 = pts[Math.min(pts.length - 1, i + 2)]!
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 }
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 }
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`
  }
  return d
}

/** A point spread evenly (sunflower pattern) inside a disc: the i-th of count. */
export function discPoint(i: number, count: number, radius: number, rng?: Rng): Point {
  const golden = Math.PI * (3 - Math.sqrt(5))
  const r = radius * Math.sqrt((i + 0.5) / count)
  const a = i * golden + (rng ? rng.range(-0.25, 0.25) : 0)
  return { x: Math.cos(a) * r, y: Math.sin(a) * r }
}
