/** Reusable pieces of the food illustrations: tableware, garnish and small ingredients, seen from above. */
import type { Palette } from './palettes'
import { blobPath, darken, lighten, luminance, n, openCurve, type Rng, type SvgDoc, vary } from './svg-kit'

export const FOOD = {
  tomato: '#C8321F',
  sauce: '#B4321C',
  cream: '#F2E2BC',
  mozzarella: '#FBF3DF',
  cheese: '#F3C553',
  crust: '#D99A4C',
  basil: '#3C8A34',
  herb: '#5A9E3A',
  lettuce: '#86B84A',
  kale: '#2F6B3A',
  rice: '#F6F1E4',
  noodle: '#EDC97A',
  riceNoodle: '#F1E4C8',
  soy: '#6B3417',
  chili: '#D32A1C',
  egg: '#FBF7EC',
  yolk: '#F4A31A',
  beef: '#7A3A24',
  seared: '#4E2416',
  pink: '#D7736B',
  pork: '#D99A78',
  chicken: '#D9A15A',
  shrimp: '#F28A5B',
  salmon: '#F39066',
  tuna: '#C23B48',
  fried: '#D9963A',
  bread: '#DFA55A',
  chocolate: '#4A2717',
  caramel: '#C9873A',
  berry: '#B52238',
  blueberry: '#3E4C8E',
  lemon: '#F5D23E',
  lime: '#8DBA38',
  avocado: '#A9C457',
  onion: '#F2EAF0',
  redOnion: '#9A4685',
  mango: '#F6A623',
  coconut: '#F8F3E6',
  mint: '#5DAA5A',
  peanut: '#C99A5B',
  pepper: '#2A2420',
  sesame: '#F3E6C4',
  green: '#4E9A3A',
  scallion: '#6DAE45',
  mushroom: '#A97E57',
  potato: '#EBC986',
  chickpea: '#D9B06A',
  bean: '#6E3B2A',
  pickle: '#7C9A3A',
  nori: '#1F2B22',
}

export const SHADOW = '#1B0F08'

export function arcPath(r: number, fromDeg: number, toDeg: number): string {
  const a0 = (fromDeg * Math.PI) / 180
  const a1 = (toDeg * Math.PI) / 180
  const large = Math.abs(toDeg - fromDeg) > 180 ? 1 : 0
  return `M${n(Math.cos(a0) * r)} ${n(Math.sin(a0) * r)}A${n(r)} ${n(r)} 0 ${large} 1 ${n(Math.cos(a1) * r)} ${n(Math.sin(a1) * r)}`
}

/** A soft contact shadow under a round object of radius r. */
export function dropShadow(doc: SvgDoc, r: number, strength = 0.32, rx = r, ry = r): string {
  return `<ellipse cx="${n(r * 0.05)}" cy="${n(r * 0.09)}" rx="${n(rx)}" ry="${n(ry)}" fill="${SHADOW}" opacity="${strength}" filter="${doc.blur(r * 0.06)}"/>`
}

/** A dinner plate of radius r; food goes inside r * 0.74. */
export function plate(doc: SvgDoc, r: number, tint: string): string {
  return (
    dropShadow(doc, r) +
    `<circle r="${n(r)}" fill="${doc.linear([
      [0, lighten(tint, 0.7)],
      [0.5, tint],
      [1, darken(tint, 0.13)],
    ])}"/>` +
    `<circle r="${n(r * 0.77)}" fill="none" stroke="${darken(tint, 0.25)}" stroke-opacity=".28" stroke-width="${n(r * 0.03)}"/>` +
    `<circle r="${n(r * 0.755)}" fill="${doc.radial(
      [
        [0, lighten(tint, 0.6)],
        [0.75, tint],
        [1, darken(tint, 0.09)],
      ],
      0.5,
      0.5,
      0.5,
      0.62,
      0.68,
    )}"/>` +
    `<path d="${arcPath(r * 0.885, 195, 255)}" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="${n(r * 0.035)}" stroke-linecap="round"/>`
  )
}

