/** Whole pictures: a dish on its table, restaurant hero scenes and restaurant badges. */
import { cutlery, FOOD, leaf, napkin, SHADOW, specks, steam } from './art-parts'
import { type DishSpec, drawDish, isBowlDish } from './dish-art'
import type { Emblem, Palette } from './palettes'
import {
  createRng,
  darken,
  escapeXml,
  lighten,
  luminance,
  mix,
  n,
  openCurve,
  type Rng,
  SvgDoc,
  vary,
} from './svg-kit'

export const DISH_SIZE = { width: 600, height: 450 }
export const HERO_SIZE = { width: 1200, height: 675 }
export const AVATAR_SIZE = 256

/** The table top under a flat-lay. */
function surface(doc: SvgDoc, rng: Rng, pal: Palette, w: number, h: number): string {
  const base = pal.table
  let out = `<rect width="${w}" height="${h}" fill="${base}"/>`
  switch (pal.surface) {
    case 'wood':
    case 'walnut': {
      const planks = 5
      const ph = h / planks
      for (let i = 0; i < planks; i++) {
        const c = vary(rng, base, 0.07)
        out += `<rect y="${n(i * ph)}" width="${w}" height="${n(ph)}" fill="${doc.linear(
          [
            [0, lighten(c, 0.05)],
            [1, darken(c, 0.05)],
          ],
          0,
          0,
          1,
          0,
        )}"/>`
        for (let k = 0; k < 7; k++) {
          const y = i * ph + rng.range(4, ph - 4)
          const pts = Array.from({ length: 7 }, (_, j) => ({
            x: -20 + ((w + 40) * j) / 6,
            y: y + rng.range(-ph * 0.08, ph * 0.08),
          }))
          out += `<path d="${openCurve(pts)}" fill="none" stroke="${darken(c, 0.35)}" stroke-opacity="${n(rng.range(0.06, 0.16))}" stroke-width="${n(rng.range(0.8, 2.4))}"/>`
        }
        if (rng.chance(0.5)) {
          const kx = rng.range(0, w)
          const ky = i * ph + ph / 2
          out += `<ellipse cx="${n(kx)}" cy="${n(ky)}" rx="${n(ph * 0.22)}" ry="${n(ph * 0.1)}" fill="none" stroke="${darken(c, 0.35)}" stroke-opacity=".18" stroke-width="2"/>`
        }
        out += `<rect y="${n(i * ph - 1.5)}" width="${w}" height="3" fill="${darken(base, 0.5)}" opacity=".45"/>`
      }
      break
    }
    case 'slate': {
      out += `<rect width="${w}" height="${h}" fill="${doc.radial([
        [0, lighten(base, 0.12)],
        [1, darken(base, 0.25)],
      ])}"/>`
      for (let i = 0; i < 10; i++) {
        out += `<ellipse cx="${n(rng.range(0, w))}" cy="${n(rng.range(0, h))}" rx="${n(rng.range(60, 200))}" ry="${n(rng.range(30, 90))}" fill="${rng.chance(0.5) ? '#FFFFFF' : '#000000'}" opacity=".035" filter="${doc.blur(30)}"/>`
      }
      out += `<g transform="translate(${w / 2} ${h / 2})">${specks(rng, Math.round((w * h) / 1500), Math.max(w, h) * 0.7, '#FFFFFF', 1, 0.08)}</g>`
      break
    }
    case 'marble': {
      out += `<rect width="${w}" height="${h}" fill="${doc.linear([
        [0, lighten(base, 0.5)],
        [1, darken(base, 0.04)],
      ])}"/>`
      for (let i = 0; i < 9; i++) {
        const x0 = rng.range(-w * 0.2, w)
        const pts = Array.from({ length: 7 }, (_, k) => ({
          x: x0 + k * w * 0.09 + rng.range(-30, 30),
          y: (h * k) / 6 + rng.range(-20, 20),
        }))
        out += `<path d="${openCurve(pts)}" fill="none" stroke="#8E8A84" stroke-opacity="${n(rng.range(0.06, 0.18))}" stroke-width="${n(rng.range(0.8, 3))}" filter="${doc.blur(0.8)}"/>`
      }
      break
    }
    case 'linen': {
      const pattern = doc.custom(
        (id) =>
          `<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 3H6M3 0V6" stroke="${darken(base, 0.25)}" stroke-opacity=".12" stroke-width="1"/></pattern>`,
      )
      out += `<rect width="${w}" height="${h}" fill="url(#${pattern})"/>`
      for (let i = 0; i < 4; i++) {
        const y = rng.range(0, h)
        out += `<path d="M-20 ${n(y)}C${n(w * 0.3)} ${n(y + rng.range(-60, 60))} ${n(w * 0.6)} ${n(y + rng.range(-60, 60))} ${n(w + 20)} ${n(y + rng.range(-40, 40))}" fill="none" stroke="${i % 2 ? '#FFFFFF' : '#000000'}" stroke-opacity=".06" stroke-width="${n(rng.range(20, 50))}" filter="${doc.blur(14)}"/>`
      }
      break
    }
    case 'terracotta': {
      const size = Math.max(w, h) / 7
      for (let y = 0; y < h + size; y += size) {
        for (let x = 0; x < w + size; x += size) {
          const c = vary(rng, base, 0.08)
          out += `<rect x="${n(x + 2)}" y="${n(y + 2)}" width="${n(size - 4)}" height="${n(size - 4)}" rx="3" fill="${doc.linear(
            [
              [0, lighten(c, 0.08)],
              [1, darken(c, 0.08)],
            ],
          )}"/>`
        }
      }
      out = `<rect width="${w}" height="${h}" fill="${lighten(base, 0.45)}"/>${out.replace(`<rect width="${w}" height="${h}" fill="${base}"/>`, '')}`
      break
    }
  }
  return out
}

