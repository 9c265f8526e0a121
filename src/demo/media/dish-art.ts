/** Dishes seen from above, drawn around (0, 0) within a radius: the dish images and the hero scenes use them. */
import {
  ball,
  board,
  boardWood,
  bowl,
  chopsticks,
  chunk,
  citrusWheel,
  dropShadow,
  eggHalf,
  FOOD,
  herbs,
  leaf,
  lemonWedge,
  plate,
  ramekin,
  SHADOW,
  shrimp,
  specks,
} from './art-parts'
import { DISH_KINDS, type DishKind } from './dish-kinds'
import type { Palette } from './palettes'
import {
  blobPath,
  closedCurve,
  darken,
  discPoint,
  lighten,
  mix,
  n,
  openCurve,
  type Rng,
  type SvgDoc,
  vary,
} from './svg-kit'

export { DISH_KINDS, type DishKind }

export interface DishSpec {
  kind: DishKind
  slug: string
  has(...words: string[]): boolean
}

/** Ordered: the first rule whose words appear in the slug decides the kind. */
const RULES: [DishKind, string[]][] = [
  ['scoops', ['ice-cream', 'gelato', 'sorbet', 'mochi', 'jamun', 'sesame-balls']],
  [
    'drink',
    [
      'lassi',
      'latte',
      'tea',
      'lemonade',
      'horchata',
      'spritz',
      'espresso',
      'coffee',
      'shake',
      'smoothie',
      'agua',
      'kir',
      'cooler',
      'soda',
      'juice',
      'wine',
      'beer',
      'cocktail',
      'mojito',
      'margarita',
      'champagne',
    ],
  ],
  ['ramekin', ['brulee', 'souffle', 'panna-cotta', 'pudding', 'mousse', 'flan', 'custard']],
  ['slice', ['tiramisu', 'cake', 'cheesecake', 'pie', 'tart', 'torte', 'brownie']],
  ['pizza', ['pizza', 'flatbread-pizza']],
  ['sandwich', ['lobster-roll', 'po-boy', 'hoagie', 'hot-dog', 'banh-mi', 'sub']],
  ['bites', ['spring-rolls', 'egg-rolls']],
  ['sushi', ['sushi', 'nigiri', 'maki', 'omakase', 'sashimi', 'roll']],
  ['dumplings', ['dumplings', 'gyoza', 'bao', 'dim-sum', 'wontons', 'potstickers', 'pierogi']],
  ['tacos', ['taco', 'tacos']],
  ['wrap', ['burrito', 'wrap', 'quesadilla']],
  ['burger', ['burger', 'sandwich', 'slider', 'sliders']],
  ['dip', ['guacamole', 'hummus', 'queso', 'dip', 'mezze', 'baba', 'fundido']],
  ['curry', ['curry', 'masala', 'rogan', 'korma', 'vindaloo', 'butter-chicken', 'dal', 'dhal', 'massaman']],
  ['noodles', ['noodles', 'chow-fun', 'pad-thai', 'pad-see-ew', 'lo-mein', 'udon', 'soba', 'chow-mein']],
  [
    'bowl',
    [
      'soup',
      'ramen',
      'pho',
      'chowder',
      'bisque',
      'stew',
      'bouillabaisse',
      'tom-yum',
      'beans',
      'chili',
      'grits',
      'mapo',
      'coq-au-vin',
      'yogurt',
      'congee',
      'gumbo',
      'porridge',
    ],
  ],
  [
    'pasta',
    [
      'spaghetti',
      'linguine',
      'fettuccine',
      'penne',
      'rigatoni',
      'pasta',
      'carbonara',
      'alfredo',
      'gnocchi',
      'ravioli',
      'tagliatelle',
      'pappardelle',
    ],
  ],
  ['bake', ['lasagna', 'enchiladas', 'mac-and-cheese', 'gratin', 'casserole', 'moussaka']],
  ['rice', ['rice', 'biryani', 'risotto', 'paella', 'pilaf', 'shawarma']],
  ['skewers', ['satay', 'tikka', 'kofta', 'kebab', 'kebabs', 'skewers', 'yakitori', 'souvlaki']],
  ['bbq', ['brisket', 'ribs', 'sausage', 'burnt-ends']],
  ['fish', ['fish', 'cod', 'salmon', 'branzino', 'redfish', 'trout', 'halibut', 'snapper', 'sea-bass']],
  [
    'main',
    [
      'steak',
      'filet',
      'tartare',
      'cutlet',
      'parmigiana',
      'schnitzel',
      'katsu',
      'duck',
      'confit',
      'scallops',
      'chops',
      'mole',
      'roast',
    ],
  ],
  ['stirfry', ['kung-pao', 'stir-fry', 'salt-and-pepper', 'orange-chicken', 'general-tso']],
  ['salad', ['salad', 'caprese', 'slaw', 'tabbouleh', 'buddha', 'bowl', 'poke']],
  ['bread', ['naan', 'kulcha', 'roti', 'paratha', 'focaccia', 'flatbread', 'pita', 'pancakes']],
  [
    'bites',
    [
      'samosas',
      'spanakopita',
      'nachos',
      'rings',
      'fries',
      'churros',
      'falafel',
      'poppers',
      'wings',
      'cakes',
      'oysters',
      'escargots',
      'elote',
      'baklava',
      'sprouts',
      'edamame',
      'bread',
      'bruschetta',
      'fritto',
      'calamari',
      'chips',
      'croquettes',
      'arancini',
    ],
  ],
]

const CATEGORY_KINDS: [RegExp, DishKind][] = [
  [/drink|beverage|bar|cocktail/i, 'drink'],
  [/dessert|sweet|pastr/i, 'slice'],
  [/starter|appetizer|side|snack|small/i, 'bites'],
  [/main|entree|plate|large|grill/i, 'main'],
]

export function dishSpec(
  slug: string,
  hint: { category?: string; kind?: DishKind } = {},
  hash = 0,
): DishSpec {
  const padded = `-${slug}-`
  const has = (...words: string[]) => words.some((w) => padded.includes(`-${w}-`))
  let kind = hint.kind ?? RULES.find(([, words]) => has(...words))?.[0]
  if (!kind && hint.category) kind = CATEGORY_KINDS.find(([re]) => re.test(hint.category!))?.[1]
  kind ??= (['main', 'salad', 'bowl', 'pasta', 'rice', 'bites'] as const)[hash % 6]!
  return { kind, slug, has }
}

type Drawer = (doc: SvgDoc, rng: Rng, spec: DishSpec, r: number, pal: Palette) => string

/** The dish centred on (0, 0); r is the radius of its plate, board or bowl. */
export function drawDish(doc: SvgDoc, rng: Rng, spec: DishSpec, r: number, pal: Palette): string {
  return DRAWERS[spec.kind](doc, rng, spec, r, pal)
}

/** True for dishes served in a bowl: the side views draw a bowl body under them. */
export function isBowlDish(kind: DishKind): boolean {
  return kind === 'bowl' || kind === 'curry' || kind === 'scoops'
}

function sauceColor(spec: DishSpec, fallback: string): string {
  if (spec.has('carbonara', 'alfredo', 'chowder', 'grits', 'risotto', 'cream', 'yogurt', 'mac-and-cheese'))
    return FOOD.cream
  if (spec.has('verde', 'verdes', 'pesto', 'green')) return '#8FA83A'
  if (spec.has('mole', 'chow-fun', 'see-ew', 'soy', 'drunken', 'coq-au-vin', 'katsu')) return '#6A341B'
  if (spec.has('rogan', 'mapo', 'tom-yum', 'bouillabaisse', 'onion'))
    return spec.has('onion') ? '#A9632B' : '#B8431E'
  if (spec.has('butter-chicken', 'tikka', 'massaman', 'goan')) return spec.has('goan') ? '#E0A33A' : '#D4702C'
  if (spec.has('chana', 'beans', 'pinto')) return '#9A5A2A'
  if (spec.has('miso', 'ramen', 'tonkotsu')) return '#E6C48A'
  return fallback
}

/** A swirl of strands: spaghetti, linguine, rice noodles. */
function strands(rng: Rng, r: number, color: string, count: number, width: number): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const start = rng.range(0, Math.PI * 2)
    const span = rng.range(1.2, 2.6)
    const radius = r * rng.range(0.25, 0.95)
    const cx = rng.range(-r * 0.12, r * 0.12)
    const cy = rng.range(-r * 0.12, r * 0.12)
    const pts = Array.from({ length: 6 }, (_, k) => {
      const a = start + (span * k) / 5
      const rr = radius * (1 + rng.range(-0.12, 0.12))
      return { x: cx + Math.cos(a) * rr, y: cy + Math.sin(a) * rr }
    })
    const c = vary(rng, color, 0.1)
    out += `<path d="${openCurve(pts)}" fill="none" stroke="${darken(c, 0.3)}" stroke-opacity=".35" stroke-width="${n(width * 1.3)}" stroke-linecap="round"/>`
    out += `<path d="${openCurve(pts)}" fill="none" stroke="${c}" stroke-width="${n(width)}" stroke-linecap="round"/>`
    if (i % 2 === 0)
      out += `<path d="${openCurve(pts)}" fill="none" stroke="${lighten(c, 0.45)}" stroke-opacity=".7" stroke-width="${n(width * 0.3)}" stroke-linecap="round" transform="translate(${n(-width * 0.2)} ${n(-width * 0.25)})"/>`
  }
  return out
}

function clams(doc: SvgDoc, rng: Rng, count: number, spread: number, size: number): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const p = discPoint(i, count, spread, rng)
    const a = rng.range(0, 360)
    out +=
      `<g transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(a)})">` +
      `<ellipse rx="${n(size)}" ry="${n(size * 0.8)}" fill="${SHADOW}" opacity=".25" transform="translate(3 4)" filter="${doc.blur(2)}"/>` +
      `<ellipse rx="${n(size)}" ry="${n(size * 0.8)}" fill="${doc.linear([
        [0, '#D9CFC0'],
        [1, '#7D7164'],
      ])}"/>` +
      `<ellipse cx="${n(size * 0.12)}" rx="${n(size * 0.72)}" ry="${n(size * 0.56)}" fill="#F1DFC4"/>` +
      `<ellipse cx="${n(size * 0.15)}" rx="${n(size * 0.45)}" ry="${n(size * 0.32)}" fill="#E7B98A"/>` +
      '</g>'
  }
  return out
}

const pizza: Drawer = (doc, rng, spec, r, pal) => {
  const p = r * 0.86
  let out = board(doc, rng, r * 2, r * 2, boardWood(pal), true)
  out += `<path d="${blobPath(rng, 0, 0, p, p, 0.025, 14)}" fill="${doc.radial([
    [0.78, FOOD.crust],
    [0.9, lighten(FOOD.crust, 0.18)],
    [1, darken(FOOD.crust, 0.28)],
  ])}"/>`
  for (let i = 0; i < 16; i++) {
    const a = rng.range(0, Math.PI * 2)
    const d = p * rng.range(0.86, 0.96)
    out += `<path d="${blobPath(rng, Math.cos(a) * d, Math.sin(a) * d, p * rng.range(0.025, 0.055), p * rng.range(0.02, 0.04), 0.3, 6)}" fill="#3A1E10" opacity="${n(rng.range(0.35, 0.7))}"/>`
  }
  out += `<path d="${blobPath(rng, 0, 0, p * 0.8, p * 0.8, 0.04, 12)}" fill="${doc.radial([
    [0, '#D8452A'],
    [0.85, FOOD.sauce],
    [1, darken(FOOD.sauce, 0.2)],
  ])}"/>`
  for (let i = 0; i < 9; i++) {
    const c = discPoint(i, 9, p * 0.58, rng)
    out += `<path d="${blobPath(rng, c.x, c.y, p * rng.range(0.11, 0.17), p * rng.range(0.1, 0.15), 0.28, 8)}" fill="${doc.radial(
      [
        [0, '#FFFBF0'],
        [0.7, FOOD.mozzarella],
        [1, '#EBC98C'],
      ],
      0.5,
      0.5,
      0.5,
      0.4,
      0.38,
    )}"/>`
  }
  if (spec.has('pepperoni', 'diavola')) {
    for (let i = 0; i < 10; i++) {
      const c = discPoint(i, 10, p * 0.62, rng)
      out += `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(p * 0.085)}" fill="${doc.radial([
        [0, '#C0392B'],
        [1, '#7E1F16'],
      ])}"/>`
    }
  }
  for (let i = 0; i < 7; i++) {
    const c = discPoint(i, 7, p * 0.6, rng)
    out += leaf(doc, c.x, c.y, p * rng.range(0.14, 0.2), rng.range(0, 360), FOOD.basil, 0.5)
  }
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 4 + 0.2
    out += `<path d="M${n(Math.cos(a) * p * 0.98)} ${n(Math.sin(a) * p * 0.98)}L${n(-Math.cos(a) * p * 0.98)} ${n(-Math.sin(a) * p * 0.98)}" stroke="#5A1C0E" stroke-opacity=".22" stroke-width="2"/>`
  }
  out += specks(rng, 16, p * 0.7, '#FFF6D8', 1.8, 0.55)
  return out
}

const pasta: Drawer = (doc, rng, spec, r, pal) => {
  const sauce = sauceColor(spec, FOOD.sauce)
  const isCream = sauce === FOOD.cream
  const noodle = spec.has('linguine', 'fettuccine') ? '#EFCB7E' : FOOD.noodle
  const nest = r * 0.5
  let out = plate(doc, r, pal.plate)
  out += `<path d="${blobPath(rng, 0, 0, nest * 1.12, nest * 1.05, 0.12, 10)}" fill="${isCream ? '#EFD9A8' : darken(sauce, 0.05)}" opacity=".9"/>`
  out += `<path d="${blobPath(rng, 0, 0, nest, nest * 0.95, 0.1, 10)}" fill="${darken(noodle, 0.2)}"/>`
  out += strands(rng, nest, noodle, 46, spec.has('fettuccine') ? r * 0.05 : r * 0.032)
  if (!isCream) {
    for (let i = 0; i < 5; i++) {
      const c = discPoint(i, 5, nest * 0.6, rng)
      out += `<path d="${blobPath(rng, c.x, c.y, nest * 0.22, nest * 0.18, 0.3, 8)}" fill="${sauce}" opacity=".92"/>`
    }
  } else {
    out += `<path d="${blobPath(rng, 0, 0, nest * 0.8, nest * 0.75, 0.25, 9)}" fill="#FFF4D6" opacity=".35"/>`
  }
  if (spec.has('vongole', 'clams')) out += clams(doc, rng, 7, nest * 0.95, r * 0.085)
  if (spec.has('carbonara')) out += specks(rng, 24, nest * 0.9, '#B9894A', r * 0.025, 0.9)
  for (let i = 0; i < 8; i++) {
    const c = discPoint(i, 8, nest * 0.8, rng)
    out += `<path d="${blobPath(rng, c.x, c.y, r * 0.035, r * 0.02, 0.4, 5)}" fill="#FFF8E4" opacity=".95"/>`
  }
  out += specks(rng, 40, nest * 0.95, FOOD.pepper, r * 0.008, 0.8)
  out += spec.has('vongole', 'alfredo', 'carbonara')
    ? specks(rng, 26, nest * 0.9, FOOD.herb, r * 0.012)
    : herbs(doc, rng, 3, nest * 0.4, FOOD.basil, r * 0.16)
  return out
}

const noodles: Drawer = (doc, rng, spec, r, pal) => {
  const wide = spec.has('chow-fun', 'see-ew', 'drunken')
  const sauce = sauceColor(spec, '#C9803A')
  const noodle = mix(FOOD.riceNoodle, sauce, spec.has('pad-thai') ? 0.35 : 0.45)
  const nest = r * 0.55
  let out = plate(doc, r, pal.plate)
  out += `<path d="${blobPath(rng, 0, 0, nest * 1.05, nest, 0.12, 10)}" fill="${darken(noodle, 0.25)}"/>`
  out += strands(rng, nest, noodle, wide ? 26 : 44, wide ? r * 0.075 : r * 0.03)
  if (spec.has('pad-thai', 'chow-fun')) {
    for (let i = 0; i < 18; i++) {
      const c = discPoint(i, 18, nest * 0.9, rng)
      const a = rng.range(0, Math.PI)
      out += `<path d="M${n(c.x)} ${n(c.y)}q${n(Math.cos(a) * r * 0.05)} ${n(Math.sin(a) * r * 0.02)} ${n(Math.cos(a) * r * 0.1)} ${n(Math.sin(a) * r * 0.1)}" stroke="#F5F0DC" stroke-width="${n(r * 0.016)}" stroke-linecap="round" fill="none"/>`
    }
  }
  if (spec.has('shrimp', 'pad-thai')) {
    for (let i = 0; i < 4; i++) {
      const c = discPoint(i, 4, nest * 0.7, rng)
      out += shrimp(doc, c.x, c.y, r * 0.1, rng.range(0, 360))
    }
  } else {
    for (let i = 0; i < 9; i++) {
      const c = discPoint(i, 9, nest * 0.75, rng)
      out += chunk(
        doc,
        rng,
        c.x,
        c.y,
        r * 0.07,
        r * 0.05,
        spec.has('beef', 'chow-fun', 'see-ew') ? '#6B3420' : FOOD.chicken,
      )
    }
  }
  if (spec.has('see-ew', 'drunken')) {
    for (let i = 0; i < 6; i++) {
      const c = discPoint(i, 6, nest * 0.8, rng)
      out += leaf(doc, c.x, c.y, r * 0.14, rng.range(0, 360), FOOD.kale, 0.55)
    }
  }
  if (spec.has('pad-thai', 'peanuts')) out += specks(rng, 30, nest * 0.6, FOOD.peanut, r * 0.018)
  out += specks(rng, 20, nest * 0.9, FOOD.scallion, r * 0.014)
  if (spec.has('drunken', 'chili')) out += specks(rng, 12, nest * 0.8, FOOD.chili, r * 0.02)
  out += lemonWedge(doc, r * 0.45, r * 0.42, r * 0.14, -40, FOOD.lime)
  out += chopsticks(-r * 0.95, -r * 0.55, r * 1.6, 18)
  return out
}

