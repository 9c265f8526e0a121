/** Paths of the illustrations the app serves itself under /media (see media.routes.ts). */

export const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/
export const HERO_COUNT = 6

/** "Pork Soup Dumplings" -> "pork-soup-dumplings"; accents are folded, anything else becomes a dash. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '')
}

export function restaurantAvatarUrl(slug: string): string {
  return `/media/restaurants/${slug}/avatar.svg`
}

/** Heroes and dishes are shown as WebP; the same address ending in .svg answers the drawing. */
export function restaurantHeroUrl(slug: string, n: number): string {
  return `/media/restaurants/${slug}/hero-${n}.webp`
}

export function dishImageUrl(slug: string): string {
  return `/media/dishes/${slug}.webp`
}