/** Soft light from the upper left and a gentle vignette: the same on every picture. */
function lighting(doc: SvgDoc, w: number, h: number, warm: string, vignette = 0.38): string {
  return (
    `<rect width="${w}" height="${h}" fill="${doc.radial(
      [
        [0, warm, 0.22],
        [1, warm, 0],
      ],
      0.22,
      0.15,
      0.75,
    )}"/>` +
    `<rect width="${w}" height="${h}" fill="${doc.radial([
      [0.55, '#000', 0],
      [1, '#000', vignette],
    ])}"/>`
  )
}

function garnishScatter(
  doc: SvgDoc,
  rng: Rng,
  w: number,
  h: number,
  avoid: { x: number; y: number; r: number }[],
  count: number,
): string {
  let out = ''
  let placed = 0
  for (let tries = 0; tries < count * 8 && placed < count; tries++) {
    const x = rng.range(20, w - 20)
    const y = rng.range(20, h - 20)
    if (avoid.some((a) => Math.hypot(a.x - x, a.y - y) < a.r + 18)) continue
    placed++
    const choice = rng.int(0, 3)
    if (choice === 0) out += leaf(doc, x, y, rng.range(16, 26), rng.range(0, 360), vary(rng, FOOD.herb, 0.1))
    else if (choice === 1)
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(2.5, 4))}" fill="${FOOD.pepper}" opacity=".85"/><circle cx="${n(x + 9)}" cy="${n(y + 4)}" r="${n(rng.range(2, 3.5))}" fill="${FOOD.pepper}" opacity=".8"/>`
    else if (choice === 2)
      out += `<g transform="translate(${n(x)} ${n(y)})">${specks(rng, 8, 14, '#FFFFFF', 1.8, 0.85)}</g>`
    else
      out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rng.range(4, 7))}" ry="${n(rng.range(3, 5))}" fill="${FOOD.chili}" transform="rotate(${n(rng.range(0, 180))} ${n(x)} ${n(y)})"/>`
  }
  return out
}

export interface DishPicture {
  title: string
  spec: DishSpec
  pal: Palette
}

/** A 600x450 dish on its table. */
export function renderDishPicture({ title, spec, pal }: DishPicture): string {
  const { width: w, height: h } = DISH_SIZE
  const rng = createRng(`dish:${spec.slug}`)
  const doc = new SvgDoc(rng)
  const left = rng.chance(0.5)
  const cx = w / 2 + (left ? 24 : -24)
  const cy = h / 2 + 6
  const r = spec.kind === 'drink' ? 190 : 172
  let body = surface(doc, rng, pal, w, h)
  body += napkin(doc, left ? 40 : w - 40, h * 0.55, 150, 330, left ? 8 : -8, pal)
  body += cutlery(doc, left ? 26 : w - 60, h * 0.22, 260, left ? 4 : -4)
  body += garnishScatter(
    doc,
    rng,
    w,
    h,
    [
      { x: cx, y: cy, r: r * 1.05 },
      { x: left ? 40 : w - 40, y: h / 2, r: 90 },
    ],
    7,
  )
  body += `<g transform="translate(${n(cx)} ${n(cy)})">${drawDish(doc, rng, spec, r, pal)}</g>`
  body += lighting(doc, w, h, pal.light, luminance(pal.table) > 0.6 ? 0.24 : 0.38)
  return doc.render(w, h, title, body)
}

