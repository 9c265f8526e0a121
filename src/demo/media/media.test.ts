import { describe, expect, it } from 'vitest'
import { menuItems, restaurants } from '../../server/db/schema'
import { buildTestApp } from '../../server/testing/build-test-app'
import { createImageCache } from './media.routes'

const app = await buildTestApp()

// jsdom ships no type declarations; only its DOMParser is needed here.
const { JSDOM } = (await import('jsdom' as string)) as {
  JSDOM: new (
    html: string,
  ) => { window: { DOMParser: new () => { parseFromString(xml: string, type: string): Document } } }
}
const parser = new new JSDOM('').window.DOMParser()

function parseSvg(body: string): Document {
  return parser.parseFromString(body, 'image/svg+xml')
}

async function referencedImageUrls(): Promise<string[]> {
  const rows = await app.db
    .select({ avatar: restaurants.avatar, images: restaurants.images })
    .from(restaurants)
  const dishes = await app.db.select({ image: menuItems.image }).from(menuItems)
  return [...rows.flatMap((r) => [r.avatar, ...r.images]), ...dishes.map((d) => d.image)].filter(
    (url): url is string => Boolean(url),
  )
}

describe('generated images', () => {
  it('answers every image the seeded restaurants and menus reference with a well-formed, titled SVG', async () => {
    const urls = [...new Set(await referencedImageUrls())]
    expect(urls.length).toBeGreaterThan(100)
    for (const url of urls) {
      expect(url).toMatch(/^\/media\//)
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
      const doc = parseSvg(res.body)
      expect(doc.getElementsByTagName('parsererror'), url).toHaveLength(0)
      expect(doc.documentElement.nodeName).toBe('svg')
      expect(doc.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/)
      expect(doc.querySelector('svg > title')?.textContent?.trim().length, url).toBeGreaterThan(2)
    }
  })

  it('draws dishes at 600x450, heroes at 1200x675 and names the dish in the title', async () => {
    const dish = parseSvg((await app.inject({ url: '/media/dishes/margherita-pizza.svg' })).body)
    expect(dish.documentElement.getAttribute('viewBox')).toBe('0 0 600 450')
    expect(dish.querySelector('title')?.textContent).toBe('Margherita Pizza')
    const hero = parseSvg((await app.inject({ url: '/media/restaurants/trattoria-bellini/hero-2.svg' })).body)
    expect(hero.documentElement.getAttribute('viewBox')).toBe('0 0 1200 675')
    expect(hero.querySelector('title')?.textContent).toContain('Trattoria Bellini')
  })

  it('draws a picture for any valid slug, the same bytes every time and different ones per slug', async () => {
    const first = await app.inject({ url: '/media/restaurants/brand-new-bistro/hero-5.svg' })
    const again = await app.inject({ url: '/media/restaurants/brand-new-bistro/hero-5.svg' })
    const other = await app.inject({ url: '/media/restaurants/brand-new-bistro/hero-6.svg' })
    expect(first.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    expect(other.body).not.toBe(first.body)
    const avatar = await app.inject({ url: '/media/restaurants/brand-new-bistro/avatar.svg' })
    expect(parseSvg(avatar.body).querySelector('text')?.textContent).toBe('BN')
    const dish = await app.inject({ url: '/media/dishes/chef-special-42.svg' })
    expect(dish.statusCode).toBe(200)
  })

  it('is cacheable: a day of max-age, an ETag, and 304 for a matching If-None-Match', async () => {
    const url = '/media/dishes/tonkotsu-ramen.svg'
    const res = await app.inject({ url })
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    const etag = res.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    const cached = await app.inject({ url, headers: { 'if-none-match': etag } })
    expect(cached.statusCode).toBe(304)
    expect(cached.body).toBe('')
    const stale = await app.inject({ url, headers: { 'if-none-match': '"something-else"' } })
    expect(stale.statusCode).toBe(200)
  })

  it.each([
    '/media/restaurants/Trattoria/avatar.svg',
    '/media/restaurants/under_score/avatar.svg',
    `/media/restaurants/${'a'.repeat(81)}/avatar.svg`,
    '/media/restaurants/trattoria-bellini/hero-0.svg',
    '/media/restaurants/trattoria-bellini/hero-7.svg',
    '/media/restaurants/trattoria-bellini/hero-1.png',
    '/media/restaurants/trattoria-bellini/banner.svg',
    '/media/restaurants/a%2Fb/avatar.svg',
    '/media/dishes/Pizza.svg',
    '/media/dishes/pizza.png',
    '/media/dishes/.svg',
    `/media/dishes/${'d'.repeat(81)}.svg`,
    '/media/dishes/pizza.svg.svg',
  ])('answers %s with a 404 JSON message', async (url) => {
    const res = await app.inject({ url })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(typeof res.json().message).toBe('string')
  })

  it('keeps at most the given number of pictures, dropping the least recently used', () => {
    const cache = createImageCache(2)
    let draws = 0
    const draw = () => `<svg>${++draws}</svg>`
    cache.get('a', draw)
    cache.get('b', draw)
    cache.get('a', draw)
    cache.get('c', draw)
    expect(cache.size).toBe(2)
    expect(draws).toBe(3)
    cache.get('a', draw)
    expect(draws).toBe(3)
    cache.get('b', draw)
    expect(draws).toBe(4)
  })
})