const bowlDish: Drawer = (doc, rng, spec, r, pal) => {
  const broth = sauceColor(spec, '#D9A25A')
  const isRamen = spec.has('ramen', 'pho')
  const liquid = doc.radial(
    [
      [0, lighten(broth, 0.22)],
      [0.8, broth],
      [1, darken(broth, 0.12)],
    ],
    0.5,
    0.5,
    0.5,
    0.4,
    0.38,
  )
  const { markup, inner } = bowl(
    doc,
    r,
    spec.has('onion', 'grits', 'yogurt') ? pal.plate : pal.glaze,
    pal.plate,
    liquid,
  )
  let out = markup
  // Glints of fat on the broth.
  for (let i = 0; i < 14; i++) {
    const c = discPoint(i, 14, inner * 0.85, rng)
    out += `<ellipse cx="${n(c.x)}" cy="${n(c.y)}" rx="${n(r * rng.range(0.012, 0.03))}" ry="${n(r * rng.range(0.01, 0.022))}" fill="#FFF8E0" opacity=".45"/>`
  }
  if (spec.has('onion')) {
    out += `<path d="${blobPath(rng, 0, 0, inner * 0.92, inner * 0.9, 0.06, 12)}" fill="${doc.radial([
      [0, '#F4CE72'],
      [0.7, '#E3A948'],
      [1, '#B36B22'],
    ])}"/>`
    for (let i = 0; i < 22; i++) {
      const c = discPoint(i, 22, inner * 0.8, rng)
      out += `<path d="${blobPath(rng, c.x, c.y, r * rng.range(0.03, 0.07), r * rng.range(0.02, 0.05), 0.4, 6)}" fill="#8A4A18" opacity="${n(rng.range(0.4, 0.8))}"/>`
    }
    out += specks(rng, 20, inner * 0.7, FOOD.herb, r * 0.012)
    return out
  }
  if (isRamen) {
    out += strands(rng, inner * 0.55, '#F1D48A', 14, r * 0.025)
    for (let i = 0; i < 2; i++) {
      const a = -0.6 + i * 0.9
      out += `<g transform="translate(${n(Math.cos(a) * inner * 0.45)} ${n(Math.sin(a) * inner * 0.45)})"><circle r="${n(r * 0.2)}" fill="${doc.radial(
        [
          [0, '#E8A88C'],
          [0.75, '#D98A6C'],
          [1, '#8A4028'],
        ],
      )}"/><circle r="${n(r * 0.12)}" fill="#F2C6AE" opacity=".6"/></g>`
    }
    out += eggHalf(doc, -inner * 0.42, inner * 0.28, r * 0.13, 20)
    out += eggHalf(doc, -inner * 0.1, inner * 0.55, r * 0.13, -15)
    out += `<rect x="${n(-inner * 0.95)}" y="${n(-inner * 0.55)}" width="${n(r * 0.28)}" height="${n(r * 0.36)}" rx="3" fill="${FOOD.nori}" transform="rotate(-12)"/>`
    out += specks(rng, 40, inner * 0.7, FOOD.scallion, r * 0.016)
    out += specks(rng, 25, inner * 0.7, FOOD.sesame, r * 0.01)
    out += chopsticks(-r * 1.1, r * 0.9, r * 2.1, -25)
    return out
  }
  if (spec.has('miso', 'mapo')) {
    for (let i = 0; i < 9; i++) {
      const c = discPoint(i, 9, inner * 0.7, rng)
      const s = r * 0.08
      out += `<rect x="${n(c.x - s / 2)}" y="${n(c.y - s / 2)}" width="${n(s)}" height="${n(s)}" rx="${n(s * 0.18)}" fill="${doc.linear(
        [
          [0, '#FFFBEF'],
          [1, '#E3D3B3'],
        ],
      )}" transform="rotate(${n(rng.range(0, 90))} ${n(c.x)} ${n(c.y)})"/>`
    }
    if (spec.has('miso')) {
      for (let i = 0; i < 5; i++) {
        const c = discPoint(i, 5, inner * 0.6, rng)
        out += `<path d="${blobPath(rng, c.x, c.y, r * 0.08, r * 0.04, 0.5, 7)}" fill="#2E4A28" opacity=".85"/>`
      }
    } else {
      out += specks(rng, 30, inner * 0.8, '#6A2A14', r * 0.02)
      out += specks(rng, 30, inner * 0.8, '#C42A16', r * 0.012)
    }
    out += specks(rng, 30, inner * 0.75, FOOD.scallion, r * 0.015)
    return out
  }
  if (spec.has('chowder', 'grits')) {
    if (spec.has('grits'))
      for (let i = 0; i < 5; i++)
        out += shrimp(doc, ...pointAt(rng, i, 5, inner * 0.55), r * 0.12, rng.range(0, 360))
    else {
      for (let i = 0; i < 10; i++) {
        const c = discPoint(i, 10, inner * 0.7, rng)
        out += chunk(doc, rng, c.x, c.y, r * 0.06, r * 0.05, FOOD.potato, 0.15)
      }
      out += clams(doc, rng, 4, inner * 0.6, r * 0.08)
      for (let i = 0; i < 4; i++) {
        const c = discPoint(i, 4, inner * 0.4, rng)
        out += `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(r * 0.06)}" fill="#EBCB8E" stroke="#D4A863" stroke-width="2"/>`
      }
    }
    out += specks(rng, 30, inner * 0.8, FOOD.herb, r * 0.013)
    out += specks(rng, 30, inner * 0.8, FOOD.pepper, r * 0.006)
    return out
  }
  if (spec.has('yogurt')) {
    out += `<path d="${openCurve(Array.from({ length: 7 }, (_, k) => ({ x: -inner * 0.6 + (inner * 1.2 * k) / 6, y: Math.sin(k * 1.3) * inner * 0.2 })))}" fill="none" stroke="#E9A530" stroke-width="${n(r * 0.05)}" stroke-linecap="round" opacity=".9"/>`
    for (let i = 0; i < 3; i++) {
      const c = discPoint(i, 3, inner * 0.5, rng)
      out += `<g transform="translate(${n(c.x)} ${n(c.y)}) rotate(${n(rng.range(0, 360))})"><ellipse rx="${n(r * 0.15)}" ry="${n(r * 0.12)}" fill="#6B2A4A"/><ellipse rx="${n(r * 0.12)}" ry="${n(r * 0.095)}" fill="#E26A6A"/><ellipse rx="${n(r * 0.06)}" ry="${n(r * 0.05)}" fill="#F4C7A0"/></g>`
    }
    out += specks(rng, 12, inner * 0.6, '#8A5A34', r * 0.03)
    return out
  }
  // Stews and clear soups: pieces in the broth.
  const pieces = spec.has('beans', 'pinto')
    ? { color: FOOD.bean, count: 34, size: 0.05 }
    : spec.has('coq-au-vin')
      ? { color: '#8A4A2A', count: 7, size: 0.12 }
      : { color: FOOD.mushroom, count: 8, size: 0.07 }
  for (let i = 0; i < pieces.count; i++) {
    const c = discPoint(i, pieces.count, inner * 0.78, rng)
    out += chunk(
      doc,
      rng,
      c.x,
      c.y,
      r * pieces.size,
      r * pieces.size * 0.72,
      vary(rng, pieces.color, 0.08),
      0.18,
    )
  }
  if (spec.has('tom-yum', 'bouillabaisse', 'prawns', 'shrimp')) {
    for (let i = 0; i < 4; i++)
      out += shrimp(doc, ...pointAt(rng, i, 4, inner * 0.55), r * 0.12, rng.range(0, 360))
  }
  if (spec.has('bouillabaisse', 'mussels')) {
    for (let i = 0; i < 4; i++) {
      const [x, y] = pointAt(rng, i + 4, 8, inner * 0.7)
      out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(r * 0.1)}" ry="${n(r * 0.055)}" fill="#1E2233" transform="rotate(${n(rng.range(0, 180))} ${n(x)} ${n(y)})"/>`
    }
  }
  if (spec.has('tom-yum', 'chili')) out += specks(rng, 14, inner * 0.8, FOOD.chili, r * 0.02)
  out += herbs(doc, rng, 5, inner * 0.7, FOOD.herb, r * 0.09)
  return out
}

function at(x: number, y: number, markup: string): string {
  return `<g transform="translate(${n(x)} ${n(y)})">${markup}</g>`
}

function pointAt(rng: Rng, i: number, count: number, radius: number): [number, number] {
  const p = discPoint(i, count, radius, rng)
  return [p.x, p.y]
}

function riceMound(
  doc: SvgDoc,
  rng: Rng,
  x: number,
  y: number,
  rx: number,
  ry: number,
  color = FOOD.rice,
  tint?: string,
): string {
  let out = `<path d="${blobPath(rng, x, y, rx, ry, 0.1, 10)}" fill="${doc.radial(
    [
      [0, lighten(color, 0.5)],
      [0.8, color],
      [1, darken(color, 0.12)],
    ],
    0.5,
    0.5,
    0.5,
    0.4,
    0.35,
  )}"/>`
  const grains = Math.round((rx * ry) / 14)
  out += '<g>'
  for (let i = 0; i < grains; i++) {
    const p = discPoint(i, grains, 1, rng)
    const gx = x + p.x * rx * 0.92
    const gy = y + p.y * ry * 0.92
    const c = tint && rng.chance(0.35) ? tint : rng.chance(0.5) ? '#FFFFFF' : darken(color, 0.08)
    out += `<ellipse cx="${n(gx)}" cy="${n(gy)}" rx="3.4" ry="1.5" fill="${c}" transform="rotate(${n(rng.range(0, 180))} ${n(gx)} ${n(gy)})"/>`
  }
  return `${out}</g>`
}

const curry: Drawer = (doc, rng, spec, r, pal) => {
  const c = sauceColor(spec, spec.has('green') ? '#9DAF3E' : '#D98A2B')
  const liquid = doc.radial(
    [
      [0, lighten(c, 0.2)],
      [0.85, c],
      [1, darken(c, 0.2)],
    ],
    0.5,
    0.5,
    0.5,
    0.4,
    0.38,
  )
  const { markup, inner } = bowl(doc, r, pal.glaze, pal.plate, liquid)
  let out = markup
  const withRice = spec.has('katsu') || rng.chance(0.3)
  if (withRice) out += riceMound(doc, rng, -inner * 0.35, -inner * 0.1, inner * 0.5, inner * 0.62)
  if (spec.has('katsu')) {
    for (let i = 0; i < 5; i++) {
      const y = -inner * 0.45 + i * inner * 0.2
      out += `<rect x="${n(inner * 0.02)}" y="${n(y)}" width="${n(inner * 0.62)}" height="${n(inner * 0.18)}" rx="${n(inner * 0.05)}" fill="${doc.linear(
        [
          [0, '#E8B25A'],
          [1, '#B8742A'],
        ],
      )}" transform="rotate(-8 0 ${n(y)})"/>`
    }
    out += specks(rng, 40, inner * 0.4, '#F6D28A', r * 0.012)
  } else {
    const piece = spec.has('shrimp', 'goan')
      ? null
      : spec.has('chana')
        ? FOOD.chickpea
        : spec.has('lamb', 'rogan', 'massaman', 'beef')
          ? '#7A3A22'
          : '#E2A870'
    const count = spec.has('chana') ? 26 : 8
    for (let i = 0; i < count; i++) {
      const p = discPoint(i, count, inner * 0.68, rng)
      const x = withRice ? p.x * 0.6 + inner * 0.3 : p.x
      if (piece === null) out += shrimp(doc, x, p.y, r * 0.11, rng.range(0, 360))
      else if (spec.has('chana')) out += ball(doc, x, p.y, r * 0.045, piece, 0.4)
      else out += chunk(doc, rng, x, p.y, r * 0.085, r * 0.07, vary(rng, piece, 0.06))
    }
    if (spec.has('massaman'))
      for (let i = 0; i < 4; i++)
        out += chunk(doc, rng, ...pointAt(rng, i, 4, inner * 0.5), r * 0.09, r * 0.08, FOOD.potato)
    const swirl = Array.from({ length: 8 }, (_, k) => {
      const a = k * 0.9
      const rr = inner * (0.15 + k * 0.06)
      return { x: Math.cos(a) * rr + (withRice ? inner * 0.25 : 0), y: Math.sin(a) * rr }
    })
    out += `<path d="${openCurve(swirl)}" fill="none" stroke="#FFF6E6" stroke-opacity=".85" stroke-width="${n(r * 0.03)}" stroke-linecap="round"/>`
  }
  out += herbs(doc, rng, 6, inner * 0.7, spec.has('green', 'thai') ? FOOD.basil : FOOD.herb, r * 0.09)
  out += specks(rng, 16, inner * 0.7, darken(c, 0.45), r * 0.01, 0.6)
  return out
}

function tomatoHalf(doc: SvgDoc, x: number, y: number, size: number): string {
  return (
    ball(doc, x, y, size, FOOD.tomato, 0.5) +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 0.72)}" fill="#E8604A"/>` +
    `<g fill="#F6C7A0">${[0, 1, 2, 3]
      .map((i) => {
        const a = (i / 4) * Math.PI * 2 + 0.4
        return `<ellipse cx="${n(x + Math.cos(a) * size * 0.38)}" cy="${n(y + Math.sin(a) * size * 0.38)}" rx="${n(size * 0.12)}" ry="${n(size * 0.08)}"/>`
      })
      .join('')}</g>`
  )
}