/** Served on a board or in a dish of their own: no plate rim under them. */
const BOARD_KINDS = new Set<DishSpec['kind']>([
  'bbq',
  'burger',
  'bread',
  'skewers',
  'sushi',
  'pizza',
  'bake',
  'dumplings',
])

/** One plate in three-quarter view: the top-down drawing squashed, over a rim and body. */
function perspectiveDish(
  doc: SvgDoc,
  rng: Rng,
  spec: DishSpec,
  x: number,
  y: number,
  r: number,
  pal: Palette,
  hot: boolean,
): string {
  const squash = 0.4
  let out = `<g transform="translate(${n(x)} ${n(y)})">`
  out += `<ellipse cx="0" cy="${n(r * squash * 0.9)}" rx="${n(r * 1.05)}" ry="${n(r * squash * 0.5)}" fill="${SHADOW}" opacity=".45" filter="${doc.blur(r * 0.06)}"/>`
  if (isBowlDish(spec.kind)) {
    const depth = r * 0.62
    out += `<path d="M${n(-r)} 0C${n(-r)} ${n(depth * 1.25)} ${n(r)} ${n(depth * 1.25)} ${n(r)} 0Z" fill="${doc.linear(
      [
        [0, lighten(pal.glaze, 0.3)],
        [0.6, pal.glaze],
        [1, darken(pal.glaze, 0.35)],
      ],
      0,
      0,
      1,
      0.3,
    )}"/>`
    out += `<ellipse cx="0" cy="${n(depth * 0.95)}" rx="${n(r * 0.42)}" ry="${n(r * 0.08)}" fill="${darken(pal.glaze, 0.3)}"/>`
  } else if (!BOARD_KINDS.has(spec.kind)) {
    out += `<ellipse cx="0" cy="${n(r * 0.06)}" rx="${n(r)}" ry="${n(r * squash)}" fill="${darken(pal.plate, 0.22)}"/>`
  }
  out += `<g transform="scale(1 ${squash})">${drawDish(doc, rng, spec, r, pal)}</g>`
  if (hot) out += steam(doc, rng, 0, -r * 0.12, r * 1.1, 3)
  return `${out}</g>`
}

/** Where the dishes of a flat-lay sit: x, y, radius, in a 1200x675 frame. */
const TABLE_LAYOUTS: [number, number, number][][] = [
  [
    [430, 350, 235],
    [860, 215, 165],
    [905, 545, 140],
    [110, 610, 120],
    [1150, 390, 95],
  ],
  [
    [760, 330, 235],
    [330, 210, 170],
    [280, 560, 130],
    [1100, 600, 130],
    [60, 340, 90],
  ],
  [
    [600, 380, 220],
    [230, 250, 165],
    [990, 250, 165],
    [1080, 620, 110],
    [130, 620, 100],
  ],
]

export interface HeroPicture {
  title: string
  slug: string
  n: number
  pal: Palette
  /** Dishes to show, best first; drinks are placed at the small spots. */
  dishes: DishSpec[]
}

/** A 1200x675 restaurant picture: a flat-lay table, the open kitchen, or the pass, by n. */
export function renderHeroPicture(hero: HeroPicture): string {
  const rng = createRng(`hero:${hero.slug}:${hero.n}`)
  const doc = new SvgDoc(rng)
  const scene = (hero.n - 1) % 3
  const body =
    scene === 0
      ? tableScene(doc, rng, hero)
      : scene === 1
        ? kitchenScene(doc, rng, hero)
        : passScene(doc, rng, hero)
  return doc.render(HERO_SIZE.width, HERO_SIZE.height, hero.title, body)
}

function orderDishes(rng: Rng, dishes: DishSpec[], count: number, withDrink = true): DishSpec[] {
  const food = dishes.filter((d) => d.kind !== 'drink')
  if (!withDrink && food.length > 0) {
    const shuffled = [...food].sort(() => rng.next() - 0.5)
    return Array.from({ length: count }, (_, i) => shuffled[i % shuffled.length]!)
  }
  const drinks = dishes.filter((d) => d.kind === 'drink')
  const shuffled = [...food].sort(() => rng.next() - 0.5)
  const out = shuffled.slice(0, count - 1)
  out.push(drinks.length > 0 ? rng.pick(drinks) : (shuffled[count - 1] ?? shuffled[0]!))
  while (out.length < count) out.push(rng.pick(food.length ? food : dishes))
  return out
}