/** A bowl of radius r seen from above; contents fill the returned inner radius. */
export function bowl(
  doc: SvgDoc,
  r: number,
  glaze: string,
  inside: string,
  contents: string,
): { markup: string; inner: number } {
  const inner = r * 0.8
  const markup =
    dropShadow(doc, r, 0.36) +
    `<circle r="${n(r)}" fill="${doc.linear([
      [0, lighten(glaze, 0.35)],
      [0.55, glaze],
      [1, darken(glaze, 0.35)],
    ])}"/>` +
    `<circle r="${n(r * 0.93)}" fill="${doc.linear([
      [0, darken(inside, 0.16)],
      [0.6, inside],
      [1, lighten(inside, 0.5)],
    ])}"/>` +
    `<circle r="${n(inner)}" fill="${contents}"/>` +
    `<circle r="${n(inner)}" fill="${doc.radial(
      [
        [0.7, '#000', 0],
        [1, '#000', 0.22],
      ],
      0.5,
      0.5,
      0.5,
      0.56,
      0.6,
    )}"/>` +
    `<path d="${arcPath(r * 0.965, 190, 260)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="${n(r * 0.03)}" stroke-linecap="round"/>`
  return { markup, inner }
}

/** A board that stands out from the table: light oak on dark tables, walnut on light ones. */
export function boardWood(pal: Palette): string {
  return luminance(pal.table) < 0.5 ? '#C99A62' : '#8A5A36'
}

/** A wooden board, round (pizza peel) or a rounded rectangle with a handle. */
export function board(doc: SvgDoc, rng: Rng, w: number, h: number, wood: string, round = false): string {
  const fill = doc.linear([
    [0, lighten(wood, 0.18)],
    [0.6, wood],
    [1, darken(wood, 0.2)],
  ])
  let out = dropShadow(doc, Math.max(w, h) / 2, 0.34, w / 2, h / 2)
  if (round) {
    out += `<rect x="${n(w / 2 - 8)}" y="${n(-h * 0.07)}" width="${n(w * 0.22)}" height="${n(h * 0.14)}" rx="${n(h * 0.05)}" fill="${darken(wood, 0.06)}"/>`
    out += `<circle r="${n(w / 2)}" fill="${fill}" stroke="${darken(wood, 0.3)}" stroke-width="3"/>`
    for (let i = 1; i <= 5; i++) {
      out += `<circle r="${n((w / 2) * (0.2 * i) * rng.range(0.9, 1.02))}" fill="none" stroke="${darken(wood, 0.3)}" stroke-opacity=".12" stroke-width="1.5"/>`
    }
    out += `<circle r="${n(w / 2 - 3)}" fill="none" stroke="${lighten(wood, 0.3)}" stroke-opacity=".5" stroke-width="2"/>`
    return out
  }
  out += `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(Math.min(w, h) * 0.08)}" fill="${fill}" stroke="${darken(wood, 0.3)}" stroke-width="3"/>`
  for (let i = 0; i < 9; i++) {
    const y = -h / 2 + (h * (i + 0.5)) / 9 + rng.range(-4, 4)
    const pts = Array.from({ length: 6 }, (_, k) => ({
      x: -w / 2 + 10 + ((w - 20) * k) / 5,
      y: y + rng.range(-3, 3),
    }))
    out += `<path d="${openCurve(pts)}" fill="none" stroke="${darken(wood, 0.35)}" stroke-opacity="${n(rng.range(0.08, 0.18))}" stroke-width="${n(rng.range(1, 2.2))}"/>`
  }
  out += `<rect x="${n(-w / 2 + 2)}" y="${n(-h / 2 + 2)}" width="${n(w - 4)}" height="${n(h - 4)}" rx="${n(Math.min(w, h) * 0.075)}" fill="none" stroke="${lighten(wood, 0.35)}" stroke-opacity=".45" stroke-width="2"/>`
  return out
}