const salad: Drawer = (doc, rng, spec, r, pal) => {
  const isBowl = spec.has('buddha', 'bowl', 'poke')
  let out = ''
  let area = r * 0.62
  if (isBowl) {
    const b = bowl(doc, r, pal.glaze, pal.plate, pal.plate)
    out += b.markup
    area = b.inner
  } else out += plate(doc, r, pal.plate)

  if (spec.has('buddha')) {
    const sections: [string, (x: number, y: number) => string][] = [
      ['quinoa', (x, y) => riceMound(doc, rng, x, y, area * 0.32, area * 0.3, '#E2C98E', '#B8843E')],
      [
        'sweet potato',
        (x, y) =>
          [0, 1, 2, 3, 4, 5]
            .map((i) =>
              chunk(
                doc,
                rng,
                x + rng.range(-20, 20),
                y + rng.range(-20, 20) + i * 2,
                r * 0.06,
                r * 0.05,
                '#E9883A',
                0.1,
              ),
            )
            .join(''),
      ],
      [
        'chickpeas',
        (x, y) =>
          Array.from({ length: 9 }, (_, i) =>
            ball(
              doc,
              x + discPoint(i, 9, area * 0.22).x,
              y + discPoint(i, 9, area * 0.22).y,
              r * 0.04,
              FOOD.chickpea,
              0.4,
            ),
          ).join(''),
      ],
      ['kale', (x, y) => at(x, y, herbs(doc, rng, 7, area * 0.2, FOOD.kale, r * 0.15))],
    ]
    sections.forEach(([, draw], i) => {
      const a = (i / sections.length) * Math.PI * 2 + 0.4
      out += draw(Math.cos(a) * area * 0.48, Math.sin(a) * area * 0.48)
    })
    for (let i = 0; i < 4; i++) {
      out += `<path d="M${n(-r * 0.05 + i * r * 0.035)} ${n(-r * 0.12)}q${n(r * 0.14)} ${n(r * 0.1)} 0 ${n(r * 0.25)}" fill="none" stroke="${FOOD.avocado}" stroke-width="${n(r * 0.03)}" stroke-linecap="round"/>`
    }
    out += `<path d="${openCurve(Array.from({ length: 6 }, (_, k) => ({ x: -area * 0.7 + (area * 1.4 * k) / 5, y: Math.sin(k * 1.7) * area * 0.15 })))}" fill="none" stroke="#F3E3C2" stroke-width="${n(r * 0.025)}" stroke-linecap="round" opacity=".9"/>`
    return out
  }

  if (spec.has('slaw')) {
    const colors = ['#D9E7B0', '#BFD88A', '#8A3A7A', '#F0A14A', '#F4F2D8']
    for (let i = 0; i < 120; i++) {
      const p = discPoint(i, 120, area * 0.95, rng)
      const a = rng.range(0, Math.PI)
      const len = r * rng.range(0.08, 0.16)
      out += `<path d="M${n(p.x)} ${n(p.y)}q${n(Math.cos(a) * len * 0.5 + 4)} ${n(Math.sin(a) * len * 0.5)} ${n(Math.cos(a) * len)} ${n(Math.sin(a) * len)}" stroke="${rng.pick(colors)}" stroke-width="${n(r * 0.018)}" stroke-linecap="round" fill="none"/>`
    }
    out += specks(rng, 30, area * 0.9, FOOD.pepper, r * 0.008)
    return out
  }

  if (spec.has('caprese', 'burrata')) {
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2
      const x = Math.cos(a) * area * 0.68
      const y = Math.sin(a) * area * 0.68
      const col = ['#C8321F', '#E2A23A', '#7A9A3A', '#B82A3A'][i % 4]!
      out += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n((a * 180) / Math.PI)})"><ellipse rx="${n(r * 0.17)}" ry="${n(r * 0.12)}" fill="${doc.radial(
        [
          [0, lighten(col, 0.25)],
          [1, darken(col, 0.15)],
        ],
      )}"/><ellipse rx="${n(r * 0.1)}" ry="${n(r * 0.065)}" fill="${lighten(col, 0.35)}" opacity=".7"/></g>`
    }
    out += `<path d="${blobPath(rng, 0, 0, area * 0.42, area * 0.4, 0.08, 10)}" fill="${doc.radial(
      [
        [0, '#FFFFFF'],
        [0.8, '#F7F1E2'],
        [1, '#DCCFB2'],
      ],
      0.5,
      0.5,
      0.5,
      0.4,
      0.35,
    )}"/>`
    out += `<path d="${blobPath(rng, area * 0.05, area * 0.02, area * 0.17, area * 0.14, 0.3, 8)}" fill="#FFF8E8"/>`
    out += herbs(doc, rng, 6, area * 0.75, FOOD.basil, r * 0.14)
    out += `<path d="${openCurve(Array.from({ length: 7 }, (_, k) => ({ x: -area * 0.8 + (area * 1.6 * k) / 6, y: Math.cos(k * 1.1) * area * 0.3 })))}" fill="none" stroke="#9AA23A" stroke-opacity=".55" stroke-width="${n(r * 0.02)}" stroke-linecap="round"/>`
    out += specks(rng, 25, area * 0.8, '#FFFFFF', r * 0.008)
    return out
  }

  const greens = ['#7DB84A', '#5E9E3A', '#9CCB5A', '#4A8A34', '#B6D77A']
  for (let i = 0; i < 30; i++) {
    const p = discPoint(i, 30, area * 0.92, rng)
    out += leaf(doc, p.x, p.y, r * rng.range(0.2, 0.32), rng.range(0, 360), rng.pick(greens), 0.55)
  }
  if (spec.has('falafel')) {
    for (let i = 0; i < 5; i++) {
      const [x, y] = pointAt(rng, i, 5, area * 0.45)
      out +=
        ball(doc, x, y, r * 0.1, '#8A5A24', 0.45) + at(x, y, specks(rng, 8, r * 0.07, '#5E8A2E', r * 0.012))
    }
    out += `<path d="${openCurve(Array.from({ length: 6 }, (_, k) => ({ x: -area * 0.6 + (area * 1.2 * k) / 5, y: Math.sin(k * 1.4) * area * 0.2 })))}" fill="none" stroke="#F3E3C2" stroke-width="${n(r * 0.03)}" stroke-linecap="round"/>`
  }
  const toppings = spec.has('cobb') ? 6 : 4
  for (let i = 0; i < toppings; i++) {
    const [x, y] = pointAt(rng, i, toppings, area * 0.6)
    out += tomatoHalf(doc, x, y, r * 0.07)
  }
  if (spec.has('cobb')) {
    out += eggHalf(doc, -area * 0.3, area * 0.35, r * 0.11, 30, false)
    out += eggHalf(doc, area * 0.35, -area * 0.2, r * 0.11, -20, false)
    for (let i = 0; i < 8; i++)
      out += chunk(doc, rng, ...pointAt(rng, i + 3, 11, area * 0.65), r * 0.06, r * 0.04, '#D9A866', 0.2)
    out += specks(rng, 24, area * 0.7, '#9A3A24', r * 0.02)
    out += specks(rng, 20, area * 0.7, '#EAF0F2', r * 0.025)
    for (let i = 0; i < 4; i++) {
      out += `<path d="M${n(area * 0.05 + i * r * 0.04)} ${n(area * 0.2)}q${n(r * 0.12)} ${n(r * 0.08)} 0 ${n(r * 0.22)}" fill="none" stroke="${FOOD.avocado}" stroke-width="${n(r * 0.035)}" stroke-linecap="round"/>`
    }
  } else {
    for (let i = 0; i < 6; i++) {
      const [x, y] = pointAt(rng, i + 4, 10, area * 0.7)
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.055)}" fill="#F6DDE0" stroke="#C83A5A" stroke-width="${n(r * 0.015)}"/>`
    }
    out += specks(rng, 12, area * 0.6, '#F4EEDC', r * 0.02)
  }
  return out
}

function makiPiece(doc: SvgDoc, x: number, y: number, s: number, center: string[], seed: Rng): string {
  let out = `<circle cx="${n(x + s * 0.12)}" cy="${n(y + s * 0.18)}" r="${n(s)}" fill="${SHADOW}" opacity=".35" filter="${doc.blur(s * 0.15)}"/>`
  out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s)}" fill="${FOOD.nori}"/>`
  out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.86)}" fill="${doc.radial([
    [0, '#FFFFFF'],
    [1, '#E9E2D2'],
  ])}"/>`
  for (let i = 0; i < 14; i++) {
    const p = discPoint(i, 14, s * 0.78, seed)
    out += `<ellipse cx="${n(x + p.x)}" cy="${n(y + p.y)}" rx="${n(s * 0.1)}" ry="${n(s * 0.05)}" fill="#DDD5C3" transform="rotate(${n(seed.range(0, 180))} ${n(x + p.x)} ${n(y + p.y)})"/>`
  }
  center.forEach((c, i) => {
    const a = (i / center.length) * Math.PI * 2
    out += `<path d="${blobPath(seed, x + Math.cos(a) * s * 0.15, y + Math.sin(a) * s * 0.15, s * 0.3, s * 0.24, 0.25, 6)}" fill="${c}"/>`
  })
  return out
}

const sushi: Drawer = (doc, rng, spec, r, pal) => {
  const w = r * 2.1
  const h = r * 1.25
  let out = board(doc, rng, w, h, '#D8B887')
  out += '<g transform="scale(1.18)">'
  const nigiri = spec.has('nigiri', 'omakase')
  const roll = !nigiri || spec.has('omakase')
  if (roll) {
    const center = spec.has('tuna')
      ? ['#C23B48', '#7FAE4A']
      : spec.has('dragon')
        ? ['#E8A053', '#8FBF5A']
        : ['#F39066', '#A9C457', '#F4F0E0']
    const count = spec.has('omakase') ? 3 : 6
    for (let i = 0; i < count; i++) {
      const x = -w * 0.36 + (i % 3) * r * 0.36 + (nigiri ? 0 : r * 0.1)
      const y = -h * 0.2 + Math.floor(i / 3) * r * 0.42
      out += makiPiece(doc, x, y, r * 0.16, center, rng)
      if (spec.has('dragon')) {
        out += `<path d="M${n(x - r * 0.16)} ${n(y - r * 0.04)}q${n(r * 0.16)} ${n(-r * 0.14)} ${n(r * 0.32)} 0" fill="none" stroke="${FOOD.avocado}" stroke-width="${n(r * 0.07)}" stroke-linecap="round" opacity=".95"/>`
        out += `<path d="M${n(x - r * 0.12)} ${n(y + r * 0.06)}q${n(r * 0.12)} ${n(r * 0.06)} ${n(r * 0.24)} 0" fill="none" stroke="#5A2A14" stroke-width="${n(r * 0.03)}" stroke-linecap="round"/>`
      }
      if (spec.has('spicy'))
        out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.05)}" fill="#F07A3A" opacity=".9"/>`
    }
    if (spec.has('tuna', 'dragon')) out += specks(rng, 50, r * 0.5, FOOD.sesame, r * 0.012)
  }
  if (nigiri) {
    const fish = spec.has('omakase')
      ? [FOOD.salmon, FOOD.tuna, '#F2E6DA', '#F6A884']
      : [FOOD.salmon, FOOD.salmon, FOOD.salmon, FOOD.salmon]
    fish.forEach((f, i) => {
      const x = spec.has('omakase') ? r * 0.05 + (i % 2) * r * 0.42 : -w * 0.33 + i * r * 0.42
      const y = spec.has('omakase') ? -h * 0.22 + Math.floor(i / 2) * r * 0.45 : 0
      out += `<g transform="translate(${n(x)} ${n(y)}) rotate(-8)">`
      out += `<rect x="${n(-r * 0.16)}" y="${n(-r * 0.3)}" width="${n(r * 0.32)}" height="${n(r * 0.6)}" rx="${n(r * 0.14)}" fill="${SHADOW}" opacity=".35" transform="translate(4 7)" filter="${doc.blur(4)}"/>`
      out += `<rect x="${n(-r * 0.14)}" y="${n(-r * 0.27)}" width="${n(r * 0.28)}" height="${n(r * 0.54)}" rx="${n(r * 0.12)}" fill="#F4EFE4"/>`
      out += `<rect x="${n(-r * 0.17)}" y="${n(-r * 0.31)}" width="${n(r * 0.34)}" height="${n(r * 0.58)}" rx="${n(r * 0.15)}" fill="${doc.linear(
        [
          [0, lighten(f, 0.2)],
          [1, darken(f, 0.12)],
        ],
      )}"/>`
      for (let k = 0; k < 5; k++) {
        const yy = -r * 0.24 + k * r * 0.12
        out += `<path d="M${n(-r * 0.15)} ${n(yy)}q${n(r * 0.15)} ${n(r * 0.06)} ${n(r * 0.3)} 0" stroke="#FFF3E6" stroke-opacity=".55" stroke-width="${n(r * 0.018)}" fill="none"/>`
      }
      out += '</g>'
    })
  }
  out += '</g>'
  out += `<path d="${blobPath(rng, w * 0.38, h * 0.28, r * 0.08, r * 0.06, 0.3, 7)}" fill="#8DB23A"/>`
  for (let i = 0; i < 4; i++) {
    out += `<path d="${blobPath(rng, w * 0.28 + i * 6, h * 0.3 - i * 4, r * 0.09, r * 0.05, 0.2, 7, 0.4)}" fill="#F2B8B0" opacity=".9"/>`
  }
  out += ramekin(doc, w * 0.55, -h * 0.62, r * 0.17, '#2A150A', pal.plate)
  out += chopsticks(-w * 0.5, h * 0.62, r * 1.6, -6, '#2B2B2B')
  return out
}

const tacos: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  const fish = spec.has('fish', 'baja')
  for (let i = 0; i < 3; i++) {
    const a = -90 + i * 120 + rng.range(-8, 8)
    const rad = (a * Math.PI) / 180
    const x = Math.cos(rad) * r * 0.36
    const y = Math.sin(rad) * r * 0.36
    const t = r * 0.36
    out += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a + 90)})">`
    out += `<path d="M${n(-t)} 0A${n(t)} ${n(t * 0.9)} 0 0 0 ${n(t)} 0Z" fill="${SHADOW}" opacity=".28" transform="translate(4 8)" filter="${doc.blur(5)}"/>`
    out += `<path d="M${n(-t)} 0A${n(t)} ${n(t * 0.9)} 0 0 0 ${n(t)} 0Z" fill="${doc.linear(
      [
        [0, '#F3DDA4'],
        [1, '#D9B56A'],
      ],
      0,
      0,
      0,
      1,
    )}"/>`
    for (let k = 0; k < 5; k++) {
      const p = { x: rng.range(-t * 0.7, t * 0.7), y: rng.range(t * 0.2, t * 0.7) }
      out += `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(t * 0.05)}" fill="#A8742E" opacity=".45"/>`
    }
    // The filling along the open edge.
    for (let k = 0; k < 7; k++) {
      const fx = -t * 0.85 + (k * t * 1.7) / 6
      out += chunk(doc, rng, fx, -t * 0.02, t * 0.16, t * 0.12, fish ? '#E2A24A' : vary(rng, '#C2542A', 0.08))
    }
    if (fish) {
      for (let k = 0; k < 10; k++) {
        const fx = -t * 0.8 + (k * t * 1.6) / 9
        out += `<path d="M${n(fx)} ${n(-t * 0.12)}l${n(t * 0.08)} ${n(-t * 0.08)}" stroke="#DDEAA8" stroke-width="${n(t * 0.05)}" stroke-linecap="round"/>`
      }
      out += `<path d="M${n(-t * 0.8)} ${n(-t * 0.05)}q${n(t * 0.4)} ${n(-t * 0.12)} ${n(t * 0.8)} 0t${n(t * 0.8)} 0" fill="none" stroke="#F6E6D0" stroke-width="${n(t * 0.05)}" stroke-linecap="round"/>`
    } else {
      for (let k = 0; k < 8; k++)
        out += `<rect x="${n(rng.range(-t * 0.8, t * 0.8))}" y="${n(rng.range(-t * 0.15, t * 0.05))}" width="${n(t * 0.07)}" height="${n(t * 0.07)}" fill="#F4F1F6" rx="1"/>`
      if (spec.has('pastor'))
        for (let k = 0; k < 4; k++)
          out += `<rect x="${n(rng.range(-t * 0.7, t * 0.7))}" y="${n(rng.range(-t * 0.15, t * 0.05))}" width="${n(t * 0.12)}" height="${n(t * 0.1)}" fill="#F5C842" rx="2"/>`
    }
    out += at(0, -t * 0.05, herbs(doc, rng, 4, t * 0.5, FOOD.herb, t * 0.12))
    out += '</g>'
  }
  out += lemonWedge(doc, 0, 0, r * 0.13, rng.range(0, 360), FOOD.lime)
  return out
}

const wrap: Drawer = (doc, rng, _spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  const tortilla = doc.linear([
    [0, '#F4E2B4'],
    [1, '#D2AE6C'],
  ])
  out += `<g transform="rotate(-25)"><rect x="${n(-r * 0.62)}" y="${n(-r * 0.2)}" width="${n(r * 0.9)}" height="${n(r * 0.42)}" rx="${n(r * 0.2)}" fill="${SHADOW}" opacity=".3" transform="translate(5 9)" filter="${doc.blur(6)}"/><rect x="${n(-r * 0.62)}" y="${n(-r * 0.2)}" width="${n(r * 0.9)}" height="${n(r * 0.42)}" rx="${n(r * 0.2)}" fill="${tortilla}"/>`
  for (let i = 0; i < 4; i++)
    out += `<path d="M${n(-r * 0.45 + i * r * 0.18)} ${n(-r * 0.18)}l${n(r * 0.1)} ${n(r * 0.38)}" stroke="#8A5A24" stroke-opacity=".35" stroke-width="${n(r * 0.03)}" stroke-linecap="round"/>`
  out += '</g>'
  const cx = r * 0.32
  const cy = r * 0.18
  const cr = r * 0.32
  out += `<circle cx="${n(cx + 5)}" cy="${n(cy + 9)}" r="${n(cr)}" fill="${SHADOW}" opacity=".3" filter="${doc.blur(6)}"/>`
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cr)}" fill="${tortilla}"/>`
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cr * 0.86)}" fill="#E9DCC0"/>`
  const fills = ['#F7F3E8', '#4A2A22', '#8A4A2A', '#D2452E', '#6FA83E', '#F7F3E8', '#8A4A2A']
  for (let i = 0; i < 40; i++) {
    const p = discPoint(i, 40, cr * 0.8, rng)
    out += `<path d="${blobPath(rng, cx + p.x, cy + p.y, cr * 0.09, cr * 0.07, 0.3, 6)}" fill="${fills[i % fills.length]}"/>`
  }
  out += ramekin(doc, -r * 0.4, r * 0.45, r * 0.16, '#C73A24', pal.plate)
  return out
}

function bun(doc: SvgDoc, rng: Rng, r: number, color: string, seeds: boolean): string {
  let out = `<circle r="${n(r)}" fill="${doc.radial(
    [
      [0, lighten(color, 0.35)],
      [0.6, color],
      [1, darken(color, 0.3)],
    ],
    0.5,
    0.5,
    0.55,
    0.38,
    0.32,
  )}"/>`
  out += `<ellipse cx="${n(-r * 0.3)}" cy="${n(-r * 0.35)}" rx="${n(r * 0.3)}" ry="${n(r * 0.16)}" fill="#FFF" opacity=".18" transform="rotate(-35 ${n(-r * 0.3)} ${n(-r * 0.35)})"/>`
  if (seeds) out += specks(rng, 38, r * 0.8, '#F8EED2', r * 0.04)
  return out
}

function fries(
  doc: SvgDoc,
  rng: Rng,
  x: number,
  y: number,
  spread: number,
  size: number,
  count = 16,
): string {
  let out = `<g transform="translate(${n(x)} ${n(y)})">`
  for (let i = 0; i < count; i++) {
    const p = discPoint(i, count, spread, rng)
    const a = rng.range(0, 180)
    out += `<g transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(a)})"><rect x="${n(-size)}" y="${n(-size * 0.12)}" width="${n(size * 2)}" height="${n(size * 0.24)}" rx="${n(size * 0.06)}" fill="${SHADOW}" opacity=".25" transform="translate(2 4)"/><rect x="${n(-size)}" y="${n(-size * 0.12)}" width="${n(size * 2)}" height="${n(size * 0.24)}" rx="${n(size * 0.06)}" fill="${doc.linear(
      [
        [0, '#F8D77A'],
        [1, '#D99A32'],
      ],
      0,
      0,
      0,
      1,
    )}"/></g>`
  }
  return `${out}</g>`
}