function tableScene(doc: SvgDoc, rng: Rng, hero: HeroPicture): string {
  const { width: w, height: h } = HERO_SIZE
  const layout = TABLE_LAYOUTS[Math.floor((hero.n - 1) / 3 + rng.next() * 3) % TABLE_LAYOUTS.length]!
  const dishes = orderDishes(rng, hero.dishes, layout.length)
  let body = surface(doc, rng, hero.pal, w, h)
  const big = layout[0]!
  body += napkin(doc, big[0] - big[2] - 40, big[1] + 40, 130, 300, 12, hero.pal)
  body += cutlery(doc, big[0] - big[2] - 70, big[1] - 110, 250, 10)
  body += garnishScatter(
    doc,
    rng,
    w,
    h,
    layout.map(([x, y, r]) => ({ x, y, r })),
    14,
  )
  // The drink goes to the smallest spot.
  const spots = [...layout].sort((a, b) => b[2] - a[2])
  spots.forEach(([x, y, r], i) => {
    const spec = i === spots.length - 1 ? dishes[dishes.length - 1]! : dishes[i]!
    body += `<g transform="translate(${x} ${y}) rotate(${n(rng.range(-12, 12))})">${drawDish(doc, rng, spec, r, hero.pal)}</g>`
  })
  body += lighting(doc, w, h, hero.pal.light, luminance(hero.pal.table) > 0.6 ? 0.24 : 0.38)
  return body
}

function pendant(doc: SvgDoc, x: number, y: number, size: number, pal: Palette): string {
  return (
    `<circle cx="${n(x)}" cy="${n(y + size * 0.9)}" r="${n(size * 3.2)}" fill="${doc.radial([
      [0, pal.light, 0.55],
      [1, pal.light, 0],
    ])}"/>` +
    `<path d="M${n(x)} 0V${n(y)}" stroke="#2A2420" stroke-width="2"/>` +
    `<path d="M${n(x - size * 0.18)} ${n(y)}L${n(x + size * 0.18)} ${n(y)}L${n(x + size)} ${n(y + size * 0.85)}L${n(x - size)} ${n(y + size * 0.85)}Z" fill="${doc.linear(
      [
        [0, lighten(pal.primary, 0.15)],
        [1, darken(pal.primary, 0.35)],
      ],
      0,
      0,
      1,
      0,
    )}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y + size * 0.85)}" rx="${n(size)}" ry="${n(size * 0.16)}" fill="${lighten(pal.light, 0.4)}"/>` +
    `<circle cx="${n(x)}" cy="${n(y + size * 0.92)}" r="${n(size * 0.22)}" fill="#FFF8E6"/>`
  )
}

function pot(doc: SvgDoc, x: number, y: number, w: number, h: number, color: string): string {
  const metal = doc.linear(
    [
      [0, darken(color, 0.35)],
      [0.3, lighten(color, 0.35)],
      [0.55, color],
      [1, darken(color, 0.45)],
    ],
    0,
    0,
    1,
    0,
  )
  return (
    `<rect x="${n(x - w / 2 - w * 0.12)}" y="${n(y - h + h * 0.12)}" width="${n(w * 1.24)}" height="${n(h * 0.08)}" rx="${n(h * 0.04)}" fill="${darken(color, 0.3)}"/>` +
    `<path d="M${n(x - w / 2)} ${n(y - h)}L${n(x + w / 2)} ${n(y - h)}L${n(x + w / 2)} ${n(y - h * 0.1)}Q${n(x + w / 2)} ${n(y)} ${n(x + w * 0.4)} ${n(y)}L${n(x - w * 0.4)} ${n(y)}Q${n(x - w / 2)} ${n(y)} ${n(x - w / 2)} ${n(y - h * 0.1)}Z" fill="${metal}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - h)}" rx="${n(w / 2)}" ry="${n(w * 0.08)}" fill="${darken(color, 0.55)}"/>`
  )
}

function pan(doc: SvgDoc, x: number, y: number, w: number, food: string): string {
  return (
    `<path d="M${n(x + w * 0.45)} ${n(y - w * 0.05)}L${n(x + w * 1.05)} ${n(y - w * 0.16)}" stroke="#1E1E1E" stroke-width="${n(w * 0.07)}" stroke-linecap="round"/>` +
    `<path d="M${n(x - w / 2)} ${n(y - w * 0.06)}L${n(x + w / 2)} ${n(y - w * 0.06)}L${n(x + w * 0.44)} ${n(y + w * 0.06)}L${n(x - w * 0.44)} ${n(y + w * 0.06)}Z" fill="${doc.linear(
      [
        [0, '#4A4A4A'],
        [1, '#151515'],
      ],
      0,
      0,
      0,
      1,
    )}"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - w * 0.06)}" rx="${n(w / 2)}" ry="${n(w * 0.1)}" fill="#2A2A2A"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - w * 0.07)}" rx="${n(w * 0.4)}" ry="${n(w * 0.07)}" fill="${food}"/>`
  )
}

