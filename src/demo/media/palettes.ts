import type { DishKind } from './dish-kinds'

export type Surface = 'wood' | 'walnut' | 'slate' | 'marble' | 'linen' | 'terracotta'
export type Emblem = 'leaf' | 'flame' | 'wave' | 'sun' | 'star' | 'lantern' | 'blossom'

/** The colours and props of one cuisine's illustrations. */
export interface Palette {
  key: string
  /** Badge and accents. */
  primary: string
  secondary: string
  accent: string
  /** Table top under the dishes, and its base colour. */
  surface: Surface
  table: string
  napkin: string
  /** Ceramic tint of plates and the glaze of bowls. */
  plate: string
  glaze: string
  /** Wall and light of the kitchen scenes. */
  wall: string
  light: string
  /** Dishes shown when nothing more is known about a restaurant's menu. */
  motifs: DishKind[]
  serif: boolean
  emblem: Emblem
}

export const PALETTES: Record<string, Palette> = {
  italian: {
    key: 'italian',
    primary: '#B83A2A',
    secondary: '#3F7A3A',
    accent: '#F2B84B',
    surface: 'wood',
    table: '#9C6B45',
    napkin: '#F1E7D6',
    plate: '#F7F3EC',
    glaze: '#2F5D8A',
    wall: '#E9D9C0',
    light: '#FFD89A',
    motifs: ['pizza', 'pasta', 'salad', 'drink', 'bread'],
    serif: true,
    emblem: 'leaf',
  },
  bbq: {
    key: 'bbq',
    primary: '#3A2419',
    secondary: '#D9622B',
    accent: '#F2B33D',
    surface: 'walnut',
    table: '#5A3A27',
    napkin: '#C9AD84',
    plate: '#EFE7DA',
    glaze: '#2E2A28',
    wall: '#4A3428',
    light: '#FFB066',
    motifs: ['bbq', 'burger', 'bites', 'drink', 'bake'],
    serif: false,
    emblem: 'flame',
  },
  japanese: {
    key: 'japanese',
    primary: '#1F2E4A',
    secondary: '#E4694E',
    accent: '#F0CFA0',
    surface: 'slate',
    table: '#2E3336',
    napkin: '#D8D0C2',
    plate: '#F1EEE8',
    glaze: '#23324D',
    wall: '#D9CDB8',
    light: '#FFE2B0',
    motifs: ['sushi', 'bowl', 'dumplings', 'drink'],
    serif: false,
    emblem: 'wave',
  },
  mexican: {
    key: 'mexican',
    primary: '#18817F',
    secondary: '#E0552A',
    accent: '#F5C33F',
    surface: 'terracotta',
    table: '#C06F48',
    napkin: '#F4E9D3',
    plate: '#F5EFE4',
    glaze: '#1D7C8C',
    wall: '#F0D9B5',
    light: '#FFD27A',
    motifs: ['tacos', 'dip', 'bites', 'drink'],
    serif: false,
    emblem: 'sun',
  },
  chinese: {
    key: 'chinese',
    primary: '#A8231C',
    secondary: '#1E5B49',
    accent: '#E9B949',
    surface: 'walnut',
    table: '#4A3026',
    napkin: '#E8DCC4',
    plate: '#F4F1EA',
    glaze: '#1E5B49',
    wall: '#3D2A24',
    light: '#FFC46B',
    motifs: ['dumplings', 'noodles', 'stirfry', 'rice', 'drink'],
    serif: true,
    emblem: 'lantern',
  },
  indian: {
    key: 'indian',
    primary: '#D07A24',
    secondary: '#8C2A48',
    accent: '#FBE2AE',
    surface: 'wood',
    table: '#7E4D2E',
    napkin: '#F0DFC0',
    plate: '#F6F0E6',
    glaze: '#B8703A',
    wall: '#E8C89A',
    light: '#FFC870',
    motifs: ['curry', 'bread', 'rice', 'drink', 'bites'],
    serif: true,
    emblem: 'sun',
  },
  thai: {
    key: 'thai',
    primary: '#5A3E8C',
    secondary: '#86B03A',
    accent: '#F2C84B',
    surface: 'wood',
    table: '#8A5A36',
    napkin: '#E9E1CF',
    plate: '#F4F0E8',
    glaze: '#3E6E58',
    wall: '#E3D2B6',
    light: '#FFD088',
    motifs: ['noodles', 'curry', 'bowl', 'skewers', 'drink'],
    serif: false,
    emblem: 'blossom',
  },
  american: {
    key: 'american',
    primary: '#CC2E3E',
    secondary: '#1F3A5F',
    accent: '#F2B134',
    surface: 'marble',
    table: '#E9E4DC',
    napkin: '#CFE0EE',
    plate: '#FBFAF7',
    glaze: '#1F3A5F',
    wall: '#F3E6D2',
    light: '#FFE0A6',
    motifs: ['burger', 'bites', 'drink', 'slice', 'salad'],
    serif: false,
    emblem: 'star',
  },
  french: {
    key: 'french',
    primary: '#6B1E2E',
    secondary: '#C9A25E',
    accent: '#8E9BD6',
    surface: 'slate',
    table: '#34302F',
    napkin: '#E9E4F2',
    plate: '#FFFFFF',
    glaze: '#6B1E2E',
    wall: '#E6DCCB',
    light: '#FFE6B8',
    motifs: ['main', 'bowl', 'ramekin', 'drink', 'slice'],
    serif: true,
    emblem: 'star',
  },
  mediterranean: {
    key: 'mediterranean',
    primary: '#2C69AE',
    secondary: '#7A8A35',
    accent: '#F2CF4A',
    surface: 'linen',
    table: '#E6DCC6',
    napkin: '#D5E3F2',
    plate: '#FBF8F2',
    glaze: '#2C69AE',
    wall: '#F4EEE2',
    light: '#FFE7B0',
    motifs: ['dip', 'salad', 'skewers', 'fish', 'drink'],
    serif: true,
    emblem: 'leaf',
  },
  seafood: {
    key: 'seafood',
    primary: '#1D6C86',
    secondary: '#EF6F5A',
    accent: '#F4E3BC',
    surface: 'wood',
    table: '#8F8373',
    napkin: '#E4EEF0',
    plate: '#F8F6F1',
    glaze: '#1D6C86',
    wall: '#DCE6E4',
    light: '#FFE3B0',
    motifs: ['fish', 'bites', 'bowl', 'sandwich', 'drink'],
    serif: true,
    emblem: 'wave',
  },
  vegan: {
    key: 'vegan',
    primary: '#3B8A4C',
    secondary: '#E27A3C',
    accent: '#F4D35E',
    surface: 'wood',
    table: '#C49E72',
    napkin: '#EDE7D6',
    plate: '#F6F2EA',
    glaze: '#5E8C6A',
    wall: '#EDE3CF',
    light: '#FFE2A0',
    motifs: ['salad', 'bowl', 'burger', 'drink', 'rice'],
    serif: false,
    emblem: 'leaf',
  },
  steakhouse: {
    key: 'steakhouse',
    primary: '#4A1E1E',
    secondary: '#C08A3E',
    accent: '#7B2C3A',
    surface: 'walnut',
    table: '#4C3124',
    napkin: '#D9CBB4',
    plate: '#F5F1EA',
    glaze: '#2B2B2B',
    wall: '#3A2A24',
    light: '#FFC27A',
    motifs: ['main', 'salad', 'drink', 'bites'],
    serif: true,
    emblem: 'flame',
  },
}

const ALIASES: Record<string, string> = {
  vegetarian: 'vegan',
  korean: 'japanese',
  vietnamese: 'thai',
  greek: 'mediterranean',
  'middle eastern': 'mediterranean',
  spanish: 'mediterranean',
  brazilian: 'steakhouse',
  african: 'indian',
  caribbean: 'mexican',
  fusion: 'japanese',
}

const ALL = Object.values(PALETTES)

/** The palette for a cuisine, or one chosen from the hash when the cuisine is unknown. */
export function paletteFor(cuisine: string | undefined, hash: number): Palette {
  const key = cuisine?.toLowerCase()
  if (key) {
    const found = PALETTES[key] ?? PALETTES[ALIASES[key] ?? '']
    if (found) return found
  }
  return ALL[hash % ALL.length]!
}