const burger: Drawer = (doc, rng, spec, r, pal) => {
  let out = board(doc, rng, r * 2.1, r * 1.6, boardWood(pal))
  out += `<rect x="${n(-r * 0.95)}" y="${n(-r * 0.68)}" width="${n(r * 1.3)}" height="${n(r * 1.3)}" fill="#F4EDE0" opacity=".92" transform="rotate(8)"/>`
  const bx = -r * 0.3
  const br = r * 0.5
  out += `<g transform="translate(${n(bx)} 0)">`
  out += `<circle cx="6" cy="10" r="${n(br * 1.08)}" fill="${SHADOW}" opacity=".35" filter="${doc.blur(8)}"/>`
  // Lettuce and cheese peeking out from under the bun.
  const frill = Array.from({ length: 22 }, (_, i) => {
    const a = (i / 22) * Math.PI * 2
    const k = i % 2 === 0 ? 1.12 : 1.02
    return { x: Math.cos(a) * br * k, y: Math.sin(a) * br * k }
  })
  out += `<path d="${closedCurve(frill)}" fill="#7DB84A"/>`
  if (!spec.has('chicken', 'jackfruit', 'pork')) {
    out += `<path d="M${n(-br * 1.02)} ${n(br * 0.1)}L${n(-br * 0.6)} ${n(br * 0.98)}L${n(br * 0.1)} ${n(br * 1.1)}Z" fill="#F5B83A"/>`
  }
  out += bun(
    doc,
    rng,
    br,
    spec.has('black-bean', 'whole-wheat', 'jackfruit') ? '#A8723E' : '#D38A34',
    !spec.has('brioche', 'pork', 'chicken'),
  )
  out += '</g>'
  out += fries(doc, rng, r * 0.52, r * 0.05, r * 0.28, r * 0.16)
  out += ramekin(doc, r * 0.55, -r * 0.5, r * 0.15, '#B8281E', pal.plate)
  if (spec.has('pickles', 'sandwich'))
    out += `<ellipse cx="${n(r * 0.15)}" cy="${n(r * 0.52)}" rx="${n(r * 0.12)}" ry="${n(r * 0.05)}" fill="${FOOD.pickle}" transform="rotate(-20 ${n(r * 0.15)} ${n(r * 0.52)})"/>`
  return out
}

const sandwich: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  out += `<rect x="${n(-r * 0.72)}" y="${n(-r * 0.58)}" width="${n(r * 1.1)}" height="${n(r * 1.1)}" fill="#F1E7D2" opacity=".9" transform="rotate(-12)"/>`
  const lobster = spec.has('lobster')
  out += '<g transform="rotate(-28)">'
  const len = r * 0.78
  const w = r * 0.26
  out += `<rect x="${n(-len)}" y="${n(-w)}" width="${n(len * 2)}" height="${n(w * 2)}" rx="${n(w)}" fill="${SHADOW}" opacity=".3" transform="translate(6 10)" filter="${doc.blur(7)}"/>`
  out += `<rect x="${n(-len)}" y="${n(-w)}" width="${n(len * 2)}" height="${n(w * 2)}" rx="${n(w)}" fill="${doc.linear(
    [
      [0, '#F2C47A'],
      [1, '#C27A2E'],
    ],
    0,
    0,
    0,
    1,
  )}"/>`
  out += `<rect x="${n(-len * 0.9)}" y="${n(-w * 0.62)}" width="${n(len * 1.8)}" height="${n(w * 1.24)}" rx="${n(w * 0.6)}" fill="#7DB84A"/>`
  const piece = lobster ? '#E8553A' : '#DC9A3E'
  for (let i = 0; i < 9; i++) {
    const x = -len * 0.8 + (i * len * 1.6) / 8
    out += chunk(doc, rng, x, rng.range(-w * 0.2, w * 0.2), w * 0.42, w * 0.36, vary(rng, piece, 0.08))
    if (lobster)
      out += `<path d="${blobPath(rng, x + 3, rng.range(-4, 4), w * 0.18, w * 0.12, 0.3, 6)}" fill="#FFF1E6" opacity=".8"/>`
  }
  if (!lobster)
    for (let i = 0; i < 4; i++)
      out += `<circle cx="${n(-len * 0.6 + i * len * 0.4)}" cy="${n(w * 0.45)}" r="${n(w * 0.25)}" fill="${FOOD.tomato}"/>`
  out += specks(rng, 26, w * 1.1, lobster ? '#4E8A2E' : '#F6EFD8', r * 0.012)
  out += '</g>'
  out += lemonWedge(doc, r * 0.45, r * 0.45, r * 0.13, 140)
  return out
}

function mash(doc: SvgDoc, rng: Rng, x: number, y: number, s: number): string {
  let out = `<path d="${blobPath(rng, x, y, s, s * 0.8, 0.18, 9)}" fill="${doc.radial([
    [0, '#FFF7E2'],
    [1, '#E7D3A4'],
  ])}"/>`
  for (let i = 0; i < 3; i++)
    out += `<path d="${blobPath(rng, x, y, s * (0.7 - i * 0.2), s * (0.55 - i * 0.15), 0.2, 8)}" fill="none" stroke="#D9BE86" stroke-width="2" opacity=".7"/>`
  return out
}

function greensBundle(doc: SvgDoc, x: number, y: number, len: number, angle: number, count = 5): string {
  let out = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">`
  for (let i = 0; i < count; i++) {
    const yy = (i - count / 2) * len * 0.09
    out += `<rect x="${n(-len / 2)}" y="${n(yy)}" width="${n(len)}" height="${n(len * 0.07)}" rx="${n(len * 0.035)}" fill="${doc.linear(
      [
        [0, '#8CC256'],
        [1, '#3F7E2C'],
      ],
      0,
      0,
      0,
      1,
    )}"/>`
    out += `<ellipse cx="${n(len / 2 - len * 0.05)}" cy="${n(yy + len * 0.035)}" rx="${n(len * 0.08)}" ry="${n(len * 0.05)}" fill="#5E9A3A"/>`
  }
  return `${out}</g>`
}

const main: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  const area = r * 0.72
  if (spec.has('tartare')) {
    out += `<circle cx="6" cy="10" r="${n(area * 0.55)}" fill="${SHADOW}" opacity=".3" filter="${doc.blur(6)}"/>`
    out += `<circle r="${n(area * 0.55)}" fill="${doc.radial([
      [0, '#C4474A'],
      [1, '#8A2228'],
    ])}"/>`
    out += specks(rng, 60, area * 0.5, '#F2D0C8', r * 0.012, 0.6)
    out += specks(rng, 14, area * 0.45, '#5E7A2A', r * 0.018)
    out += ball(doc, 0, 0, area * 0.16, FOOD.yolk, 0.7)
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2
      out += `<path d="M${n(Math.cos(a) * area * 0.72)} ${n(Math.sin(a) * area * 0.72)}l${n(Math.cos(a) * area * 0.3)} ${n(Math.sin(a) * area * 0.3)}" stroke="${FOOD.bread}" stroke-width="${n(r * 0.1)}" stroke-linecap="round"/>`
    }
    return out
  }
  if (spec.has('scallops')) {
    out += `<path d="M${n(-area * 0.7)} ${n(area * 0.2)}Q0 ${n(-area * 0.5)} ${n(area * 0.7)} ${n(area * 0.1)}" fill="none" stroke="#F3E7C9" stroke-width="${n(r * 0.16)}" stroke-linecap="round"/>`
    for (let i = 0; i < 4; i++) {
      const x = -area * 0.52 + i * area * 0.35
      const y = area * 0.05 - Math.sin((i / 3) * Math.PI) * area * 0.28
      out += ball(doc, x, y, r * 0.16, '#F1E3C8', 0.3)
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.12)}" fill="${doc.radial([
        [0, '#E9A24A'],
        [1, '#B8661E'],
      ])}"/>`
    }
    out += specks(rng, 16, area * 0.6, '#4E6A2A', r * 0.02)
    out += specks(rng, 30, area * 0.8, '#A86A2A', r * 0.012, 0.7)
    return out
  }
  const breaded = spec.has('chicken-fried', 'cutlet', 'parmigiana', 'schnitzel', 'katsu')
  const duck = spec.has('duck', 'confit')
  const mole = spec.has('mole')
  // Sides first.
  out += mash(doc, rng, area * 0.42, -area * 0.35, area * 0.32)
  out += greensBundle(doc, area * 0.35, area * 0.45, area * 0.7, -25)
  if (breaded) {
    out += `<path d="${blobPath(rng, -area * 0.2 + 6, 10, area * 0.62, area * 0.5, 0.12, 10)}" fill="${SHADOW}" opacity=".3" filter="${doc.blur(7)}"/>`
    out += `<path d="${blobPath(rng, -area * 0.2, 0, area * 0.62, area * 0.5, 0.12, 10)}" fill="${doc.radial([
      [0, '#E8B45E'],
      [1, '#B06E26'],
    ])}"/>`
    out += at(-area * 0.2, 0, specks(rng, 70, area * 0.5, '#F6D596', r * 0.014))
    if (spec.has('parmigiana')) {
      out += `<path d="${blobPath(rng, -area * 0.2, 0, area * 0.45, area * 0.36, 0.25, 9)}" fill="${FOOD.sauce}" opacity=".95"/>`
      out += `<path d="${blobPath(rng, -area * 0.2, 0, area * 0.32, area * 0.26, 0.3, 9)}" fill="${FOOD.mozzarella}"/>`
      out += herbs(doc, rng, 2, area * 0.1, FOOD.basil, r * 0.12)
    } else {
      out += `<path d="${blobPath(rng, -area * 0.15, area * 0.05, area * 0.4, area * 0.3, 0.3, 9)}" fill="#F1E6CC" opacity=".92"/>`
      out += specks(rng, 40, area * 0.3, FOOD.pepper, r * 0.008)
    }
    return out
  }
  if (duck) {
    out += `<g transform="translate(${n(-area * 0.2)} 0) rotate(-30)">`
    out += `<path d="M${n(-area * 0.55)} 0C${n(-area * 0.55)} ${n(-area * 0.45)} ${n(area * 0.2)} ${n(-area * 0.45)} ${n(area * 0.3)} ${n(-area * 0.08)}L${n(area * 0.7)} ${n(-area * 0.05)}L${n(area * 0.7)} ${n(area * 0.08)}L${n(area * 0.3)} ${n(area * 0.1)}C${n(area * 0.2)} ${n(area * 0.45)} ${n(-area * 0.55)} ${n(area * 0.45)} ${n(-area * 0.55)} 0Z" fill="${doc.radial(
      [
        [0, '#D99A4E'],
        [1, '#8A4A1E'],
      ],
    )}"/>`
    out += `<circle cx="${n(area * 0.72)}" r="${n(area * 0.07)}" fill="#F3E9D6"/>`
    out += specks(rng, 20, area * 0.3, '#F4D08A', r * 0.015, 0.7)
    out += '</g>'
    out += specks(rng, 18, area * 0.7, '#5A8A2E', r * 0.015)
    return out
  }
  if (mole) {
    out += riceMound(doc, rng, area * 0.35, -area * 0.3, area * 0.34, area * 0.28)
    out += `<path d="${blobPath(rng, -area * 0.15, area * 0.05, area * 0.6, area * 0.5, 0.15, 10)}" fill="${doc.radial(
      [
        [0, '#6A3220'],
        [1, '#3A1A10'],
      ],
    )}"/>`
    out += chunk(doc, rng, -area * 0.15, 0, area * 0.35, area * 0.26, '#5A2818', 0.2)
    out += specks(rng, 40, area * 0.4, FOOD.sesame, r * 0.014)
    return out
  }
  // Sliced steak fanned over its sauce.
  out += `<path d="${blobPath(rng, -area * 0.15, area * 0.05, area * 0.6, area * 0.45, 0.2, 9)}" fill="${spec.has('poivre') ? '#C99A5E' : '#6A2A1A'}" opacity=".85"/>`
  for (let i = 0; i < 5; i++) {
    const x = -area * 0.5 + i * area * 0.17
    out += `<g transform="translate(${n(x)} ${n(-area * 0.05 + i * 4)}) rotate(12)">`
    out += `<rect x="${n(-area * 0.1)}" y="${n(-area * 0.32)}" width="${n(area * 0.2)}" height="${n(area * 0.64)}" rx="${n(area * 0.06)}" fill="${SHADOW}" opacity=".3" transform="translate(4 6)" filter="${doc.blur(4)}"/>`
    out += `<rect x="${n(-area * 0.1)}" y="${n(-area * 0.32)}" width="${n(area * 0.2)}" height="${n(area * 0.64)}" rx="${n(area * 0.06)}" fill="${FOOD.seared}"/>`
    out += `<rect x="${n(-area * 0.075)}" y="${n(-area * 0.28)}" width="${n(area * 0.15)}" height="${n(area * 0.56)}" rx="${n(area * 0.05)}" fill="${doc.radial(
      [
        [0, '#D9666A'],
        [0.7, '#B8484A'],
        [1, '#8A3A2A'],
      ],
    )}"/>`
    out += '</g>'
  }
  if (spec.has('poivre', 'peppercorn')) out += specks(rng, 40, area * 0.5, FOOD.pepper, r * 0.015)
  out += specks(rng, 20, area * 0.7, '#FFFFFF', r * 0.01, 0.7)
  return out
}

const bbq: Drawer = (doc, rng, spec, r, pal) => {
  let out = board(doc, rng, r * 2.2, r * 1.5, boardWood(pal))
  out += `<rect x="${n(-r * 0.9)}" y="${n(-r * 0.6)}" width="${n(r * 1.6)}" height="${n(r * 1.2)}" fill="#E6D3B0" transform="rotate(-4)"/>`
  if (spec.has('ribs')) {
    out += `<g transform="rotate(-8)"><rect x="${n(-r * 0.75)}" y="${n(-r * 0.32)}" width="${n(r * 1.35)}" height="${n(r * 0.62)}" rx="${n(r * 0.14)}" fill="${SHADOW}" opacity=".35" transform="translate(6 10)" filter="${doc.blur(7)}"/><rect x="${n(-r * 0.75)}" y="${n(-r * 0.32)}" width="${n(r * 1.35)}" height="${n(r * 0.62)}" rx="${n(r * 0.14)}" fill="${doc.radial(
      [
        [0, '#B24A22'],
        [0.7, '#7A2A12'],
        [1, '#4A180A'],
      ],
    )}"/>`
    for (let i = 1; i < 6; i++) {
      const x = -r * 0.75 + (i * r * 1.35) / 6
      out += `<path d="M${n(x)} ${n(-r * 0.3)}L${n(x)} ${n(r * 0.28)}" stroke="#3A1006" stroke-width="3" opacity=".6"/><rect x="${n(x - 5)}" y="${n(-r * 0.42)}" width="10" height="${n(r * 0.14)}" rx="5" fill="#F1E6D2"/>`
    }
    out += `<ellipse cx="${n(-r * 0.2)}" cy="${n(-r * 0.12)}" rx="${n(r * 0.45)}" ry="${n(r * 0.06)}" fill="#fff" opacity=".18"/></g>`
  } else if (spec.has('sausage')) {
    for (let i = 0; i < 2; i++) {
      const y = -r * 0.2 + i * r * 0.34
      out += `<g transform="translate(${n(-r * 0.15)} ${n(y)}) rotate(${n(-6 + i * 8)})"><rect x="${n(-r * 0.6)}" y="${n(-r * 0.11)}" width="${n(r * 1.2)}" height="${n(r * 0.22)}" rx="${n(r * 0.11)}" fill="${SHADOW}" opacity=".35" transform="translate(5 8)" filter="${doc.blur(5)}"/><rect x="${n(-r * 0.6)}" y="${n(-r * 0.11)}" width="${n(r * 1.2)}" height="${n(r * 0.22)}" rx="${n(r * 0.11)}" fill="${doc.linear(
        [
          [0, '#C0582E'],
          [1, '#6A2412'],
        ],
        0,
        0,
        0,
        1,
      )}"/><path d="M${n(-r * 0.5)} ${n(-r * 0.05)}L${n(r * 0.5)} ${n(-r * 0.05)}" stroke="#fff" stroke-opacity=".3" stroke-width="4" stroke-linecap="round"/></g>`
    }
    for (let i = 0; i < 3; i++) {
      const x = r * 0.25 + i * r * 0.2
      out += `<circle cx="${n(x)}" cy="${n(r * 0.42)}" r="${n(r * 0.1)}" fill="#7A3218"/><circle cx="${n(x)}" cy="${n(r * 0.42)}" r="${n(r * 0.08)}" fill="#C98A6A"/>`
      out += at(x, r * 0.42, specks(rng, 6, r * 0.06, '#F4C84A', r * 0.012))
    }
  } else {
    for (let i = 0; i < 5; i++) {
      const x = -r * 0.6 + i * r * 0.24
      out += `<g transform="translate(${n(x)} ${n(-r * 0.05)}) rotate(10)"><rect x="${n(-r * 0.11)}" y="${n(-r * 0.38)}" width="${n(r * 0.22)}" height="${n(r * 0.76)}" rx="${n(r * 0.03)}" fill="${SHADOW}" opacity=".3" transform="translate(5 6)" filter="${doc.blur(4)}"/><rect x="${n(-r * 0.11)}" y="${n(-r * 0.38)}" width="${n(r * 0.22)}" height="${n(r * 0.76)}" rx="${n(r * 0.03)}" fill="#2A140C"/><rect x="${n(-r * 0.09)}" y="${n(-r * 0.35)}" width="${n(r * 0.18)}" height="${n(r * 0.7)}" rx="${n(r * 0.02)}" fill="#B5483A"/><rect x="${n(-r * 0.075)}" y="${n(-r * 0.33)}" width="${n(r * 0.15)}" height="${n(r * 0.66)}" fill="${doc.linear(
        [
          [0, '#9A6A56'],
          [1, '#7A4A3A'],
        ],
        0,
        0,
        1,
        0,
      )}"/><path d="M${n(-r * 0.07)} ${n(-r * 0.05)}L${n(r * 0.07)} ${n(-r * 0.02)}" stroke="#F1DCC0" stroke-width="3" opacity=".7"/></g>`
    }
  }
  for (let i = 0; i < 4; i++) {
    const x = r * 0.6 + (i % 2) * r * 0.14
    const y = -r * 0.45 + Math.floor(i / 2) * r * 0.16
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.07)}" fill="${FOOD.pickle}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.055)}" fill="#C8D88A"/>`
  }
  out += `<rect x="${n(r * 0.45)}" y="${n(r * 0.12)}" width="${n(r * 0.42)}" height="${n(r * 0.42)}" rx="${n(r * 0.06)}" fill="#F7F1E4" stroke="#E0CDA8" stroke-width="3" transform="rotate(8 ${n(r * 0.66)} ${n(r * 0.33)})"/>`
  out += specks(rng, 30, r * 0.8, FOOD.pepper, r * 0.008, 0.5)
  return out
}