/** A menu board with chalk lines that read as handwriting from afar. */
function chalkboard(doc: SvgDoc, rng: Rng, x: number, y: number, w: number, h: number, pal: Palette): string {
  let out = `<rect x="${x + 6}" y="${y + 10}" width="${w}" height="${h}" rx="8" fill="#000" opacity=".25" filter="${doc.blur(6)}"/>`
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${darken(pal.table, 0.15)}"/>`
  out += `<rect x="${x + 12}" y="${y + 12}" width="${w - 24}" height="${h - 24}" rx="4" fill="${doc.radial([
    [0, '#3A403C'],
    [1, '#22262A'],
  ])}"/>`
  out += `<rect x="${x + w / 2 - 50}" y="${y + 26}" width="100" height="10" rx="5" fill="${pal.accent}" opacity=".85"/>`
  for (let i = 0; i < 5; i++) {
    const ly = y + 56 + i * 22
    const len = rng.range(w * 0.35, w * 0.6)
    out += `<path d="M${x + 34} ${ly}q${n(len * 0.25)} ${n(rng.range(-3, 3))} ${n(len * 0.5)} 0t${n(len * 0.5)} 0" fill="none" stroke="#F4F1E8" stroke-opacity=".75" stroke-width="3" stroke-linecap="round"/>`
    out += `<rect x="${x + w - 70}" y="${ly - 3}" width="34" height="6" rx="3" fill="#F4F1E8" opacity=".6"/>`
  }
  return out
}