/** A leaf pointing up from (x, y) before rotation: basil, mint, cilantro, lettuce. */
export function leaf(
  doc: SvgDoc,
  x: number,
  y: number,
  len: number,
  angle: number,
  color: string,
  width = 0.42,
): string {
  const w = len * width
  const fill = doc.linear([
    [0, lighten(color, 0.18)],
    [1, darken(color, 0.18)],
  ])
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="M0 0C${n(w)} ${n(-len * 0.22)} ${n(w * 0.85)} ${n(-len * 0.78)} 0 ${n(-len)}C${n(-w * 0.85)} ${n(-len * 0.78)} ${n(-w)} ${n(-len * 0.22)} 0 0Z" fill="${fill}"/>` +
    `<path d="M0 ${n(-len * 0.04)}L0 ${n(-len * 0.86)}" stroke="${darken(color, 0.3)}" stroke-opacity=".55" stroke-width="${n(Math.max(0.8, len * 0.035))}" stroke-linecap="round"/>` +
    '</g>'
  )
}

/** Leaves scattered in a disc of radius r. */
export function herbs(doc: SvgDoc, rng: Rng, count: number, r: number, color: string, size: number): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const a = rng.range(0, Math.PI * 2)
    const d = r * Math.sqrt(rng.next())
    out += leaf(
      doc,
      Math.cos(a) * d,
      Math.sin(a) * d,
      size * rng.range(0.75, 1.2),
      rng.range(0, 360),
      vary(rng, color, 0.1),
    )
  }
  return out
}

/** Tiny specks: pepper, sesame, chili flakes, salt. */
export function specks(
  rng: Rng,
  count: number,
  r: number,
  color: string,
  size: number,
  opacity = 0.9,
): string {
  let out = `<g fill="${color}" opacity="${opacity}">`
  for (let i = 0; i < count; i++) {
    const a = rng.range(0, Math.PI * 2)
    const d = r * Math.sqrt(rng.next())
    out += `<ellipse cx="${n(Math.cos(a) * d)}" cy="${n(Math.sin(a) * d)}" rx="${n(size * rng.range(0.6, 1.2))}" ry="${n(size * rng.range(0.4, 0.8))}" transform="rotate(${n(rng.range(0, 180))} ${n(Math.cos(a) * d)} ${n(Math.sin(a) * d)})"/>`
  }
  return `${out}</g>`
}

/** A glossy round piece with light from the upper left: tomatoes, meatballs, scoops, berries. */
export function ball(doc: SvgDoc, x: number, y: number, r: number, color: string, shine = 0.5): string {
  return (
    `<circle cx="${n(x + r * 0.12)}" cy="${n(y + r * 0.18)}" r="${n(r)}" fill="${SHADOW}" opacity=".25" filter="${doc.blur(r * 0.18 + 0.5)}"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${doc.radial(
      [
        [0, lighten(color, shine * 0.6)],
        [0.55, color],
        [1, darken(color, 0.3)],
      ],
      0.5,
      0.5,
      0.55,
      0.35,
      0.3,
    )}"/>`
  )
}

/** A soft-edged irregular piece with a little depth. */
export function chunk(
  doc: SvgDoc,
  rng: Rng,
  x: number,
  y: number,
  rx: number,
  ry: number,
  color: string,
  jitter = 0.2,
): string {
  const rot = rng.range(0, Math.PI)
  return (
    `<path d="${blobPath(rng, x + rx * 0.1, y + ry * 0.16, rx, ry, jitter * 0.5, 8, rot)}" fill="${SHADOW}" opacity=".22" filter="${doc.blur(Math.max(1, rx * 0.12))}"/>` +
    `<path d="${blobPath(rng, x, y, rx, ry, jitter, 8, rot)}" fill="${doc.radial(
      [
        [0, lighten(color, 0.25)],
        [0.6, color],
        [1, darken(color, 0.25)],
      ],
      0.5,
      0.5,
      0.6,
      0.35,
      0.3,
    )}"/>`
  )
}

