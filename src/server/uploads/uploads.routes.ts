import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { messageResponse } from '../../shared/schemas/common'
import { uploadSchema } from '../../shared/schemas/restaurants'
import { signedIn, userOf } from '../auth/access'
import { AppError } from '../infra/errors'
import { imageNotFound, imageTooLarge, noFile } from './uploads.errors'
import type { UploadsRepository } from './uploads.repository'
import {
  IMAGE_FILE_PATTERN,
  imageUrl,
  LARGEST_WIDTH,
  MAX_UPLOAD_BYTES,
  processImage,
} from './uploads.service'

const UPLOADS_PER_MINUTE = 30
/** Served pictures kept in memory, most recently used first; the database has them all. */
const MEMORY_LIMIT = 200

/** POST /api/uploads: a signed-in user's picture (logo, gallery photo, dish photo). */
export function uploadRoutes(repo: UploadsRepository): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2 },
    })

    app.post(
      '/uploads',
      {
        ...signedIn,
        config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['uploads'],
          summary:
            'Upload a JPEG, PNG or WebP picture (up to 5 MB) in the multipart field "file"; answers its WebP address',
          consumes: ['multipart/form-data'],
          response: { 201: uploadSchema, 400: messageResponse, 413: messageResponse },
        },
      },
      async (request, reply) => {
        const user = userOf(request)
        if (!request.isMultipart()) throw noFile()
        let bytes: Buffer
        try {
          const file = await request.file()
          if (file?.fieldname !== 'file') throw noFile()
          bytes = await file.toBuffer()
        } catch (error) {
          if (error instanceof AppError) throw error
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge()
          // Reading the form can only fail on what the client sent: no boundary ("Boundary not
          // found"), a body that ends early ("Unexpected end of form"), a malformed part.
          throw noFile()
        }
        const { hash, variants } = await processImage(bytes)
        await repo.save(variants, user.id)
        return reply.code(201).send({ url: imageUrl(hash) })
      },
    )
  }
}

/** GET /images/{hash}.webp (and -320, -640): immutable, so cached for a year by browsers and proxies. */
export function imageRoutes(repo: UploadsRepository): FastifyPluginAsyncZod {
  return async (app) => {
    const memory = new Map<string, Buffer>()

    app.get(
      '/images/:file',
      {
        schema: {
          tags: ['uploads'],
          summary: 'An uploaded picture as WebP, addressed by a hash of its content',
          produces: ['image/webp'],
          params: z.object({ file: z.string() }),
          response: { 200: z.any().describe('A WebP image'), 304: z.null(), 404: messageResponse },
        },
      },
      async (request, reply) => {
        const match = IMAGE_FILE_PATTERN.exec(request.params.file)
        if (!match) throw imageNotFound()
        const hash = match[1]!
        const width = match[2] ? Number(match[2]) : LARGEST_WIDTH
        const etag = `"${hash}-${width}"`
        const cached = () =>
          reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag)
        if (request.headers['if-none-match'] === etag) return cached().code(304).send(null)
        const key = `${hash}-${width}`
        let content = memory.get(key)
        if (content) memory.delete(key)
        else content = await repo.find(hash, width)
        if (!content) throw imageNotFound()
        memory.set(key, content)
        if (memory.size > MEMORY_LIMIT) memory.delete(memory.keys().next().value!)
        cached().type('image/webp')
        return reply.send(content)
      },
    )
  }
}