function kitchenScene(doc: SvgDoc, rng: Rng, hero: HeroPicture): string {
  const { width: w, height: h } = HERO_SIZE
  const pal = hero.pal
  const counterY = 470
  const withHood = hero.n <= 3
  let body = `<rect width="${w}" height="${h}" fill="${doc.linear(
    [
      [0, lighten(pal.wall, 0.1)],
      [1, darken(pal.wall, 0.18)],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  // Tiled backsplash.
  const tile = doc.custom(
    (id) =>
      `<pattern id="${id}" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="${lighten(pal.wall, 0.25)}"/><rect x="1" y="1" width="58" height="28" rx="3" fill="${lighten(pal.wall, 0.45)}"/><rect x="-29" y="31" width="58" height="28" rx="3" fill="${lighten(pal.wall, 0.4)}"/><rect x="31" y="31" width="58" height="28" rx="3" fill="${lighten(pal.wall, 0.4)}"/></pattern>`,
  )
  body += `<rect y="230" width="${w}" height="${counterY - 230}" fill="url(#${tile})"/>`
  body += `<rect y="230" width="${w}" height="${counterY - 230}" fill="${doc.linear(
    [
      [0, '#000', 0.12],
      [1, '#000', 0],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  // Shelf with jars and bottles.
  body += `<rect x="60" y="196" width="${w - 120}" height="16" rx="3" fill="${darken(pal.table, 0.1)}"/>`
  body += `<rect x="60" y="212" width="${w - 120}" height="10" fill="#000" opacity=".12" filter="${doc.blur(4)}"/>`
  let sx = 90
  while (sx < w - 120) {
    const kind = rng.int(0, 2)
    const c = rng.pick([pal.primary, pal.secondary, pal.accent, lighten(pal.glaze, 0.2), '#D9CBB0'])
    if (kind === 0) {
      const jh = rng.range(40, 70)
      body += `<rect x="${n(sx)}" y="${n(196 - jh)}" width="34" height="${n(jh)}" rx="6" fill="${doc.linear([
        [0, lighten(c, 0.3)],
        [1, darken(c, 0.2)],
      ])}" opacity=".92"/><rect x="${n(sx + 4)}" y="${n(196 - jh - 8)}" width="26" height="10" rx="3" fill="${darken(c, 0.4)}"/>`
      sx += 48
    } else if (kind === 1) {
      body += `<path d="M${n(sx + 10)} 196V150Q${n(sx + 10)} 138 ${n(sx + 16)} 132V112H${n(sx + 24)}V132Q${n(sx + 30)} 138 ${n(sx + 30)} 150V196Z" fill="${doc.linear(
        [
          [0, lighten(c, 0.2)],
          [1, darken(c, 0.3)],
        ],
      )}"/>`
      sx += 42
    } else {
      body += pot(doc, sx + 30, 196, 54, 40, '#B9A79A')
      sx += 78
    }
  }
  // Range hood and pendant lights, or three pendants over an open wall.
  if (withHood) {
    body += `<path d="M${w / 2 - 170} 0H${w / 2 + 170}V120L${w / 2 + 240} 225H${w / 2 - 240}L${w / 2 - 170} 120Z" fill="${doc.linear(
      [
        [0, '#8E918F'],
        [0.4, '#D6D8D6'],
        [0.6, '#B5B8B6'],
        [1, '#7A7D7B'],
      ],
      0,
      0,
      1,
      0,
    )}"/>`
    body += `<rect x="${w / 2 - 240}" y="218" width="480" height="10" fill="#5A5D5B"/>`
    body += pendant(doc, 170, 64, 62, pal) + pendant(doc, w - 170, 64, 62, pal)
  } else {
    body +=
      pendant(doc, 260, 50, 56, pal) + pendant(doc, w / 2, 70, 56, pal) + pendant(doc, w - 260, 50, 56, pal)
  }
  // Counter, stove and cooking pots.
  body += `<rect y="${counterY}" width="${w}" height="${h - counterY}" fill="${doc.linear(
    [
      [0, darken(pal.primary, 0.45)],
      [1, darken(pal.primary, 0.7)],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  for (let x = 40; x < w; x += 240)
    body += `<rect x="${x}" y="${counterY + 60}" width="200" height="${h - counterY - 70}" rx="6" fill="none" stroke="#FFFFFF" stroke-opacity=".08" stroke-width="3"/>`
  body += `<rect y="${counterY - 18}" width="${w}" height="36" fill="${doc.linear(
    [
      [0, lighten(pal.table, 0.25)],
      [1, darken(pal.table, 0.15)],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  body += `<rect y="${counterY + 18}" width="${w}" height="14" fill="#000" opacity=".25" filter="${doc.blur(6)}"/>`
  if (withHood) {
    // Utensils hanging from a rail.
    body += `<rect x="${w / 2 - 420}" y="252" width="220" height="6" rx="3" fill="#8A8C8B"/>`
    for (let i = 0; i < 4; i++) {
      const x = w / 2 - 395 + i * 55
      const len = rng.range(70, 100)
      body += `<path d="M${x} 256V${n(256 + len)}" stroke="#A9ABAA" stroke-width="5" stroke-linecap="round"/>`
      body +=
        i % 3 === 0
          ? `<ellipse cx="${x}" cy="${n(268 + len)}" rx="16" ry="13" fill="#9C9E9D"/>`
          : i % 3 === 1
            ? `<rect x="${x - 13}" y="${n(252 + len)}" width="26" height="34" rx="5" fill="#2E2A28"/>`
            : `<ellipse cx="${x}" cy="${n(270 + len)}" rx="12" ry="22" fill="none" stroke="#A9ABAA" stroke-width="3"/>`
    }
  } else {
    body += chalkboard(doc, rng, 130, 250, 300, 180, pal)
  }
  body += pot(doc, w / 2 - 110, counterY - 12, 200, 150, '#C9CCCA')
  body += steam(doc, rng, w / 2 - 110, counterY - 175, 170, 3)
  body += pan(doc, w / 2 + 140, counterY - 18, 220, rng.pick(['#C9702A', '#8AB04A', '#E0B04A']))
  body += steam(doc, rng, w / 2 + 140, counterY - 50, 140, 2)
  // Foreground: a finished plate and a board of herbs.
  const dishes = orderDishes(rng, hero.dishes, 2, false)
  body += perspectiveDish(doc, rng, dishes[0]!, w - 230, counterY + 40, 170, pal, true)
  body += `<g transform="translate(200 ${counterY + 30}) scale(1 .45)"><rect x="-150" y="-110" width="300" height="220" rx="16" fill="${SHADOW}" opacity=".4" transform="translate(8 20)" filter="${doc.blur(10)}"/><rect x="-150" y="-110" width="300" height="220" rx="16" fill="${doc.linear(
    [
      [0, lighten(pal.table, 0.3)],
      [1, darken(pal.table, 0.05)],
    ],
  )}"/>${leaf(doc, -60, 20, 60, 20, FOOD.basil)}${leaf(doc, -20, 40, 55, -30, FOOD.basil)}${leaf(doc, 40, 10, 50, 70, FOOD.herb)}</g>`
  body += `<g transform="translate(250 ${counterY + 22}) rotate(-8)"><rect x="-80" y="-5" width="110" height="10" rx="3" fill="#D9D9D6"/><rect x="30" y="-7" width="60" height="14" rx="5" fill="#2A2420"/></g>`
  body += lighting(doc, w, h, pal.light)
  return body
}

function passScene(doc: SvgDoc, rng: Rng, hero: HeroPicture): string {
  const { width: w, height: h } = HERO_SIZE
  const pal = hero.pal
  const counterY = 440
  let body = `<rect width="${w}" height="${h}" fill="${doc.linear(
    [
      [0, darken(pal.wall, 0.55)],
      [1, darken(pal.wall, 0.75)],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  for (let i = 0; i < 22; i++) {
    const r = rng.range(14, 60)
    body += `<circle cx="${n(rng.range(0, w))}" cy="${n(rng.range(40, counterY - 40))}" r="${n(r)}" fill="${rng.chance(0.7) ? pal.light : lighten(pal.secondary, 0.3)}" opacity="${n(rng.range(0.08, 0.3))}" filter="${doc.blur(r * 0.25)}"/>`
  }
  // Heat lamps over the pass.
  for (let i = 0; i < 3; i++) {
    const x = 240 + i * 360
    body += `<path d="M${x - 150} 150L${x + 150} 150L${x + 230} ${counterY}L${x - 230} ${counterY}Z" fill="${doc.linear(
      [
        [0, '#FF9A3A', 0.28],
        [1, '#FF9A3A', 0],
      ],
      0,
      0,
      0,
      1,
    )}"/>`
    body += `<rect x="${x - 160}" y="118" width="320" height="36" rx="10" fill="${doc.linear(
      [
        [0, '#5A5A58'],
        [1, '#232322'],
      ],
      0,
      0,
      0,
      1,
    )}"/>`
    body += `<rect x="${x - 140}" y="150" width="280" height="8" rx="4" fill="#FFB35C"/>`
    body += `<rect x="${x - 140}" y="146" width="280" height="20" rx="8" fill="#FF8A2A" opacity=".6" filter="${doc.blur(6)}"/>`
  }
  // Ticket rail with orders.
  body += `<rect x="60" y="48" width="${w - 120}" height="14" rx="4" fill="${doc.linear(
    [
      [0, '#E8E8E6'],
      [1, '#8A8A88'],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  for (let i = 0; i < 6; i++) {
    const x = 110 + i * 175 + rng.range(-20, 20)
    const tw = 92
    body += `<g transform="translate(${n(x)} 56) rotate(${n(rng.range(-4, 4))})"><rect width="${tw}" height="104" fill="#FFFDF6"/><rect width="${tw}" height="16" fill="${pal.accent}" opacity=".8"/>`
    for (let k = 0; k < 5; k++)
      body += `<rect x="10" y="${28 + k * 14}" width="${n(rng.range(30, 72))}" height="5" rx="2" fill="#8A8580" opacity=".6"/>`
    body += '</g>'
  }
  // Steel pass.
  body += `<rect y="${counterY}" width="${w}" height="${h - counterY}" fill="${doc.linear(
    [
      [0, '#E4E6E5'],
      [0.25, '#AEB2B1'],
      [0.55, '#D2D5D4'],
      [1, '#7E8281'],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  body += `<rect y="${counterY}" width="${w}" height="6" fill="#FFFFFF" opacity=".7"/>`
  for (let i = 0; i < 5; i++) {
    body += `<rect x="${n(rng.range(-100, w))}" y="${n(counterY + rng.range(20, h - counterY - 20))}" width="${n(rng.range(150, 400))}" height="${n(rng.range(4, 12))}" fill="#FFFFFF" opacity="${n(rng.range(0.1, 0.25))}" filter="${doc.blur(4)}"/>`
  }
  const dishes = orderDishes(rng, hero.dishes, 3, false)
  const spots: [number, number, number][] = [
    [250, counterY + 80, 160],
    [620, counterY + 110, 190],
    [985, counterY + 80, 160],
  ]
  spots.forEach(([x, y, r], i) => {
    const spec = i === 1 ? dishes[0]! : dishes[i === 0 ? 1 : 2]!
    body += perspectiveDish(doc, rng, spec, x, y, r, pal, spec.kind !== 'drink')
  })
  body += lighting(doc, w, h, pal.light)
  return body
}