const fish: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  const area = r * 0.72
  if (spec.has('branzino', 'whole')) {
    out += herbs(doc, rng, 8, area * 0.6, FOOD.lettuce, r * 0.2)
    out += `<g transform="rotate(-20)">`
    const body = `M${n(-area * 0.85)} 0C${n(-area * 0.6)} ${n(-area * 0.34)} ${n(area * 0.4)} ${n(-area * 0.36)} ${n(area * 0.62)} 0C${n(area * 0.4)} ${n(area * 0.36)} ${n(-area * 0.6)} ${n(area * 0.34)} ${n(-area * 0.85)} 0Z`
    out += `<path d="${body}" fill="${SHADOW}" opacity=".3" transform="translate(5 9)" filter="${doc.blur(6)}"/>`
    out += `<path d="M${n(area * 0.55)} 0L${n(area * 0.95)} ${n(-area * 0.25)}L${n(area * 0.88)} 0L${n(area * 0.95)} ${n(area * 0.25)}Z" fill="#9AA3A6"/>`
    out += `<path d="${body}" fill="${doc.linear(
      [
        [0, '#C9D1D3'],
        [0.55, '#9AA6AA'],
        [1, '#6E7A7E'],
      ],
      0,
      0,
      0,
      1,
    )}"/>`
    for (let i = 0; i < 4; i++)
      out += `<path d="M${n(-area * 0.3 + i * area * 0.2)} ${n(-area * 0.22)}l${n(-area * 0.06)} ${n(area * 0.42)}" stroke="#3A2A1A" stroke-opacity=".45" stroke-width="4" stroke-linecap="round"/>`
    out += `<circle cx="${n(-area * 0.68)}" cy="${n(-area * 0.04)}" r="${n(area * 0.035)}" fill="#1E1E1E"/>`
    out +=
      citrusWheel(doc, -area * 0.05, 0, area * 0.12, FOOD.lemon) +
      citrusWheel(doc, area * 0.22, 0, area * 0.12, FOOD.lemon)
    out += '</g>'
    return out
  }
  const blackened = spec.has('blackened', 'redfish')
  const miso = spec.has('miso', 'cod')
  out += spec.has('redfish')
    ? riceMound(doc, rng, area * 0.2, area * 0.25, area * 0.5, area * 0.36, '#C99A66', '#8A5A34')
    : herbs(doc, rng, 6, area * 0.5, FOOD.lettuce, r * 0.18)
  const fill = blackened
    ? doc.radial([
        [0, '#8A3A1E'],
        [1, '#3A1408'],
      ])
    : miso
      ? doc.radial([
          [0, '#F0C27A'],
          [0.7, '#C98236'],
          [1, '#7A3E14'],
        ])
      : doc.radial([
          [0, '#F6A27A'],
          [1, '#D8704A'],
        ])
  out += `<path d="${blobPath(rng, -area * 0.1 + 6, -area * 0.05 + 10, area * 0.6, area * 0.34, 0.08, 10, -0.3)}" fill="${SHADOW}" opacity=".3" filter="${doc.blur(6)}"/>`
  out += `<path d="${blobPath(rng, -area * 0.1, -area * 0.05, area * 0.6, area * 0.34, 0.08, 10, -0.3)}" fill="${fill}"/>`
  for (let i = 0; i < 5; i++) {
    const x = -area * 0.45 + i * area * 0.2
    out += `<path d="M${n(x)} ${n(-area * 0.18 + i * -area * 0.05)}q${n(area * 0.06)} ${n(area * 0.12)} 0 ${n(area * 0.26)}" fill="none" stroke="${blackened ? '#C9602E' : '#FFF1E0'}" stroke-opacity=".45" stroke-width="3"/>`
  }
  if (blackened) out += specks(rng, 40, area * 0.35, '#1A0A04', r * 0.015, 0.8)
  out += lemonWedge(doc, area * 0.62, -area * 0.45, r * 0.13, 40)
  out += specks(rng, 18, area * 0.6, FOOD.herb, r * 0.015)
  for (let i = 0; i < 5; i++)
    out += `<circle cx="${n(-area * 0.5 + i * area * 0.22)}" cy="${n(area * 0.55 - Math.abs(i - 2) * 8)}" r="${n(r * 0.025)}" fill="${blackened ? '#E8B84A' : '#7A9A3A'}"/>`
  return out
}

const stirfry: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  const area = r * 0.62
  const isShrimp = spec.has('shrimp')
  out += `<path d="${blobPath(rng, 0, 0, area, area * 0.92, 0.12, 10)}" fill="${isShrimp ? '#E8D4B0' : '#9A4A1E'}" opacity=".8"/>`
  const count = isShrimp ? 9 : 14
  for (let i = 0; i < count; i++) {
    const p = discPoint(i, count, area * 0.8, rng)
    out += isShrimp
      ? shrimp(doc, p.x, p.y, r * 0.13, rng.range(0, 360))
      : chunk(doc, rng, p.x, p.y, r * 0.085, r * 0.07, vary(rng, '#B8652E', 0.1))
  }
  for (let i = 0; i < 9; i++) {
    const p = discPoint(i, 9, area * 0.85, rng)
    out += `<g transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(rng.range(0, 180))})"><path d="M${n(-r * 0.07)} 0Q0 ${n(-r * 0.05)} ${n(r * 0.08)} 0Q0 ${n(r * 0.03)} ${n(-r * 0.07)} 0Z" fill="${FOOD.chili}"/></g>`
  }
  if (spec.has('kung-pao', 'peanuts'))
    for (let i = 0; i < 14; i++)
      out += ball(doc, ...pointAt(rng, i, 14, area * 0.8), r * 0.03, FOOD.peanut, 0.4)
  out += specks(rng, 40, area * 0.9, FOOD.scallion, r * 0.018)
  out += specks(rng, 30, area * 0.9, '#F3EFE2', r * 0.012)
  out += `<path d="${blobPath(rng, -area * 0.2, -area * 0.3, area * 0.3, area * 0.08, 0.3, 7)}" fill="#fff" opacity=".12"/>`
  return out
}

const rice: Drawer = (doc, rng, spec, r, pal) => {
  const risotto = spec.has('risotto')
  const sticky = spec.has('sticky')
  let out = plate(doc, r, pal.plate)
  const area = r * 0.66
  if (spec.has('shawarma')) {
    out += riceMound(doc, rng, -area * 0.35, area * 0.1, area * 0.5, area * 0.6, '#F3E3B4', '#E3B24A')
    for (let i = 0; i < 7; i++)
      out += chunk(
        doc,
        rng,
        area * 0.25 + rng.range(-20, 20),
        -area * 0.4 + i * area * 0.13,
        area * 0.18,
        area * 0.07,
        vary(rng, '#C9803A', 0.1),
      )
    for (let i = 0; i < 4; i++)
      out += `<rect x="${n(area * 0.3 + i * 10)}" y="${n(area * 0.45)}" width="${n(r * 0.05)}" height="${n(r * 0.18)}" rx="3" fill="#E86A9A" transform="rotate(${n(rng.range(-20, 20))} ${n(area * 0.3)} ${n(area * 0.5)})"/>`
    out += `<path d="M${n(area * 0.55)} ${n(-area * 0.75)}L${n(area * 0.95)} ${n(-area * 0.3)}L${n(area * 0.6)} ${n(-area * 0.25)}Z" fill="${FOOD.bread}"/>`
    out += ball(doc, -area * 0.05, -area * 0.5, r * 0.08, '#FBF7EE', 0.2)
    return out
  }
  const tint = spec.has('biryani') ? '#F2B23A' : spec.has('fried-rice', 'yangzhou') ? '#EBCB84' : undefined
  out += sticky
    ? riceMound(doc, rng, -area * 0.1, -area * 0.25, area * 0.75, area * 0.55)
    : riceMound(doc, rng, 0, 0, area * 0.9, area * 0.82, risotto ? '#F1E2B8' : FOOD.rice, tint)
  if (risotto) {
    out += `<path d="${blobPath(rng, 0, 0, area * 0.75, area * 0.7, 0.2, 9)}" fill="#FFF6DC" opacity=".4"/>`
    for (let i = 0; i < 7; i++) {
      const p = discPoint(i, 7, area * 0.6, rng)
      out += `<g transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(rng.range(0, 360))})"><path d="M${n(-r * 0.08)} 0A${n(r * 0.08)} ${n(r * 0.07)} 0 0 1 ${n(r * 0.08)} 0L${n(r * 0.025)} 0L${n(r * 0.025)} ${n(r * 0.07)}L${n(-r * 0.025)} ${n(r * 0.07)}L${n(-r * 0.025)} 0Z" fill="#9A7452"/><path d="M${n(-r * 0.06)} ${n(-r * 0.01)}A${n(r * 0.06)} ${n(r * 0.05)} 0 0 1 ${n(r * 0.06)} ${n(-r * 0.01)}" fill="#C9A27A"/></g>`
    }
    out += specks(rng, 30, area * 0.7, FOOD.herb, r * 0.012)
    return out
  }
  if (sticky) {
    for (let i = 0; i < 6; i++) {
      const a = -0.55 + i * 0.22
      const len = area * 0.95
      out += `<g transform="translate(${n(-area * 0.1)} ${n(area * 0.55)}) rotate(${n((a * 180) / Math.PI - 90)})"><path d="M0 0C${n(len * 0.3)} ${n(-len * 0.12)} ${n(len * 0.85)} ${n(-len * 0.1)} ${n(len)} 0C${n(len * 0.85)} ${n(len * 0.1)} ${n(len * 0.3)} ${n(len * 0.12)} 0 0Z" fill="${SHADOW}" opacity=".2" transform="translate(3 5)"/><path d="M0 0C${n(len * 0.3)} ${n(-len * 0.12)} ${n(len * 0.85)} ${n(-len * 0.1)} ${n(len)} 0C${n(len * 0.85)} ${n(len * 0.1)} ${n(len * 0.3)} ${n(len * 0.12)} 0 0Z" fill="${doc.linear(
        [
          [0, '#FFC94A'],
          [1, '#F08E1A'],
        ],
      )}"/></g>`
    }
    out += `<path d="${openCurve(Array.from({ length: 6 }, (_, k) => ({ x: -area * 0.7 + k * area * 0.22, y: -area * 0.2 + Math.sin(k) * area * 0.12 })))}" fill="none" stroke="#FFFDF4" stroke-width="${n(r * 0.04)}" stroke-linecap="round"/>`
    out += specks(rng, 30, area * 0.6, '#3A2A1A', r * 0.01, 0.7)
    out += leaf(doc, -area * 0.5, -area * 0.45, r * 0.14, -30, FOOD.mint)
    return out
  }
  const extras = spec.has('biryani')
    ? [
        ['#8A4A1E', 14, 0.05],
        ['#D9A15A', 6, 0.1],
      ]
    : [
        ['#7DBA4A', 22, 0.025],
        ['#F08A3A', 14, 0.025],
        ['#F6D04A', 10, 0.035],
      ]
  for (const [color, count, size] of extras as [string, number, number][]) {
    for (let i = 0; i < count; i++) {
      const p = discPoint(i, count, area * 0.75, rng)
      out +=
        size > 0.04
          ? chunk(doc, rng, p.x, p.y, r * size, r * size * 0.8, color)
          : ball(doc, p.x, p.y, r * size, color, 0.4)
    }
  }
  if (spec.has('shrimp', 'yangzhou'))
    for (let i = 0; i < 5; i++)
      out += shrimp(doc, ...pointAt(rng, i, 5, area * 0.55), r * 0.1, rng.range(0, 360))
  if (spec.has('biryani')) {
    out += eggHalf(doc, area * 0.4, area * 0.3, r * 0.1, 10, false)
    out += herbs(doc, rng, 5, area * 0.6, FOOD.mint, r * 0.1)
  }
  out += specks(rng, 30, area * 0.8, FOOD.scallion, r * 0.014)
  return out
}

const bake: Drawer = (doc, rng, spec, r, pal) => {
  const skillet = spec.has('mac-and-cheese', 'mac')
  const green = spec.has('verdes', 'verde')
  const w = r * 1.8
  const h = r * 1.3
  let out = ''
  if (skillet) {
    out += dropShadow(doc, r, 0.4)
    out += `<rect x="${n(r * 0.8)}" y="${n(-r * 0.09)}" width="${n(r * 0.55)}" height="${n(r * 0.18)}" rx="${n(r * 0.08)}" fill="#2A2A2A"/>`
    out += `<circle r="${n(r)}" fill="${doc.linear([
      [0, '#5A5A5A'],
      [1, '#1A1A1A'],
    ])}"/>`
    out += `<circle r="${n(r * 0.88)}" fill="#2A2A2A"/>`
  } else {
    out += dropShadow(doc, r, 0.4, w / 2, h / 2)
    out += `<rect x="${n(-w / 2)}" y="${n(-h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(r * 0.18)}" fill="${doc.linear(
      [
        [0, lighten(pal.glaze, 0.3)],
        [1, darken(pal.glaze, 0.3)],
      ],
    )}"/>`
    out += `<rect x="${n(-w / 2 + r * 0.1)}" y="${n(-h / 2 + r * 0.1)}" width="${n(w - r * 0.2)}" height="${n(h - r * 0.2)}" rx="${n(r * 0.12)}" fill="${darken(pal.plate, 0.1)}"/>`
  }
  const base = green ? '#9AAE3A' : skillet ? '#E9A53A' : FOOD.sauce
  const fillW = skillet ? r * 0.84 : w / 2 - r * 0.14
  const fillH = skillet ? r * 0.84 : h / 2 - r * 0.14
  out += skillet
    ? `<circle r="${n(fillW)}" fill="${base}"/>`
    : `<rect x="${n(-fillW)}" y="${n(-fillH)}" width="${n(fillW * 2)}" height="${n(fillH * 2)}" rx="${n(r * 0.08)}" fill="${base}"/>`
  const count = 30
  for (let i = 0; i < count; i++) {
    const x = rng.range(-fillW * 0.85, fillW * 0.85)
    const y = rng.range(-fillH * 0.85, fillH * 0.85)
    if (skillet && Math.hypot(x, y) > fillW * 0.85) continue
    const c = green ? (rng.chance(0.5) ? '#F6EEDC' : '#EBD9A6') : rng.pick(['#F3C45A', '#E8A840', '#F6D88A'])
    out += `<path d="${blobPath(rng, x, y, r * rng.range(0.1, 0.18), r * rng.range(0.08, 0.14), 0.3, 7)}" fill="${c}"/>`
  }
  for (let i = 0; i < 26; i++) {
    const x = rng.range(-fillW * 0.85, fillW * 0.85)
    const y = rng.range(-fillH * 0.85, fillH * 0.85)
    if (skillet && Math.hypot(x, y) > fillW * 0.85) continue
    out += `<path d="${blobPath(rng, x, y, r * rng.range(0.03, 0.07), r * rng.range(0.02, 0.05), 0.4, 6)}" fill="#8A4A18" opacity="${n(rng.range(0.4, 0.8))}"/>`
  }
  if (green) {
    out += `<path d="${openCurve(Array.from({ length: 8 }, (_, k) => ({ x: -fillW * 0.8 + (k * fillW * 1.6) / 7, y: Math.sin(k * 1.4) * fillH * 0.3 })))}" fill="none" stroke="#FFFBF0" stroke-width="${n(r * 0.035)}" stroke-linecap="round"/>`
    out += herbs(doc, rng, 8, fillH * 0.8, FOOD.herb, r * 0.1)
    out += specks(rng, 20, fillH * 0.8, FOOD.redOnion, r * 0.02)
  } else {
    out += specks(rng, 40, Math.min(fillW, fillH), FOOD.herb, r * 0.014)
  }
  return out
}

