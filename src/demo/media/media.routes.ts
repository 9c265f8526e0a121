import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messageResponse } from '../../shared/schemas/common'
import { imageNotFound } from './media.errors'
import { renderDish, renderRestaurantAvatar, renderRestaurantHero } from './media.service'
import { HERO_COUNT, SLUG_PATTERN } from './media-urls'

/** Pictures are drawn once per URL; the least recently used are dropped beyond this many. */
const CACHE_LIMIT = 500

interface CachedImage {
  body: string
  etag: string
}

export function createImageCache(limit = CACHE_LIMIT) {
  const entries = new Map<string, CachedImage>()
  return {
    get(key: string, draw: () => string): CachedImage {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      const body = draw()
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
      const image = { body, etag }
      entries.set(key, image)
      if (entries.size > limit) entries.delete(entries.keys().next().value!)
      return image
    },
    get size() {
      return entries.size
    },
  }
}

const HERO_FILE = new RegExp(`^hero-([1-${HERO_COUNT}])\\.svg$`)
const DISH_FILE = /^([a-z0-9-]{1,80})\.svg$/

const svgResponse = z.string().describe('An SVG illustration (image/svg+xml)')
const schemaCommon = {
  tags: ['media'],
  produces: ['image/svg+xml'],
  response: { 200: svgResponse, 304: z.null().describe('Not modified'), 404: messageResponse },
}

/**
 * Generated illustrations for restaurants and dishes, so the demo needs no external image:
 * /media/restaurants/{slug}/avatar.svg, /media/restaurants/{slug}/hero-{1..6}.svg,
 * /media/dishes/{slug}.svg.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createImageCache()

  const send = (request: FastifyRequest, reply: FastifyReply, key: string, draw: () => string) => {
    const image = cache.get(key, draw)
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
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
        summary: "A restaurant's logo (avatar.svg) or one of its pictures (hero-1.svg to hero-6.svg)",
        params: z.object({ slug: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const { slug, file } = request.params
      if (!SLUG_PATTERN.test(slug)) throw imageNotFound()
      if (file === 'avatar.svg')
        return send(request, reply, `avatar:${slug}`, () => renderRestaurantAvatar(slug))
      const hero = HERO_FILE.exec(file)
      if (!hero) throw imageNotFound()
      const n = Number(hero[1])
      return send(request, reply, `hero:${slug}:${n}`, () => renderRestaurantHero(slug, n))
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
      return send(request, reply, `dish:${slug}`, () => renderDish(slug))
    },
  )
}