/** Up to two letters from the significant words of a slug: "trattoria-bellini" gives "TB". */
export function monogram(slug: string): string {
  const stop = new Set(['the', 'and', 'of', 'on', 'at', 'de', 'la', 'le', 'el', 'a'])
  const parts = slug.split('-').filter(Boolean)
  const words = parts.filter((w) => !stop.has(w))
  const letters = (words.length ? words : parts).map((w) => w[0]!.toUpperCase())
  return letters.slice(0, 2).join('') || '•'
}

function emblem(kind: Emblem, color: string): string {
  switch (kind) {
    case 'leaf':
      return `<path d="M-12 8C-12 -8 2 -14 14 -14C14 0 6 12 -10 10Z" fill="${color}"/><path d="M-12 10L6 -6" stroke="${mix(color, '#000000', 0.35)}" stroke-width="1.6" stroke-linecap="round"/>`
    case 'flame':
      return `<path d="M0 -16C8 -6 12 0 10 7C8 14 -8 14 -10 7C-12 0 -6 -4 -4 -10C-2 -4 2 -4 0 -16Z" fill="${color}"/><path d="M0 -2C4 3 4 8 0 10C-4 8 -4 3 0 -2Z" fill="${mix(color, '#FFFFFF', 0.5)}"/>`
    case 'wave':
      return `<path d="M-16 2Q-12 -6 -8 2T0 2T8 2T16 2" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/><path d="M-16 9Q-12 1 -8 9T0 9T8 9T16 9" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round" opacity=".7"/>`
    case 'sun':
      return `<circle r="6" fill="${color}"/>${Array.from({ length: 8 }, (_, i) => {
        const a = (i / 8) * Math.PI * 2
        return `<path d="M${n(Math.cos(a) * 9)} ${n(Math.sin(a) * 9)}L${n(Math.cos(a) * 14)} ${n(Math.sin(a) * 14)}" stroke="${color}" stroke-width="2.4" stroke-linecap="round"/>`
      }).join('')}`
    case 'star':
      return `<path d="${Array.from({ length: 10 }, (_, i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5
        const r = i % 2 === 0 ? 14 : 6
        return `${i === 0 ? 'M' : 'L'}${n(Math.cos(a) * r)} ${n(Math.sin(a) * r)}`
      }).join('')}Z" fill="${color}"/>`
    case 'lantern':
      return `<rect x="-2" y="-16" width="4" height="5" fill="${color}"/><ellipse rx="11" ry="10" fill="${color}"/><path d="M-11 0H11M-6 -9Q-9 0 -6 9M6 -9Q9 0 6 9" stroke="${mix(color, '#000000', 0.35)}" stroke-width="1.4" fill="none"/><rect x="-5" y="9" width="10" height="4" fill="${color}"/>`
    case 'blossom':
      return `${Array.from({ length: 5 }, (_, i) => {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5
        return `<ellipse cx="${n(Math.cos(a) * 7)}" cy="${n(Math.sin(a) * 7)}" rx="6" ry="4.5" fill="${color}" transform="rotate(${n((a * 180) / Math.PI)} ${n(Math.cos(a) * 7)} ${n(Math.sin(a) * 7)})"/>`
      }).join('')}<circle r="3.5" fill="${mix(color, '#000000', 0.3)}"/>`
  }
}