function dumpling(
  doc: SvgDoc,
  x: number,
  y: number,
  s: number,
  angle: number,
  fried: boolean,
  bun: boolean,
): string {
  let out = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">`
  if (bun) {
    out += `<circle cx="${n(s * 0.1)}" cy="${n(s * 0.16)}" r="${n(s)}" fill="${SHADOW}" opacity=".3" filter="${doc.blur(s * 0.15)}"/>`
    out += `<circle r="${n(s)}" fill="${doc.radial(
      [
        [0, '#FFFDF6'],
        [0.7, '#F1E8D6'],
        [1, '#D9CBB0'],
      ],
      0.5,
      0.5,
      0.55,
      0.4,
      0.35,
    )}"/>`
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2
      out += `<path d="M${n(Math.cos(a) * s * 0.1)} ${n(Math.sin(a) * s * 0.1)}Q${n(Math.cos(a + 0.4) * s * 0.5)} ${n(Math.sin(a + 0.4) * s * 0.5)} ${n(Math.cos(a + 0.2) * s * 0.85)} ${n(Math.sin(a + 0.2) * s * 0.85)}" fill="none" stroke="#CDBB98" stroke-width="${n(s * 0.05)}" stroke-linecap="round"/>`
    }
    out += `<circle r="${n(s * 0.12)}" fill="#E9DCC0"/>`
    return `${out}</g>`
  }
  const d = `M${n(-s)} ${n(s * 0.2)}C${n(-s)} ${n(-s * 0.9)} ${n(s)} ${n(-s * 0.9)} ${n(s)} ${n(s * 0.2)}Q0 ${n(s * 0.45)} ${n(-s)} ${n(s * 0.2)}Z`
  out += `<path d="${d}" fill="${SHADOW}" opacity=".3" transform="translate(3 6)" filter="${doc.blur(s * 0.12)}"/>`
  out += `<path d="${d}" fill="${
    fried
      ? doc.linear(
          [
            [0, '#F6EAD2'],
            [0.7, '#E8C890'],
            [1, '#B8742A'],
          ],
          0,
          0,
          0,
          1,
        )
      : '#F3EADA'
  }"/>`
  for (let i = 0; i < 6; i++) {
    const t = -0.75 + i * 0.3
    out += `<path d="M${n(t * s)} ${n(-s * 0.55 + Math.abs(t) * s * 0.25)}q${n(s * 0.08)} ${n(s * 0.18)} ${n(s * 0.02)} ${n(s * 0.32)}" fill="none" stroke="#CBB48A" stroke-width="${n(s * 0.06)}" stroke-linecap="round"/>`
  }
  return `${out}</g>`
}

const dumplings: Drawer = (doc, rng, spec, r, pal) => {
  const gyoza = spec.has('gyoza', 'potstickers')
  let out = ''
  if (gyoza) {
    out += plate(doc, r, pal.plate)
    out += `<path d="${blobPath(rng, 0, 0, r * 0.66, r * 0.55, 0.12, 14)}" fill="#D9A04A" opacity=".85"/>`
    for (let i = 0; i < 30; i++)
      out += `<circle cx="${n(rng.range(-r * 0.55, r * 0.55))}" cy="${n(rng.range(-r * 0.45, r * 0.45))}" r="${n(r * rng.range(0.02, 0.05))}" fill="#F3E6CF" opacity=".75"/>`
    for (let i = 0; i < 5; i++)
      out += dumpling(
        doc,
        -r * 0.42 + i * r * 0.21,
        (i % 2) * r * 0.08,
        r * 0.2,
        90 + rng.range(-6, 6),
        true,
        false,
      )
    out += specks(rng, 20, r * 0.5, FOOD.scallion, r * 0.014)
    return out
  }
  out += dropShadow(doc, r, 0.4)
  out += `<circle r="${n(r)}" fill="${doc.linear([
    [0, '#E8CD98'],
    [1, '#A8824A'],
  ])}"/>`
  out += `<circle r="${n(r * 0.9)}" fill="none" stroke="#8A6A3A" stroke-width="${n(r * 0.03)}" opacity=".6"/>`
  out += `<circle r="${n(r * 0.86)}" fill="#F4ECD8"/>`
  for (let i = 0; i < 40; i++) {
    const p = discPoint(i, 40, r * 0.82)
    out += `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(r * 0.012)}" fill="#C9B68E"/>`
  }
  const count = 6
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + 0.3
    out += dumpling(doc, Math.cos(a) * r * 0.5, Math.sin(a) * r * 0.5, r * 0.23, 0, false, true)
  }
  out += dumpling(doc, 0, 0, r * 0.23, 0, false, true)
  out += ramekin(doc, r * 0.92, r * 0.72, r * 0.2, '#3A1A0C', pal.plate)
  out += chopsticks(-r * 1.1, -r * 0.95, r * 1.5, 28)
  return out
}

type BiteShape =
  | 'triangle'
  | 'ring'
  | 'stick'
  | 'roll'
  | 'ball'
  | 'pod'
  | 'patty'
  | 'shell'
  | 'wing'
  | 'cob'
  | 'diamond'
  | 'sprout'
  | 'toast'
  | 'popper'
  | 'wedge'

function biteShape(spec: DishSpec): BiteShape {
  if (spec.has('samosas', 'spanakopita', 'nachos', 'chips')) return 'triangle'
  if (spec.has('rings', 'fritto', 'calamari')) return 'ring'
  if (spec.has('fries', 'churros')) return 'stick'
  if (spec.has('spring-rolls', 'egg-rolls')) return 'roll'
  if (spec.has('falafel', 'arancini', 'croquettes')) return 'ball'
  if (spec.has('edamame')) return 'pod'
  if (spec.has('cakes', 'crab')) return 'patty'
  if (spec.has('oysters', 'escargots')) return 'shell'
  if (spec.has('wings')) return 'wing'
  if (spec.has('elote', 'corn')) return 'cob'
  if (spec.has('baklava')) return 'diamond'
  if (spec.has('sprouts')) return 'sprout'
  if (spec.has('bread', 'bruschetta')) return 'toast'
  if (spec.has('poppers')) return 'popper'
  if (spec.has('pancakes')) return 'wedge'
  return 'ball'
}

function bite(doc: SvgDoc, rng: Rng, shape: BiteShape, s: number, spec: DishSpec): string {
  const golden = doc.radial(
    [
      [0, '#F2C66E'],
      [0.7, '#D9963A'],
      [1, '#A8631E'],
    ],
    0.5,
    0.5,
    0.6,
    0.4,
    0.35,
  )
  const shadow = (d: string) =>
    `<path d="${d}" fill="${SHADOW}" opacity=".3" transform="translate(${n(s * 0.1)} ${n(s * 0.16)})" filter="${doc.blur(s * 0.12 + 1)}"/>`
  switch (shape) {
    case 'triangle': {
      const d = `M0 ${n(-s)}Q${n(s * 0.1)} ${n(-s)} ${n(s * 0.9)} ${n(s * 0.55)}Q${n(s * 0.9)} ${n(s * 0.65)} ${n(s * 0.8)} ${n(s * 0.65)}L${n(-s * 0.8)} ${n(s * 0.65)}Q${n(-s * 0.9)} ${n(s * 0.65)} ${n(-s * 0.9)} ${n(s * 0.55)}Q${n(-s * 0.1)} ${n(-s)} 0 ${n(-s)}Z`
      const fill = spec.has('spanakopita')
        ? doc.radial([
            [0, '#F6DA9A'],
            [1, '#C98A3A'],
          ])
        : spec.has('chips', 'nachos')
          ? doc.radial([
              [0, '#F6DC8A'],
              [1, '#DDA94A'],
            ])
          : golden
      return `${shadow(d)}<path d="${d}" fill="${fill}"/>${spec.has('samosas') ? `<path d="M${n(-s * 0.7)} ${n(s * 0.5)}L${n(s * 0.7)} ${n(s * 0.5)}" stroke="#A8631E" stroke-width="${n(s * 0.08)}" stroke-dasharray="${n(s * 0.12)} ${n(s * 0.1)}"/>` : ''}${spec.has('spanakopita') ? specks(rng, 8, s * 0.5, '#FFF3D6', s * 0.08) : ''}`
    }
    case 'ring': {
      const ring = `<circle r="${n(s * 0.72)}" fill="none" stroke="${golden}" stroke-width="${n(s * 0.42)}"/>`
      return `<circle r="${n(s * 0.72)}" fill="none" stroke="${SHADOW}" stroke-opacity=".3" stroke-width="${n(s * 0.42)}" transform="translate(${n(s * 0.1)} ${n(s * 0.16)})" filter="${doc.blur(s * 0.1 + 1)}"/>${ring}<circle r="${n(s * 0.72)}" fill="none" stroke="#FCE3A8" stroke-opacity=".45" stroke-width="${n(s * 0.1)}" stroke-dasharray="${n(s * 0.08)} ${n(s * 0.14)}"/>`
    }
    case 'stick': {
      const churro = spec.has('churros')
      const d = `M${n(-s * 1.2)} ${n(-s * 0.16)}L${n(s * 1.2)} ${n(-s * 0.16)}Q${n(s * 1.36)} 0 ${n(s * 1.2)} ${n(s * 0.16)}L${n(-s * 1.2)} ${n(s * 0.16)}Q${n(-s * 1.36)} 0 ${n(-s * 1.2)} ${n(-s * 0.16)}Z`
      return `${shadow(d)}<path d="${d}" fill="${
        churro
          ? doc.linear(
              [
                [0, '#D9994A'],
                [1, '#8A4A1A'],
              ],
              0,
              0,
              0,
              1,
            )
          : doc.linear(
              [
                [0, '#F8D77A'],
                [1, '#D99A32'],
              ],
              0,
              0,
              0,
              1,
            )
      }"/>${churro ? `<path d="M${n(-s * 1.1)} 0L${n(s * 1.1)} 0" stroke="#F6D9A0" stroke-width="${n(s * 0.05)}"/>${specks(rng, 10, s * 0.9, '#FFF6E0', s * 0.04)}` : ''}`
    }
    case 'roll': {
      const fresh = spec.has('fresh')
      const d = `M${n(-s)} ${n(-s * 0.34)}L${n(s)} ${n(-s * 0.34)}Q${n(s * 1.3)} 0 ${n(s)} ${n(s * 0.34)}L${n(-s)} ${n(s * 0.34)}Q${n(-s * 1.3)} 0 ${n(-s)} ${n(-s * 0.34)}Z`
      let out = `${shadow(d)}<path d="${d}" fill="${fresh ? '#F3EFE6' : golden}" ${fresh ? 'fill-opacity=".92"' : ''}/>`
      if (fresh) {
        out += `<rect x="${n(-s * 0.8)}" y="${n(-s * 0.18)}" width="${n(s * 0.7)}" height="${n(s * 0.3)}" rx="${n(s * 0.1)}" fill="#F4A07A" opacity=".6"/><rect x="${n(-s * 0.05)}" y="${n(-s * 0.2)}" width="${n(s * 0.9)}" height="${n(s * 0.34)}" rx="${n(s * 0.12)}" fill="#7DB84A" opacity=".55"/>`
      } else {
        for (let i = 0; i < 4; i++)
          out += `<path d="M${n(-s * 0.6 + i * s * 0.4)} ${n(-s * 0.3)}q${n(s * 0.1)} ${n(s * 0.3)} 0 ${n(s * 0.6)}" fill="none" stroke="#B8742A" stroke-opacity=".5" stroke-width="${n(s * 0.05)}"/>`
      }
      return out
    }
    case 'pod': {
      const d = `M${n(-s)} 0C${n(-s * 0.9)} ${n(-s * 0.4)} ${n(s * 0.9)} ${n(-s * 0.45)} ${n(s)} ${n(-s * 0.05)}C${n(s * 0.9)} ${n(s * 0.3)} ${n(-s * 0.9)} ${n(s * 0.35)} ${n(-s)} 0Z`
      let out = `${shadow(d)}<path d="${d}" fill="${doc.linear(
        [
          [0, '#9FD06A'],
          [1, '#4E8A2E'],
        ],
        0,
        0,
        0,
        1,
      )}"/>`
      for (let i = 0; i < 3; i++)
        out += `<ellipse cx="${n(-s * 0.55 + i * s * 0.55)}" cy="${n(-s * 0.05)}" rx="${n(s * 0.24)}" ry="${n(s * 0.16)}" fill="#B8E07A" opacity=".55"/>`
      return out + specks(rng, 5, s * 0.6, '#FFFFFF', s * 0.05)
    }
    case 'patty': {
      let out = ball(doc, 0, 0, s * 0.9, '#D99A4A', 0.4)
      out += specks(rng, 24, s * 0.75, '#F4D08A', s * 0.05)
      out += specks(rng, 8, s * 0.6, '#7A9A3A', s * 0.04)
      return out
    }
    case 'shell': {
      const oyster = spec.has('oysters')
      if (!oyster) {
        return `${ball(doc, 0, 0, s * 0.8, '#6A5A4A', 0.3)}<circle r="${n(s * 0.55)}" fill="#4E8A2E"/><circle r="${n(s * 0.3)}" fill="#A8C86A"/>${specks(rng, 6, s * 0.4, '#E8F0C0', s * 0.06)}`
      }
      const d = blobPath(rng, 0, 0, s * 1.1, s * 0.85, 0.16, 9)
      return `${shadow(d)}<path d="${d}" fill="${doc.linear([
        [0, '#C9C2B6'],
        [1, '#6E685E'],
      ])}"/><path d="${blobPath(rng, 0, 0, s * 0.8, s * 0.6, 0.12, 9)}" fill="${doc.radial([
        [0, '#F4F1EC'],
        [0.6, '#D9D3CB'],
        [1, '#A8A094'],
      ])}"/><path d="${blobPath(rng, s * 0.05, 0, s * 0.45, s * 0.32, 0.2, 8)}" fill="#CFC4B4" opacity=".8"/>`
    }
    case 'wing': {
      const d = `M${n(-s)} 0C${n(-s)} ${n(-s * 0.6)} ${n(s * 0.2)} ${n(-s * 0.7)} ${n(s)} ${n(-s * 0.15)}L${n(s * 1.2)} ${n(-s * 0.1)}L${n(s * 1.2)} ${n(s * 0.1)}L${n(s)} ${n(s * 0.15)}C${n(s * 0.2)} ${n(s * 0.7)} ${n(-s)} ${n(s * 0.6)} ${n(-s)} 0Z`
      return `${shadow(d)}<path d="${d}" fill="${doc.radial([
        [0, '#E8702A'],
        [0.7, '#B8401A'],
        [1, '#7A2410'],
      ])}"/><ellipse cx="${n(-s * 0.3)}" cy="${n(-s * 0.25)}" rx="${n(s * 0.3)}" ry="${n(s * 0.1)}" fill="#fff" opacity=".25"/>`
    }
    case 'cob': {
      const d = `M${n(-s * 1.3)} ${n(-s * 0.4)}L${n(s * 1.3)} ${n(-s * 0.4)}Q${n(s * 1.6)} 0 ${n(s * 1.3)} ${n(s * 0.4)}L${n(-s * 1.3)} ${n(s * 0.4)}Q${n(-s * 1.6)} 0 ${n(-s * 1.3)} ${n(-s * 0.4)}Z`
      let out = `${shadow(d)}<path d="${d}" fill="#F2C23A"/>`
      for (let i = 0; i < 10; i++)
        for (let k = 0; k < 4; k++)
          out += `<rect x="${n(-s * 1.25 + i * s * 0.26)}" y="${n(-s * 0.36 + k * s * 0.19)}" width="${n(s * 0.22)}" height="${n(s * 0.16)}" rx="${n(s * 0.06)}" fill="${rng.chance(0.2) ? '#B8742A' : '#F8D660'}"/>`
      out += `<path d="M${n(-s * 1.1)} ${n(-s * 0.1)}q${n(s * 0.4)} ${n(-s * 0.3)} ${n(s * 0.8)} 0t${n(s * 0.8)} 0t${n(s * 0.6)} 0" fill="none" stroke="#FFF8EA" stroke-width="${n(s * 0.12)}" stroke-linecap="round"/>`
      return (
        out + specks(rng, 20, s * 0.9, '#C8321F', s * 0.04) + specks(rng, 12, s * 0.9, '#FFFFFF', s * 0.07)
      )
    }
    case 'diamond': {
      const d = `M0 ${n(-s)}L${n(s * 0.75)} 0L0 ${n(s)}L${n(-s * 0.75)} 0Z`
      return `${shadow(d)}<path d="${d}" fill="${doc.linear([
        [0, '#F2C466'],
        [1, '#B8782A'],
      ])}"/><path d="M0 ${n(-s * 0.6)}L${n(s * 0.45)} 0L0 ${n(s * 0.6)}L${n(-s * 0.45)} 0Z" fill="none" stroke="#E0A85A" stroke-width="${n(s * 0.06)}"/>${specks(rng, 8, s * 0.3, '#7DA03A', s * 0.08)}`
    }
    case 'sprout': {
      let out = ball(doc, 0, 0, s * 0.75, '#6A9A3A', 0.5)
      for (let i = 1; i < 4; i++)
        out += `<path d="${arcPathOffset(s * 0.75 * (1 - i * 0.22))}" fill="none" stroke="#C9E08A" stroke-width="${n(s * 0.05)}" opacity=".8"/>`
      return `${out}<path d="M${n(-s * 0.5)} ${n(-s * 0.3)}Q0 ${n(-s * 0.6)} ${n(s * 0.5)} ${n(-s * 0.2)}" fill="none" stroke="#5A2A0E" stroke-opacity=".55" stroke-width="${n(s * 0.12)}"/>`
    }
    case 'toast': {
      const d = `M${n(-s)} ${n(-s * 0.55)}Q${n(-s)} ${n(-s * 0.75)} ${n(-s * 0.7)} ${n(-s * 0.75)}L${n(s * 0.7)} ${n(-s * 0.75)}Q${n(s)} ${n(-s * 0.75)} ${n(s)} ${n(-s * 0.55)}L${n(s)} ${n(s * 0.6)}L${n(-s)} ${n(s * 0.6)}Z`
      return `${shadow(d)}<path d="${d}" fill="#B8742A"/><path d="M${n(-s * 0.85)} ${n(-s * 0.5)}Q${n(-s * 0.85)} ${n(-s * 0.62)} ${n(-s * 0.6)} ${n(-s * 0.62)}L${n(s * 0.6)} ${n(-s * 0.62)}Q${n(s * 0.85)} ${n(-s * 0.62)} ${n(s * 0.85)} ${n(-s * 0.5)}L${n(s * 0.85)} ${n(s * 0.46)}L${n(-s * 0.85)} ${n(s * 0.46)}Z" fill="${doc.radial(
        [
          [0, '#F6D48A'],
          [1, '#D9A04A'],
        ],
      )}"/>${specks(rng, 20, s * 0.6, '#4E8A2E', s * 0.05)}`
    }
    case 'popper': {
      const d = `M${n(-s * 1.1)} 0C${n(-s * 1.1)} ${n(-s * 0.5)} ${n(s)} ${n(-s * 0.45)} ${n(s * 1.05)} 0C${n(s)} ${n(s * 0.45)} ${n(-s * 1.1)} ${n(s * 0.5)} ${n(-s * 1.1)} 0Z`
      return `${shadow(d)}<path d="${d}" fill="#3E7A2A"/><path d="${blobPath(rng, 0, 0, s * 0.8, s * 0.3, 0.15, 8)}" fill="#F6EEDC"/><path d="M${n(-s * 0.8)} ${n(-s * 0.2)}q${n(s * 0.4)} ${n(s * 0.4)} ${n(s * 0.8)} 0t${n(s * 0.8)} 0" fill="none" stroke="#8A2A1A" stroke-width="${n(s * 0.18)}" stroke-linecap="round"/>`
    }
    case 'wedge': {
      const d = `M0 0L${n(s * 1.2)} ${n(-s * 0.55)}A${n(s * 1.3)} ${n(s * 1.3)} 0 0 1 ${n(s * 1.2)} ${n(s * 0.55)}Z`
      return `${shadow(d)}<path d="${d}" fill="${doc.radial([
        [0, '#F4D28A'],
        [1, '#C98A3A'],
      ])}" transform="translate(${n(-s * 0.6)} 0)"/>${specks(rng, 12, s * 0.5, FOOD.scallion, s * 0.06)}`
    }
    default: {
      const color = spec.has('falafel') ? '#9A6A2E' : '#D9963A'
      return ball(doc, 0, 0, s * 0.8, color, 0.45) + specks(rng, 10, s * 0.6, '#F4D8A0', s * 0.05)
    }
  }
}

