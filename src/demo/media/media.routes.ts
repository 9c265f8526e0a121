import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messageResponse } from '../../shared/schemas/common'
import { imageNotFound } from './media.errors'
import { rasterise, renderDish, renderRestaurantAvatar, renderRestaurantHero } from './media.service'
import { HERO_COUNT, SLUG_PATTERN } from './media-urls'
import { createRasterCache } from './raster-cache'

/** Pictures are drawn once per URL; the least recently used are dropped beyond this many. */
const CACHE_LIMIT = 500

interface CachedImage {
  body: string | Buffer
  etag: string
}

/**
 * Each picture is drawn once: a second request while it is being drawn waits for the same
 * drawing. A drawing that fails is not kept, so the next request tries again.
 */
export function createImageCache(limit = CACHE_LIMIT) {
  const entries = new Map<string, Promise<CachedImage>>()
  return {
    get(key: string, draw: () => string | Buffer | Promise<string | Buffer>): Promise<CachedImage> {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      const image = (async () => {
        const body = await draw()
        const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
        return { body, etag }
      })()
      entries.set(key, image)
      image.catch(() => {
        if (entries.get(key) === image) entries.delete(key)
      })
      if (entries.size > limit) entries.delete(entries.keys().next().value!)
      return image
    },
    get size() {
      return entries.size
    },
  }
}

type Format = 'svg' | 'webp'

const CONTENT_TYPES: Record<Format, string> = {
  svg: 'image/svg+xml; charset=utf-8',
  webp: 'image/webp',
}

const HERO_FILE = new RegExp(`^hero-([1-${HERO_COUNT}])\\.(svg|webp)$`)
const DISH_FILE = /^([a-z0-9-]{1,80})\.(svg|webp)$/

const imageResponse = z.any().describe('The illustration: image/svg+xml for .svg, image/webp for .webp')
const schemaCommon = {
  tags: ['media'],
  produces: ['image/svg+xml', 'image/webp'],
  response: { 200: imageResponse, 304: z.null().describe('Not modified'), 404: messageResponse },
}

/**
 * Generated illustrations for restaurants and dishes, so the demo needs no external image:
 * /media/restaurants/{slug}/avatar.svg, /media/restaurants/{slug}/hero-{1..6}.{svg,webp},
 * /media/dishes/{slug}.{svg,webp}. The WebP is the drawing rasterised once, for the pages.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createImageCache()
  const rasterised = createRasterCache(app.config.mediaCacheDir, rasterise)

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    format: Format,
    draw: () => string,
  ) => {
    const image = await cache.get(`${format}:${key}`, () => (format === 'svg' ? draw() : rasterised(draw())))
    reply
      .header('content-type', CONTENT_TYPES[format])
      .header('cache-control', 'public, max-age=86400')
      .header('etag', image.etag)
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send()
    return reply.send(image.body)
  }

  app.get(
    '/media/restaurants/:slug/:file',
    {
      schema: {
        ...schemaCommon,
        summary: "A restaurant's logo (avatar.svg) or one of its pictures (hero-1 to hero-6, .svg or .webp)",
        params: z.object({ slug: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const { slug, file } = request.params
      if (!SLUG_PATTERN.test(slug)) throw imageNotFound()
      if (file === 'avatar.svg')
        return send(request, reply, `avatar:${slug}`, 'svg', () => renderRestaurantAvatar(slug))
      const hero = HERO_FILE.exec(file)
      if (!hero) throw imageNotFound()
      const n = Number(hero[1])
      return send(request, reply, `hero:${slug}:${n}`, hero[2] as Format, () => renderRestaurantHero(slug, n))
    },
  )

  app.get(
    '/media/dishes/:file',
    {
      schema: {
        ...schemaCommon,
        summary: 'A dish illustration',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const dish = DISH_FILE.exec(request.params.file)
      if (!dish) throw imageNotFound()
      const slug = dish[1]!
      return send(request, reply, `dish:${slug}`, dish[2] as Format, () => renderDish(slug))
    },
  )
}
