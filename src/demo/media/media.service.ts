/**
 * Draws the pictures behind /media URLs. Restaurants and dishes of the demo catalogue get their
 * cuisine's palette and their own menu in the scenes; any other slug gets a palette and dishes
 * chosen from its hash, so every valid URL answers with a picture.
 */
import sharp from 'sharp'
import { SEED_MENUS } from '../seed/menus'
import { SEED_RESTAURANTS } from '../seed/restaurants'
import { type DishSpec, dishSpec } from './dish-art'
import { slugify } from './media-urls'
import { type Palette, paletteFor } from './palettes'
import { renderAvatar, renderDishPicture, renderHeroPicture } from './scene-art'
import { hashString } from './svg-kit'

interface KnownDish {
  name: string
  category: string
  cuisine: string
}
interface KnownRestaurant {
  name: string
  cuisine: string
  dishes: { slug: string; category: string }[]
}

const restaurants = new Map<string, KnownRestaurant>()
const dishes = new Map<string, KnownDish>()
for (const r of SEED_RESTAURANTS) {
  const menu = SEED_MENUS[r.slug] ?? []
  restaurants.set(r.slug, {
    name: r.name,
    cuisine: r.cuisine,
    dishes: menu.map((item) => ({ slug: slugify(item.name), category: item.category })),
  })
  for (const item of menu) {
    const slug = slugify(item.name)
    if (!dishes.has(slug)) dishes.set(slug, { name: item.name, category: item.category, cuisine: r.cuisine })
  }
}

function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
}

function restaurantPalette(slug: string): { name: string; pal: Palette } {
  const known = restaurants.get(slug)
  return { name: known?.name ?? titleFromSlug(slug), pal: paletteFor(known?.cuisine, hashString(slug)) }
}

export function renderRestaurantAvatar(slug: string): string {
  const { name, pal } = restaurantPalette(slug)
  return renderAvatar(`${name} logo`, slug, pal)
}

export function renderRestaurantHero(slug: string, n: number): string {
  const { name, pal } = restaurantPalette(slug)
  const known = restaurants.get(slug)
  const hash = hashString(slug)
  const specs: DishSpec[] = known
    ? known.dishes.map((d) => dishSpec(d.slug, { category: d.category }, hash))
    : pal.motifs.map((kind, i) => dishSpec(`${kind}-${slug}-${i}`, { kind }, hash))
  const scene = ['table', 'open kitchen', 'pass'][(n - 1) % 3]
  return renderHeroPicture({ title: `${name}: ${scene} illustration ${n}`, slug, n, pal, dishes: specs })
}

export function renderDish(slug: string): string {
  const known = dishes.get(slug)
  const hash = hashString(slug)
  const spec = dishSpec(slug, { category: known?.category }, hash)
  const pal = paletteFor(known?.cuisine, hash)
  return renderDishPicture({ title: known?.name ?? titleFromSlug(slug), spec, pal })
}

/**
 * The same picture as a WebP, for the pages. A browser decodes a WebP off its main thread, but
 * builds an SVG's whole document on it: a hero's ~1,000 shapes cost a phone about 60 ms before
 * the first frame, and the pages show heroes and dishes above the fold.
 */
export function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer()
}