export function shrimp(doc: SvgDoc, x: number, y: number, size: number, angle: number): string {
  const s = size
  const body = `M${n(-s * 0.9)} ${n(s * 0.1)}C${n(-s * 0.9)} ${n(-s * 0.9)} ${n(s * 0.9)} ${n(-s * 0.9)} ${n(s * 0.85)} ${n(s * 0.05)}`
  let segs = ''
  for (let i = 1; i < 5; i++) {
    const a = Math.PI + (i / 5) * Math.PI
    segs += `<path d="M${n(Math.cos(a) * s * 0.55)} ${n(Math.sin(a) * s * 0.55 + s * 0.05)}L${n(Math.cos(a) * s * 0.95)} ${n(Math.sin(a) * s * 0.95 + s * 0.05)}" stroke="${lighten(FOOD.shrimp, 0.45)}" stroke-width="${n(s * 0.08)}" stroke-linecap="round"/>`
  }
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="${body}" fill="none" stroke="${SHADOW}" stroke-opacity=".2" stroke-width="${n(s * 0.55)}" stroke-linecap="round" transform="translate(${n(s * 0.08)} ${n(s * 0.12)})" filter="${doc.blur(s * 0.08)}"/>` +
    `<path d="${body}" fill="none" stroke="${FOOD.shrimp}" stroke-width="${n(s * 0.5)}" stroke-linecap="round"/>` +
    `<path d="${body}" fill="none" stroke="${lighten(FOOD.shrimp, 0.35)}" stroke-width="${n(s * 0.16)}" stroke-linecap="round" transform="translate(${n(-s * 0.05)} ${n(-s * 0.08)})"/>` +
    segs +
    `<path d="M${n(s * 0.85)} ${n(s * 0.05)}l${n(s * 0.32)} ${n(s * 0.18)}l${n(-s * 0.05)} ${n(-s * 0.36)}Z" fill="${darken(FOOD.shrimp, 0.1)}"/>` +
    '</g>'
  )
}

export function eggHalf(
  doc: SvgDoc,
  x: number,
  y: number,
  size: number,
  angle: number,
  jammy = true,
): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<ellipse cx="${n(size * 0.08)}" cy="${n(size * 0.12)}" rx="${n(size)}" ry="${n(size * 0.74)}" fill="${SHADOW}" opacity=".22" filter="${doc.blur(size * 0.1)}"/>` +
    `<ellipse rx="${n(size)}" ry="${n(size * 0.74)}" fill="${doc.radial([
      [0, '#FFFFFF'],
      [1, '#EDE6D6'],
    ])}"/>` +
    `<circle cx="${n(size * 0.05)}" r="${n(size * 0.45)}" fill="${doc.radial([
      [0, jammy ? '#F8B531' : '#F6C84A'],
      [1, jammy ? '#E08A12' : '#EBB53A'],
    ])}"/>` +
    '</g>'
  )
}

export function lemonWedge(
  doc: SvgDoc,
  x: number,
  y: number,
  size: number,
  angle: number,
  color = FOOD.lemon,
): string {
  let segs = ''
  for (let i = 1; i < 4; i++) {
    const a = Math.PI + (i / 4) * Math.PI
    segs += `<path d="M0 0L${n(Math.cos(a) * size * 0.82)} ${n(Math.sin(a) * size * 0.82)}" stroke="${lighten(color, 0.55)}" stroke-width="${n(size * 0.06)}"/>`
  }
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<path d="M${n(-size)} 0A${n(size)} ${n(size)} 0 0 1 ${n(size)} 0Z" fill="${SHADOW}" opacity=".22" transform="translate(3 5)" filter="${doc.blur(3)}"/>` +
    `<path d="M${n(-size)} 0A${n(size)} ${n(size)} 0 0 1 ${n(size)} 0Z" fill="${darken(color, 0.05)}"/>` +
    `<path d="M${n(-size * 0.86)} 0A${n(size * 0.86)} ${n(size * 0.86)} 0 0 1 ${n(size * 0.86)} 0Z" fill="${lighten(color, 0.3)}"/>` +
    segs +
    `<rect x="${n(-size)}" y="${n(-size * 0.02)}" width="${n(size * 2)}" height="${n(size * 0.12)}" rx="${n(size * 0.05)}" fill="${lighten(color, 0.55)}"/>` +
    '</g>'
  )
}

/** A citrus wheel: lime, lemon, blood orange. */
export function citrusWheel(doc: SvgDoc, x: number, y: number, r: number, color: string): string {
  let segs = ''
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2
    segs += `<path d="M0 0L${n(Math.cos(a) * r * 0.84)} ${n(Math.sin(a) * r * 0.84)}" stroke="${lighten(color, 0.6)}" stroke-width="${n(r * 0.07)}"/>`
  }
  return (
    `<g transform="translate(${n(x)} ${n(y)})">` +
    `<circle r="${n(r)}" fill="${darken(color, 0.08)}"/>` +
    `<circle r="${n(r * 0.9)}" fill="${lighten(color, 0.72)}"/>` +
    `<circle r="${n(r * 0.84)}" fill="${doc.radial([
      [0, lighten(color, 0.35)],
      [1, color],
    ])}" opacity=".95"/>` +
    segs +
    `<circle r="${n(r * 0.1)}" fill="${lighten(color, 0.6)}"/>` +
    '</g>'
  )
}