function arcPathOffset(r: number): string {
  return `M${n(-r * 0.8)} ${n(r * 0.3)}Q0 ${n(-r * 1.1)} ${n(r * 0.8)} ${n(r * 0.3)}`
}

const bites: Drawer = (doc, rng, spec, r, pal) => {
  const shape = biteShape(spec)
  const onBoard = shape === 'toast' || shape === 'cob' || shape === 'diamond' || shape === 'wedge'
  let out = onBoard ? board(doc, rng, r * 2.1, r * 1.55, boardWood(pal)) : plate(doc, r, pal.plate)
  if (shape === 'shell' && spec.has('oysters')) {
    out += `<circle r="${n(r * 0.74)}" fill="#E6EEF2"/>`
    for (let i = 0; i < 40; i++) {
      const p = discPoint(i, 40, r * 0.7, rng)
      out += `<path d="${blobPath(rng, p.x, p.y, r * 0.05, r * 0.04, 0.4, 5)}" fill="#FFFFFF" opacity=".8"/>`
    }
  }
  const sizes: Record<BiteShape, [number, number]> = {
    triangle: [7, 0.24],
    ring: [7, 0.2],
    stick: [12, 0.2],
    roll: [5, 0.3],
    ball: [8, 0.18],
    pod: [11, 0.21],
    patty: [3, 0.24],
    shell: [6, 0.2],
    wing: [7, 0.2],
    cob: [3, 0.28],
    diamond: [8, 0.25],
    sprout: [12, 0.14],
    toast: [4, 0.28],
    popper: [6, 0.24],
    wedge: [6, 0.26],
  }
  const [count, size] = sizes[shape]
  const ringR = onBoard ? r * 0.45 : r * 0.5
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + rng.range(-0.15, 0.15)
    const d = count > 6 ? ringR * (i % 2 === 0 ? 1 : 0.55) : ringR * 0.75
    const x =
      shape === 'cob' || shape === 'toast'
        ? -r * 0.15 + ((i % 2) - 0.5) * r * 0.5
        : Math.cos(a) * d - r * 0.08
    const y =
      shape === 'cob' || shape === 'toast' ? -r * 0.4 + i * r * (count > 3 ? 0.28 : 0.38) : Math.sin(a) * d
    const angle = shape === 'cob' ? -10 : shape === 'stick' ? rng.range(-60, 60) : rng.range(0, 360)
    out += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">${bite(doc, rng, shape, r * size, spec)}</g>`
  }
  if (shape === 'wing') {
    for (let i = 0; i < 3; i++)
      out += `<rect x="${n(r * 0.3)}" y="${n(-r * 0.55 + i * 14)}" width="${n(r * 0.5)}" height="${n(r * 0.07)}" rx="4" fill="#B8D87A" transform="rotate(25 ${n(r * 0.5)} ${n(-r * 0.5)})"/>`
  }
  if (shape === 'sprout') out += specks(rng, 24, r * 0.55, FOOD.sesame, r * 0.012)
  if (shape === 'shell' && spec.has('oysters')) out += lemonWedge(doc, r * 0.05, r * 0.05, r * 0.14, 30)
  const dip =
    shape === 'triangle' && spec.has('samosas')
      ? '#3E8A3A'
      : shape === 'stick' && spec.has('churros')
        ? FOOD.chocolate
        : shape === 'wing' || shape === 'ring'
          ? '#F4EEDC'
          : shape === 'patty'
            ? '#F0C9A0'
            : null
  if (dip)
    out += ramekin(
      doc,
      onBoard ? r * 0.65 : r * 0.05,
      onBoard ? r * 0.35 : r * 0.02,
      r * 0.17,
      dip,
      pal.plate,
    )
  return out
}

const skewers: Drawer = (doc, rng, spec, r, pal) => {
  let out = board(doc, rng, r * 2.1, r * 1.5, boardWood(pal))
  const piece = spec.has('paneer') ? '#F6E8CC' : spec.has('kofta') ? '#7A3A20' : '#D98A3A'
  for (let i = 0; i < 3; i++) {
    out += `<g transform="translate(${n(-r * 0.1)} ${n(-r * 0.42 + i * r * 0.36)}) rotate(-8)">`
    out += `<path d="M${n(-r * 0.95)} 0L${n(r * 0.7)} 0" stroke="#C9A06A" stroke-width="${n(r * 0.025)}" stroke-linecap="round"/>`
    if (spec.has('kofta')) {
      out += `<rect x="${n(-r * 0.6)}" y="${n(-r * 0.09)}" width="${n(r * 1.1)}" height="${n(r * 0.18)}" rx="${n(r * 0.09)}" fill="${SHADOW}" opacity=".3" transform="translate(4 7)" filter="${doc.blur(5)}"/><rect x="${n(-r * 0.6)}" y="${n(-r * 0.09)}" width="${n(r * 1.1)}" height="${n(r * 0.18)}" rx="${n(r * 0.09)}" fill="${doc.linear(
        [
          [0, '#A8562E'],
          [1, '#5A2410'],
        ],
        0,
        0,
        0,
        1,
      )}"/>`
      for (let k = 0; k < 5; k++)
        out += `<path d="M${n(-r * 0.45 + k * r * 0.2)} ${n(-r * 0.08)}l${n(r * 0.05)} ${n(r * 0.16)}" stroke="#2A0E06" stroke-width="4" stroke-linecap="round" opacity=".6"/>`
    } else {
      for (let k = 0; k < 5; k++) {
        const x = -r * 0.55 + k * r * 0.25
        const c = spec.has('paneer') && k % 2 === 1 ? (k === 1 ? '#D9402A' : '#5E9A3A') : piece
        out += chunk(doc, rng, x, 0, r * 0.11, r * 0.1, vary(rng, c, 0.06), 0.15)
        out += `<path d="M${n(x - r * 0.06)} ${n(-r * 0.05)}l${n(r * 0.1)} ${n(r * 0.1)}" stroke="#3A1A0A" stroke-width="3" opacity=".45" stroke-linecap="round"/>`
      }
    }
    out += '</g>'
  }
  const sauce = spec.has('satay') ? '#B8742E' : spec.has('kofta') ? '#F3F0E4' : '#3E8A3A'
  out += ramekin(doc, r * 0.72, r * 0.38, r * 0.2, sauce, pal.plate)
  out += specks(rng, 20, r * 0.6, FOOD.herb, r * 0.012)
  return out
}

const dip: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  if (spec.has('mezze')) {
    const dips = ['#E8CC98', '#B8A27A', '#7DAA3A']
    dips.forEach((c, i) => {
      const a = (i / 3) * Math.PI * 2 - Math.PI / 2
      out += ramekin(doc, Math.cos(a) * r * 0.38, Math.sin(a) * r * 0.38, r * 0.24, c, pal.plate)
      if (i === 0)
        out += at(
          Math.cos(a) * r * 0.38,
          Math.sin(a) * r * 0.38,
          specks(rng, 10, r * 0.1, '#C8321F', r * 0.015),
        )
    })
    for (let i = 0; i < 4; i++) out += ball(doc, ...pointAt(rng, i, 4, r * 0.15), r * 0.06, '#8A5A22', 0.4)
    for (let i = 0; i < 3; i++) {
      const a = (i / 3) * Math.PI * 2 + Math.PI / 6
      out += `<g transform="translate(${n(Math.cos(a) * r * 0.55)} ${n(Math.sin(a) * r * 0.55)}) rotate(${n((a * 180) / Math.PI + 90)})"><path d="M0 ${n(-r * 0.16)}L${n(r * 0.12)} ${n(r * 0.1)}L${n(-r * 0.12)} ${n(r * 0.1)}Z" fill="${FOOD.bread}"/></g>`
    }
    return out
  }
  const guac = spec.has('guacamole')
  const queso = spec.has('queso', 'fundido')
  const color = guac ? '#9AB84A' : queso ? (spec.has('cashew') ? '#EFB84A' : '#F0B03A') : '#E3C794'
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2
    out += `<g transform="translate(${n(Math.cos(a) * r * 0.56)} ${n(Math.sin(a) * r * 0.56)}) rotate(${n((a * 180) / Math.PI + 90 + rng.range(-20, 20))})">${bite(doc, rng, spec.has('fundido') ? 'wedge' : 'triangle', r * 0.17, { ...spec, has: (...w) => w.includes('chips') || spec.has(...w) })}</g>`
  }
  out += ramekin(doc, 0, 0, r * 0.42, color, pal.glaze === '#2E2A28' ? pal.plate : lighten(pal.glaze, 0.5))
  if (guac) {
    for (let i = 0; i < 10; i++)
      out += chunk(
        doc,
        rng,
        ...pointAt(rng, i, 10, r * 0.28),
        r * 0.04,
        r * 0.03,
        rng.pick(['#6E9A2A', '#C8321F', '#F4F1F6']),
      )
    out += herbs(doc, rng, 3, r * 0.15, FOOD.herb, r * 0.08)
  } else if (queso) {
    out += specks(rng, 18, r * 0.25, spec.has('cashew') ? '#C8321F' : '#8A2A14', r * 0.03)
    out += specks(rng, 10, r * 0.25, '#4E8A2E', r * 0.015)
  } else {
    out += `<circle r="${n(r * 0.12)}" fill="#C9A23A" opacity=".6"/>`
    out += specks(rng, 12, r * 0.25, '#C8321F', r * 0.012)
  }
  return out
}

const bread: Drawer = (doc, rng, spec, r, pal) => {
  let out = board(doc, rng, r * 2.1, r * 1.6, boardWood(pal))
  out += `<rect x="${n(-r * 0.95)}" y="${n(-r * 0.7)}" width="${n(r * 1.4)}" height="${n(r * 1.3)}" fill="${pal.napkin}" transform="rotate(-6)"/>`
  const focaccia = spec.has('focaccia')
  for (let i = 0; i < 2; i++) {
    out += `<g transform="translate(${n(-r * 0.25 + i * r * 0.42)} ${n(-r * 0.05 + i * r * 0.12)}) rotate(${n(-30 + i * 50)})">`
    const d = focaccia
      ? `M${n(-r * 0.45)} ${n(-r * 0.35)}L${n(r * 0.45)} ${n(-r * 0.35)}L${n(r * 0.45)} ${n(r * 0.35)}L${n(-r * 0.45)} ${n(r * 0.35)}Z`
      : `M0 ${n(-r * 0.62)}C${n(r * 0.45)} ${n(-r * 0.5)} ${n(r * 0.4)} ${n(r * 0.4)} 0 ${n(r * 0.45)}C${n(-r * 0.4)} ${n(r * 0.4)} ${n(-r * 0.45)} ${n(-r * 0.5)} 0 ${n(-r * 0.62)}Z`
    out += `<path d="${d}" fill="${SHADOW}" opacity=".3" transform="translate(5 9)" filter="${doc.blur(6)}"/>`
    out += `<path d="${d}" fill="${doc.radial([
      [0, '#F6DCA0'],
      [0.8, '#E2AE5E'],
      [1, '#B8742A'],
    ])}" stroke="#C98A3A" stroke-width="2" stroke-linejoin="round"/>`
    for (let k = 0; k < 10; k++) {
      const p = discPoint(k, 10, r * 0.3, rng)
      out += `<path d="${blobPath(rng, p.x, p.y, r * rng.range(0.03, 0.06), r * rng.range(0.02, 0.04), 0.4, 6)}" fill="#6A3A14" opacity="${n(rng.range(0.4, 0.75))}"/>`
    }
    out += specks(rng, 14, r * 0.3, FOOD.herb, r * 0.016)
    out += '</g>'
  }
  return out
}

function wedgePath(r: number, spread: number): string {
  const a = (spread * Math.PI) / 180
  return `M0 ${n(r * 0.55)}L${n(Math.sin(a / 2) * r)} ${n(r * 0.55 - Math.cos(a / 2) * r)}A${n(r)} ${n(r)} 0 0 0 ${n(-Math.sin(a / 2) * r)} ${n(r * 0.55 - Math.cos(a / 2) * r)}Z`
}

const slice: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  const area = r * 0.7
  if (spec.has('tiramisu')) {
    const s = area * 0.62
    out += `<rect x="${n(-s + 6)}" y="${n(-s * 0.8 + 10)}" width="${n(s * 2)}" height="${n(s * 1.6)}" rx="4" fill="${SHADOW}" opacity=".3" filter="${doc.blur(7)}"/>`
    out += `<rect x="${n(-s)}" y="${n(-s * 0.8)}" width="${n(s * 2)}" height="${n(s * 1.6)}" rx="4" fill="#6A3A1E"/>`
    out += `<rect x="${n(-s * 0.96)}" y="${n(-s * 0.76)}" width="${n(s * 1.92)}" height="${n(s * 1.52)}" rx="4" fill="${doc.radial(
      [
        [0, '#8A5230'],
        [1, '#5A2E16'],
      ],
    )}"/>`
    out += specks(rng, 140, s * 0.95, '#4A2410', r * 0.008, 0.6)
    out += leaf(doc, s * 0.4, -s * 0.2, r * 0.14, 40, FOOD.mint)
    return out
  }
  const top = spec.has('pecan')
    ? ['#8A4A1A', '#5A2A0E']
    : spec.has('key-lime', 'lime')
      ? ['#F1F0B8', '#D8D886']
      : spec.has('cheesecake', 'yuzu')
        ? ['#FFF0B8', '#F4CF5A']
        : spec.has('tres-leches')
          ? ['#FFFDF6', '#F0E6D2']
          : spec.has('apple')
            ? ['#F2C46E', '#C9843A']
            : ['#F4D8B0', '#C98A4A']
  const wr = area * 1.05
  out += `<g transform="translate(${n(-area * 0.1)} ${n(-area * 0.05)}) rotate(${n(rng.range(-20, 20))})">`
  out += `<path d="${wedgePath(wr, 60)}" fill="${SHADOW}" opacity=".3" transform="translate(6 10)" filter="${doc.blur(7)}"/>`
  out += `<path d="${wedgePath(wr, 60)}" fill="${spec.has('tres-leches') ? '#E8D3A6' : '#C98A3A'}"/>`
  out += `<path d="${wedgePath(wr * 0.9, 56)}" fill="${doc.radial([
    [0, top[0]!],
    [1, top[1]!],
  ])}" transform="translate(0 ${n(wr * 0.05)})"/>`
  if (spec.has('pecan')) {
    for (let i = 0; i < 7; i++) {
      const p = { x: rng.range(-wr * 0.2, wr * 0.2), y: -wr * 0.4 + i * wr * 0.13 }
      out += `<ellipse cx="${n(p.x)}" cy="${n(p.y)}" rx="${n(r * 0.06)}" ry="${n(r * 0.035)}" fill="#6A3212" stroke="#3A1A08" stroke-width="1.5" transform="rotate(${n(rng.range(-30, 30))} ${n(p.x)} ${n(p.y)})"/>`
    }
  }
  if (spec.has('apple')) {
    for (let i = 0; i < 4; i++)
      out += `<path d="M${n(-wr * 0.3)} ${n(-wr * 0.35 + i * wr * 0.18)}L${n(wr * 0.3)} ${n(-wr * 0.3 + i * wr * 0.18)}" stroke="#E8B05E" stroke-width="${n(r * 0.05)}" stroke-linecap="round"/>`
  }
  if (spec.has('tres-leches')) out += at(0, -wr * 0.1, specks(rng, 30, wr * 0.25, '#B8742A', r * 0.01))
  out += '</g>'
  if (spec.has('a-la-mode', 'mode')) out += ball(doc, area * 0.55, area * 0.35, r * 0.17, '#FBF4E4', 0.2)
  else if (spec.has('key-lime', 'tres-leches', 'pie'))
    out += ball(doc, area * 0.55, area * 0.35, r * 0.1, '#FFFFFF', 0.2)
  for (let i = 0; i < 3; i++)
    out += ball(
      doc,
      area * 0.3 + i * r * 0.08,
      -area * 0.5 + i * r * 0.06,
      r * 0.045,
      i === 1 ? FOOD.blueberry : FOOD.berry,
      0.6,
    )
  out += leaf(doc, area * 0.5, -area * 0.3, r * 0.12, 70, FOOD.mint)
  out += `<path d="${openCurve(Array.from({ length: 6 }, (_, k) => ({ x: -area * 0.8 + k * area * 0.3, y: area * 0.6 + Math.sin(k * 1.5) * area * 0.08 })))}" fill="none" stroke="${spec.has('pecan') ? '#6A3212' : FOOD.berry}" stroke-width="${n(r * 0.025)}" stroke-linecap="round" opacity=".8"/>`
  return out
}

