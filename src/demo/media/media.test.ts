import sharp from 'sharp'
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
      // Logos are drawings; heroes and dishes are shown as WebP, whose drawing is the .svg.
      expect(url).toMatch(
        /^\/media\/(restaurants\/[a-z0-9-]+\/(avatar\.svg|hero-\d\.webp)|dishes\/[a-z0-9-]+\.webp)$/,
      )
      const res = await app.inject({ url: url.replace(/\.webp$/, '.svg') })
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

  it("rasterises heroes and dishes as WebP at the drawing's size, once per picture", async () => {
    const [hero, heroAgain, dish] = await Promise.all([
      app.inject({ url: '/media/restaurants/trattoria-bellini/hero-1.webp' }),
      app.inject({ url: '/media/restaurants/trattoria-bellini/hero-1.webp' }),
      app.inject({ url: '/media/dishes/margherita-pizza.webp' }),
    ])
    expect(hero.statusCode).toBe(200)
    expect(hero.headers['content-type']).toBe('image/webp')
    expect(hero.headers['cache-control']).toBe('public, max-age=86400')
    const heroMeta = await sharp(hero.rawPayload).metadata()
    expect([heroMeta.format, heroMeta.width, heroMeta.height]).toEqual(['webp', 1200, 675])
    // Asked for twice at once: the same bytes and the same ETag.
    expect(heroAgain.rawPayload.equals(hero.rawPayload)).toBe(true)
    expect(heroAgain.headers.etag).toBe(hero.headers.etag)
    const svgEtag = (await app.inject({ url: '/media/restaurants/trattoria-bellini/hero-1.svg' })).headers
      .etag
    expect(hero.headers.etag).not.toBe(svgEtag)
    const dishMeta = await sharp(dish.rawPayload).metadata()
    expect([dishMeta.format, dishMeta.width, dishMeta.height]).toEqual(['webp', 600, 450])
    // Far smaller than the drawing it comes from.
    const heroSvg = await app.inject({ url: '/media/restaurants/trattoria-bellini/hero-1.svg' })
    expect(hero.rawPayload.length).toBeLessThan(heroSvg.rawPayload.length / 2)
    const cached = await app.inject({
      url: '/media/dishes/margherita-pizza.webp',
      headers: { 'if-none-match': dish.headers.etag as string },
    })
    expect(cached.statusCode).toBe(304)
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
    '/media/restaurants/trattoria-bellini/avatar.webp',
    '/media/restaurants/trattoria-bellini/hero-1.webp.svg',
    '/media/restaurants/trattoria-bellini/banner.svg',
    '/media/restaurants/a%2Fb/avatar.svg',
    '/media/dishes/Pizza.svg',
    '/media/dishes/pizza.png',
    '/media/dishes/.svg',
    `/media/dishes/${'d'.repeat(81)}.svg`,
    '/media/dishes/pizza.svg.svg',
    '/media/dishes/pizza.webp.webp',
  ])('answers %s with a 404 JSON message', async (url) => {
    const res = await app.inject({ url })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(typeof res.json().message).toBe('string')
  })

  it('keeps at most the given number of pictures, dropping the least recently used', async () => {
    const cache = createImageCache(2)
    let draws = 0
    const draw = () => `<svg>${++draws}</svg>`
    await cache.get('a', draw)
    await cache.get('b', draw)
    await cache.get('a', draw)
    await cache.get('c', draw)
    expect(cache.size).toBe(2)
    expect(draws).toBe(3)
    expect((await cache.get('a', draw)).body).toBe('<svg>1</svg>')
    expect(draws).toBe(3)
    await cache.get('b', draw)
    expect(draws).toBe(4)
  })

  it('draws a picture asked for twice at once only once', async () => {
    const cache = createImageCache()
    let draws = 0
    const slow = async () => {
      draws += 1
      await new Promise((resolve) => setTimeout(resolve, 20))
      return Buffer.from('drawn')
    }
    const [first, second] = await Promise.all([cache.get('x', slow), cache.get('x', slow)])
    expect(draws).toBe(1)
    expect(second).toBe(first)
  })

  it('keeps no failed drawing: the next request draws again', async () => {
    const cache = createImageCache()
    let attempts = 0
    const flaky = async () => {
      attempts += 1
      if (attempts === 1) throw new Error('could not draw')
      return Buffer.from('drawn')
    }
    await expect(cache.get('x', flaky)).rejects.toThrow('could not draw')
    expect(cache.size).toBe(0)
    expect((await cache.get('x', flaky)).body.toString()).toBe('drawn')
    expect(attempts).toBe(2)
  })
})