export function chopsticks(x: number, y: number, len: number, angle: number, color = '#C9A06A'): string {
  const stick = (dy: number) =>
    `<path d="M0 ${n(dy)}L${n(len)} ${n(dy + len * 0.015)}" stroke="${color}" stroke-width="${n(len * 0.028)}" stroke-linecap="round"/>` +
    `<path d="M${n(len * 0.55)} ${n(dy + len * 0.008)}L${n(len)} ${n(dy + len * 0.015)}" stroke="${darken(color, 0.35)}" stroke-width="${n(len * 0.03)}" stroke-linecap="round"/>`
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<g opacity=".25" transform="translate(4 7)">${stick(0)}${stick(len * 0.06)}</g>` +
    stick(0) +
    stick(len * 0.06) +
    '</g>'
  )
}

/** A small sauce dish (ramekin) with a sauce inside. */
export function ramekin(
  doc: SvgDoc,
  x: number,
  y: number,
  r: number,
  sauce: string,
  tint = '#F7F3EC',
): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)})">` +
    dropShadow(doc, r, 0.3) +
    `<circle r="${n(r)}" fill="${doc.linear([
      [0, lighten(tint, 0.6)],
      [1, darken(tint, 0.16)],
    ])}"/>` +
    `<circle r="${n(r * 0.8)}" fill="${doc.radial(
      [
        [0, lighten(sauce, 0.2)],
        [0.8, sauce],
        [1, darken(sauce, 0.3)],
      ],
      0.5,
      0.5,
      0.5,
      0.4,
      0.35,
    )}"/>` +
    `<ellipse cx="${n(-r * 0.25)}" cy="${n(-r * 0.3)}" rx="${n(r * 0.22)}" ry="${n(r * 0.1)}" fill="#fff" opacity=".35" transform="rotate(-30 ${n(-r * 0.25)} ${n(-r * 0.3)})"/>` +
    '</g>'
  )
}

/** A folded cloth napkin with a stripe in the palette's colour. */
export function napkin(
  doc: SvgDoc,
  x: number,
  y: number,
  w: number,
  h: number,
  angle: number,
  pal: Palette,
): string {
  const fill = doc.linear([
    [0, lighten(pal.napkin, 0.35)],
    [1, darken(pal.napkin, 0.1)],
  ])
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<rect x="${n(-w / 2 + 6)}" y="${n(-h / 2 + 10)}" width="${n(w)}" height="${n(h)}" rx="6" fill="${SHADOW}" opacity=".25" filter="${doc.blur(8)}"/>` +
    `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" rx="5" fill="${fill}"/>` +
    `<rect x="${n(-w / 2)}" y="${n(-h / 2 + h * 0.1)}" width="${n(w)}" height="${n(h * 0.035)}" fill="${pal.primary}" opacity=".75"/>` +
    `<rect x="${n(-w / 2)}" y="${n(-h / 2 + h * 0.16)}" width="${n(w)}" height="${n(h * 0.012)}" fill="${pal.primary}" opacity=".6"/>` +
    `<path d="M${n(w * 0.12)} ${n(-h / 2)}L${n(w * 0.12)} ${n(h / 2)}" stroke="${darken(pal.napkin, 0.2)}" stroke-opacity=".35" stroke-width="2"/>` +
    `<rect x="${n(w * 0.12)}" y="${n(-h / 2)}" width="${n(w * 0.38)}" height="${n(h)}" fill="#000" opacity=".04"/>` +
    '</g>'
  )
}