const ramekinDish: Drawer = (doc, rng, spec, r, pal) => {
  let out = plate(doc, r, pal.plate)
  const rr = r * 0.5
  const brulee = spec.has('brulee')
  const souffle = spec.has('souffle')
  const pannaCotta = spec.has('panna-cotta')
  if (pannaCotta) {
    out += `<path d="${blobPath(rng, 0, rr * 0.2, rr * 1.1, rr * 0.9, 0.2, 10)}" fill="${FOOD.berry}" opacity=".9"/>`
    out += ball(doc, 0, 0, rr * 0.75, '#FBF5E8', 0.25)
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2 + 0.4
      out += `<g transform="translate(${n(Math.cos(a) * rr * 0.95)} ${n(Math.sin(a) * rr * 0.95)}) rotate(${n(rng.range(0, 360))})"><path d="M0 ${n(-r * 0.07)}C${n(r * 0.07)} ${n(-r * 0.07)} ${n(r * 0.06)} ${n(r * 0.07)} 0 ${n(r * 0.08)}C${n(-r * 0.06)} ${n(r * 0.07)} ${n(-r * 0.07)} ${n(-r * 0.07)} 0 ${n(-r * 0.07)}Z" fill="#D9303A"/>${specks(rng, 5, r * 0.04, '#F6E08A', r * 0.006)}</g>`
    }
    out += leaf(doc, rr * 0.2, -rr * 0.3, r * 0.12, 30, FOOD.mint)
    return out
  }
  // A fluted white ramekin or a glass cup.
  const glass = spec.has('pudding', 'mousse')
  out += `<circle cx="6" cy="10" r="${n(rr * 1.05)}" fill="${SHADOW}" opacity=".35" filter="${doc.blur(6)}"/>`
  if (glass) {
    out += `<circle r="${n(rr * 1.05)}" fill="#FFFFFF" opacity=".55" stroke="#FFFFFF" stroke-width="3"/>`
  } else {
    const flutes = Array.from({ length: 28 }, (_, i) => {
      const a = (i / 28) * Math.PI * 2
      const k = i % 2 === 0 ? 1.06 : 1
      return { x: Math.cos(a) * rr * k, y: Math.sin(a) * rr * k }
    })
    out += `<path d="${closedCurve(flutes)}" fill="${doc.linear([
      [0, '#FFFFFF'],
      [1, '#D9D4CA'],
    ])}"/>`
  }
  const inner = rr * 0.86
  const fill = brulee
    ? doc.radial([
        [0, '#E8A040'],
        [0.7, '#C07420'],
        [1, '#8A4A10'],
      ])
    : souffle
      ? doc.radial([
          [0, '#8A4A2A'],
          [1, '#4A2412'],
        ])
      : spec.has('mango')
        ? doc.radial([
            [0, '#FBC24A'],
            [1, '#F08E1A'],
          ])
        : spec.has('chocolate', 'mousse')
          ? doc.radial([
              [0, '#7A4A2A'],
              [1, '#3A1A0C'],
            ])
          : doc.radial([
              [0, '#FFF6DA'],
              [1, '#E9D29A'],
            ])
  out += `<circle r="${n(inner)}" fill="${fill}"/>`
  if (brulee) {
    for (let i = 0; i < 5; i++) {
      const p = discPoint(i, 5, inner * 0.6, rng)
      out += `<path d="M${n(p.x)} ${n(p.y)}l${n(rng.range(-20, 20))} ${n(rng.range(-20, 20))}l${n(rng.range(-15, 15))} ${n(rng.range(-15, 15))}" stroke="#F6C878" stroke-width="1.5" fill="none" opacity=".8"/>`
    }
    out += `<ellipse cx="${n(-inner * 0.3)}" cy="${n(-inner * 0.35)}" rx="${n(inner * 0.35)}" ry="${n(inner * 0.12)}" fill="#fff" opacity=".25" transform="rotate(-30 ${n(-inner * 0.3)} ${n(-inner * 0.35)})"/>`
    out += ball(doc, inner * 0.35, inner * 0.25, r * 0.05, FOOD.berry, 0.6)
  } else if (souffle) {
    out += `<circle r="${n(inner * 0.95)}" fill="${doc.radial(
      [
        [0, '#9A5A36'],
        [0.8, '#6A3418'],
        [1, '#3A1A0C'],
      ],
      0.5,
      0.5,
      0.5,
      0.4,
      0.35,
    )}"/>`
    out += specks(rng, 80, inner * 0.8, '#FFFFFF', r * 0.012, 0.85)
  } else if (spec.has('banana')) {
    for (let i = 0; i < 5; i++)
      out += `<circle cx="${n(discPoint(i, 5, inner * 0.55, rng).x)}" cy="${n(discPoint(i, 5, inner * 0.55, rng).y)}" r="${n(r * 0.07)}" fill="#F8E7A8" stroke="#E8CF7A" stroke-width="2"/>`
    for (let i = 0; i < 3; i++)
      out += `<circle cx="${n(discPoint(i + 5, 8, inner * 0.6, rng).x)}" cy="${n(discPoint(i + 5, 8, inner * 0.6, rng).y)}" r="${n(r * 0.06)}" fill="#D9A55A"/>`
  } else if (spec.has('mango')) {
    for (let i = 0; i < 6; i++) {
      const p = discPoint(i, 6, inner * 0.55, rng)
      out += `<rect x="${n(p.x - 6)}" y="${n(p.y - 6)}" width="12" height="12" rx="3" fill="#FFD24A"/>`
    }
    out += leaf(doc, 0, 0, r * 0.1, 20, FOOD.mint)
  } else {
    for (let i = 0; i < 3; i++)
      out += ball(
        doc,
        ...pointAt(rng, i, 3, inner * 0.4),
        r * 0.05,
        i === 1 ? FOOD.blueberry : FOOD.berry,
        0.6,
      )
    out += `<circle cx="${n(-inner * 0.2)}" cy="${n(inner * 0.2)}" r="${n(inner * 0.22)}" fill="#FFFDF6"/>`
  }
  out += `<g transform="translate(${n(r * 0.55)} ${n(r * 0.25)}) rotate(-55)"><ellipse cx="0" cy="${n(-r * 0.08)}" rx="${n(r * 0.06)}" ry="${n(r * 0.09)}" fill="#D9D9D6"/><rect x="${n(-r * 0.018)}" y="0" width="${n(r * 0.036)}" height="${n(r * 0.34)}" rx="${n(r * 0.018)}" fill="#C9C9C6"/></g>`
  return out
}

const scoops: Drawer = (doc, rng, spec, r, pal) => {
  const syrup = spec.has('jamun')
  const { markup, inner } = bowl(
    doc,
    r,
    pal.glaze,
    pal.plate,
    syrup
      ? doc.radial([
          [0, '#E8A848'],
          [1, '#B8701E'],
        ])
      : pal.plate,
  )
  let out = markup
  const color = spec.has('matcha', 'mochi')
    ? '#9DBB5E'
    : spec.has('jamun')
      ? '#6A2E14'
      : spec.has('sesame')
        ? '#E2A850'
        : spec.has('chocolate')
          ? FOOD.chocolate
          : '#F6E6C8'
  const count = spec.has('sesame', 'jamun') ? 4 : 3
  for (let i = 0; i < count; i++) {
    const p = discPoint(i, count, inner * 0.45)
    out += ball(doc, p.x, p.y, inner * 0.34, vary(rng, color, 0.04), spec.has('mochi') ? 0.25 : 0.5)
    if (spec.has('mochi')) out += at(p.x, p.y, specks(rng, 12, inner * 0.25, '#FFFFFF', r * 0.01, 0.7))
    if (spec.has('sesame')) out += at(p.x, p.y, specks(rng, 40, inner * 0.28, '#FBF4DE', r * 0.013))
  }
  if (spec.has('jamun')) out += specks(rng, 16, inner * 0.5, '#9DBB5E', r * 0.02)
  if (spec.has('mochi')) out += leaf(doc, inner * 0.5, -inner * 0.5, r * 0.14, 40, FOOD.mint)
  return out
}

const drink: Drawer = (doc, rng, spec, r, pal) => {
  const hot = spec.has('espresso', 'latte', 'tea', 'coffee') && !spec.has('iced', 'cold-brew', 'thai')
  if (hot) {
    let out = plate(doc, r * 0.95, pal.plate)
    const cr = r * 0.5
    out += `<rect x="${n(cr * 0.85)}" y="${n(-cr * 0.14)}" width="${n(cr * 0.45)}" height="${n(cr * 0.28)}" rx="${n(cr * 0.14)}" fill="${darken(pal.plate, 0.05)}" stroke="${darken(pal.plate, 0.15)}" stroke-width="2"/>`
    out += `<circle cx="5" cy="9" r="${n(cr)}" fill="${SHADOW}" opacity=".3" filter="${doc.blur(6)}"/>`
    out += `<circle r="${n(cr)}" fill="${doc.linear([
      [0, '#FFFFFF'],
      [1, darken(pal.plate, 0.12)],
    ])}"/>`
    const liquid = spec.has('tea')
      ? spec.has('jasmine')
        ? '#D9B24A'
        : '#B8782A'
      : spec.has('turmeric')
        ? '#F0B030'
        : spec.has('latte')
          ? '#C98A4A'
          : '#4A2412'
    out += `<circle r="${n(cr * 0.84)}" fill="${doc.radial([
      [0, lighten(liquid, 0.25)],
      [0.85, liquid],
      [1, darken(liquid, 0.3)],
    ])}"/>`
    if (spec.has('espresso'))
      out += `<circle r="${n(cr * 0.84)}" fill="none" stroke="#C98A4A" stroke-width="${n(cr * 0.12)}" opacity=".8"/>`
    if (spec.has('latte'))
      out += `<path d="M0 ${n(cr * 0.35)}C${n(-cr * 0.6)} ${n(-cr * 0.05)} ${n(-cr * 0.3)} ${n(-cr * 0.5)} 0 ${n(-cr * 0.2)}C${n(cr * 0.3)} ${n(-cr * 0.5)} ${n(cr * 0.6)} ${n(-cr * 0.05)} 0 ${n(cr * 0.35)}Z" fill="#FBF2E2"/>`
    if (spec.has('tea')) out += leaf(doc, cr * 0.1, cr * 0.2, cr * 0.4, 30, '#7A9A3A')
    out += `<ellipse cx="${n(-cr * 0.35)}" cy="${n(-cr * 0.4)}" rx="${n(cr * 0.2)}" ry="${n(cr * 0.08)}" fill="#fff" opacity=".35" transform="rotate(-35 ${n(-cr * 0.35)} ${n(-cr * 0.4)})"/>`
    out += `<g transform="translate(${n(-r * 0.1)} ${n(r * 0.62)}) rotate(-15)"><ellipse cx="${n(-r * 0.3)}" rx="${n(r * 0.09)}" ry="${n(r * 0.06)}" fill="#CFCFCC"/><rect x="${n(-r * 0.22)}" y="${n(-r * 0.02)}" width="${n(r * 0.45)}" height="${n(r * 0.04)}" rx="${n(r * 0.02)}" fill="#BDBDBA"/></g>`
    return out
  }
  const liquid = spec.has('lassi', 'mango')
    ? '#F7B53A'
    : spec.has('horchata', 'coconut')
      ? '#F4EAD6'
      : spec.has('thai')
        ? '#E8913A'
        : spec.has('hibiscus', 'kir', 'spritz', 'blood')
          ? spec.has('spritz', 'blood')
            ? '#F0622A'
            : '#B5223F'
          : spec.has('lemonade')
            ? spec.has('mint')
              ? '#D9E69A'
              : '#F7E27A'
            : spec.has('shake', 'malt')
              ? '#8A5A3A'
              : spec.has('smoothie', 'green', 'cucumber')
                ? '#9CC45A'
                : spec.has('tea', 'coffee')
                  ? '#6A3A1A'
                  : '#E8A23A'
  let out = dropShadow(doc, r * 0.62, 0.35)
  out += `<circle r="${n(r * 0.66)}" fill="${doc.linear([
    [0, lighten(pal.napkin, 0.3)],
    [1, darken(pal.napkin, 0.15)],
  ])}"/>`
  out += `<circle r="${n(r * 0.62)}" fill="none" stroke="${pal.primary}" stroke-opacity=".5" stroke-width="3" stroke-dasharray="6 6"/>`
  const g = r * 0.5
  out += `<circle r="${n(g)}" fill="${doc.radial(
    [
      [0, lighten(liquid, 0.3)],
      [0.8, liquid],
      [1, darken(liquid, 0.25)],
    ],
    0.5,
    0.5,
    0.5,
    0.42,
    0.4,
  )}"/>`
  if (spec.has('shake', 'malt')) {
    const swirl = Array.from({ length: 18 }, (_, i) => {
      const a = i * 0.7
      const rr = g * (0.75 - i * 0.04)
      return { x: Math.cos(a) * rr, y: Math.sin(a) * rr }
    })
    out += `<circle r="${n(g * 0.8)}" fill="#FFFBF2"/><path d="${openCurve(swirl)}" fill="none" stroke="#E9DFCC" stroke-width="4"/>`
    out += ball(doc, g * 0.1, -g * 0.1, g * 0.14, '#C8102E', 0.7)
    out += specks(rng, 20, g * 0.6, FOOD.chocolate, r * 0.015)
  } else if (spec.has('lassi', 'horchata', 'thai', 'smoothie')) {
    out += specks(rng, 24, g * 0.8, spec.has('horchata') ? '#B8742E' : '#FFF6E0', r * 0.012, 0.7)
    if (spec.has('thai'))
      out += `<path d="${blobPath(rng, g * 0.1, 0, g * 0.55, g * 0.45, 0.3, 8)}" fill="#F6E7CF" opacity=".7"/>`
  } else {
    for (let i = 0; i < 4; i++) {
      const p = discPoint(i, 4, g * 0.5, rng)
      out += `<rect x="${n(p.x - g * 0.17)}" y="${n(p.y - g * 0.17)}" width="${n(g * 0.34)}" height="${n(g * 0.34)}" rx="${n(g * 0.07)}" fill="#FFFFFF" fill-opacity=".35" stroke="#FFFFFF" stroke-opacity=".7" stroke-width="2" transform="rotate(${n(rng.range(0, 90))} ${n(p.x)} ${n(p.y)})"/>`
    }
    const citrus = spec.has('blood', 'spritz')
      ? '#E8482A'
      : spec.has('hibiscus', 'cucumber', 'lime')
        ? FOOD.lime
        : spec.has('kir')
          ? null
          : FOOD.lemon
    if (citrus) out += citrusWheel(doc, g * 0.3, g * 0.32, g * 0.34, citrus)
    if (spec.has('mint', 'cucumber', 'lemonade'))
      out +=
        leaf(doc, -g * 0.25, g * 0.3, g * 0.4, -30, FOOD.mint) +
        leaf(doc, -g * 0.2, g * 0.25, g * 0.35, 20, FOOD.mint)
    if (spec.has('kir', 'spritz', 'champagne')) out += specks(rng, 30, g * 0.8, '#FFFFFF', r * 0.008, 0.7)
  }
  out += `<circle r="${n(g)}" fill="none" stroke="#FFFFFF" stroke-opacity=".85" stroke-width="${n(r * 0.03)}"/>`
  out += `<path d="${arcPathOffsetGlass(g * 0.92)}" fill="none" stroke="#FFFFFF" stroke-opacity=".7" stroke-width="${n(r * 0.03)}" stroke-linecap="round"/>`
  if (!spec.has('kir', 'espresso')) {
    out += `<g transform="translate(${n(-g * 0.35)} ${n(-g * 0.3)})"><circle r="${n(g * 0.09)}" fill="${pal.secondary}"/><circle r="${n(g * 0.05)}" fill="${darken(pal.secondary, 0.4)}"/></g>`
  }
  return out
}

function arcPathOffsetGlass(r: number): string {
  return `M${n(-r * 0.94)} ${n(-r * 0.34)}A${n(r)} ${n(r)} 0 0 1 ${n(-r * 0.34)} ${n(-r * 0.94)}`
}

const DRAWERS: Record<DishKind, Drawer> = {
  pizza,
  pasta,
  noodles,
  bowl: bowlDish,
  curry,
  salad,
  sushi,
  tacos,
  wrap,
  burger,
  sandwich,
  main,
  bbq,
  fish,
  stirfry,
  rice,
  bake,
  dumplings,
  bites,
  skewers,
  dip,
  bread,
  slice,
  ramekin: ramekinDish,
  scoops,
  drink,
}