/** A round badge with the restaurant's monogram in its palette. */
export function renderAvatar(title: string, slug: string, pal: Palette): string {
  const doc = new SvgDoc(createRng(`avatar:${slug}`))
  const s = AVATAR_SIZE
  const c = s / 2
  const letters = monogram(slug)
  const cream = '#FFF7EA'
  const font = pal.serif ? "Georgia, 'Times New Roman', serif" : "'Helvetica Neue', Arial, sans-serif"
  const fontSize = letters.length > 1 ? 86 : 104
  const text = (fill: string, dy: number, opacity = 1) =>
    `<text x="${c}" y="${c + 30 + dy}" text-anchor="middle" font-family="${font}" font-size="${fontSize}" font-weight="700" letter-spacing="2" fill="${fill}" opacity="${opacity}">${escapeXml(letters)}</text>`
  const body =
    `<circle cx="${c}" cy="${c}" r="${c - 2}" fill="${doc.radial(
      [
        [0, lighten(pal.primary, 0.28)],
        [0.7, pal.primary],
        [1, darken(pal.primary, 0.35)],
      ],
      0.5,
      0.5,
      0.6,
      0.32,
      0.28,
    )}"/>` +
    `<circle cx="${c}" cy="${c}" r="${c - 16}" fill="none" stroke="${pal.accent}" stroke-width="3" opacity=".9"/>` +
    `<circle cx="${c}" cy="${c}" r="${c - 24}" fill="none" stroke="${cream}" stroke-width="1.5" stroke-dasharray="2 6" stroke-linecap="round" opacity=".55"/>` +
    `<g transform="translate(${c} 62)">${emblem(pal.emblem, pal.accent)}</g>` +
    text('#000000', 3, 0.25) +
    text(cream, 0) +
    `<path d="M${c - 26} 196H${c + 26}" stroke="${pal.accent}" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="${c - 36}" cy="196" r="2.5" fill="${pal.accent}"/><circle cx="${c + 36}" cy="196" r="2.5" fill="${pal.accent}"/>` +
    `<ellipse cx="${c - 48}" cy="${c - 70}" rx="46" ry="20" fill="#FFFFFF" opacity=".07" transform="rotate(-35 ${c - 48} ${c - 70})"/>`
  return doc.render(s, s, title, body)
}