/** A fork and knife side by side. */
export function cutlery(doc: SvgDoc, x: number, y: number, len: number, angle: number): string {
  const steel = doc.linear(
    [
      [0, '#F4F4F2'],
      [0.45, '#B9B9B6'],
      [0.55, '#E6E6E3'],
      [1, '#8F8F8C'],
    ],
    0,
    0,
    1,
    0,
  )
  const w = len * 0.075
  const fork =
    `<rect x="${n(-w * 0.35)}" y="${n(len * 0.32)}" width="${n(w * 0.7)}" height="${n(len * 0.68)}" rx="${n(w * 0.35)}" fill="${steel}"/>` +
    `<path d="M${n(-w)} ${n(len * 0.05)}L${n(-w)} ${n(len * 0.22)}Q${n(-w)} ${n(len * 0.33)} 0 ${n(len * 0.35)}Q${n(w)} ${n(len * 0.33)} ${n(w)} ${n(len * 0.22)}L${n(w)} ${n(len * 0.05)}" fill="none" stroke="${steel}" stroke-width="${n(w * 0.32)}" stroke-linecap="round"/>` +
    `<path d="M${n(-w / 3)} ${n(len * 0.05)}L${n(-w / 3)} ${n(len * 0.25)}M${n(w / 3)} ${n(len * 0.05)}L${n(w / 3)} ${n(len * 0.25)}" stroke="${steel}" stroke-width="${n(w * 0.3)}" stroke-linecap="round"/>`
  const knife =
    `<path d="M${n(-w * 0.55)} ${n(len * 0.44)}L${n(-w * 0.55)} ${n(len * 0.1)}Q${n(-w * 0.55)} 0 ${n(w * 0.1)} 0Q${n(w * 0.65)} ${n(len * 0.03)} ${n(w * 0.6)} ${n(len * 0.2)}L${n(w * 0.45)} ${n(len * 0.44)}Z" fill="${steel}"/>` +
    `<rect x="${n(-w * 0.4)}" y="${n(len * 0.43)}" width="${n(w * 0.8)}" height="${n(len * 0.57)}" rx="${n(w * 0.4)}" fill="${steel}"/>`
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">` +
    `<g opacity=".28" filter="${doc.blur(3)}" transform="translate(5 8)"><g fill="#000">${fork.replaceAll(steel, '#000')}</g><g transform="translate(${n(w * 3)} 0)">${knife.replaceAll(steel, '#000')}</g></g>` +
    fork +
    `<g transform="translate(${n(w * 3)} 0)">${knife}</g>` +
    '</g>'
  )
}

/** Rising steam over hot food, for the side views. */
export function steam(doc: SvgDoc, rng: Rng, x: number, y: number, height: number, strands = 3): string {
  let out = ''
  for (let i = 0; i < strands; i++) {
    const x0 = x + (i - (strands - 1) / 2) * height * 0.28 + rng.range(-6, 6)
    const sway = height * rng.range(0.1, 0.16) * (rng.chance(0.5) ? 1 : -1)
    const pts = [
      { x: x0, y },
      { x: x0 + sway, y: y - height * 0.35 },
      { x: x0 - sway * 0.8, y: y - height * 0.7 },
      { x: x0 + sway * 0.4, y: y - height },
    ]
    out += `<path d="${openCurve(pts)}" fill="none" stroke="#FFFFFF" stroke-opacity="${n(rng.range(0.16, 0.26))}" stroke-width="${n(height * rng.range(0.1, 0.14))}" stroke-linecap="round" filter="${doc.blur(height * 0.08 + 3)}"/>`
  }
  return out
}
