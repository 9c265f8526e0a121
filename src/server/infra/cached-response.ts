import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ReadCache } from './read-cache'

const JSON_TYPE = 'application/json; charset=utf-8'
/** As @fastify/compress: smaller bodies are not worth compressing. */
const COMPRESS_THRESHOLD = 1024

/** A read-cache entry: the serialized body and its ETag. */
export type CachedBody = Awaited<ReturnType<ReadCache['get']>>

type Encoding = 'br' | 'gzip'
/** Each cached body's bytes, plain and compressed, made on first use and dropped with the entry. */
const encoded = new WeakMap<CachedBody, Partial<Record<Encoding | 'identity', Buffer>>>()

/**
 * Answers a cached, already serialized body: 304 when the client's copy is current, otherwise the
 * body, compressed once per cached entry instead of once per request. `personal`: one signed-in
 * user's data, which shared caches must not keep.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  { personal = false }: { personal?: boolean } = {},
) {
  reply.header('etag', entry.etag).header('cache-control', personal ? 'private, no-cache' : 'no-cache')
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send()
  let variants = encoded.get(entry)
  if (!variants) {
    variants = {}
    encoded.set(entry, variants)
  }
  const compressible = entry.body.length >= COMPRESS_THRESHOLD
  if (compressible) reply.header('vary', 'accept-encoding')
  const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined
  if (!encoding) {
    // Bytes rather than the string: no encoding and no length count on every request.
    variants.identity ??= Buffer.from(entry.body)
    return reply.type(JSON_TYPE).send(variants.identity)
  }
  variants[encoding] ??= compress(entry.body, encoding)
  // A Content-Encoding already set tells @fastify/compress to leave the payload alone.
  return reply.type(JSON_TYPE).header('content-encoding', encoding).send(variants[encoding])
}

/** A string with a JSON content type skips the response serializer: the body is sent as it is. */
export function sendSerialized(reply: FastifyReply, body: string) {
  return reply.type(JSON_TYPE).send(body)
}

/** Weak comparison, as If-None-Match asks for. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = bare(etag)
  return header.split(',').some((tag) => bare(tag) === wanted)
}

/** Browsers send one of a handful of Accept-Encoding values: each is read once. */
const encodingByHeader = new Map<string, Encoding | undefined>()
const ENCODING_MEMO_LIMIT = 64

/** br, else gzip, else none, honouring q=0 and "*". */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  if (encodingByHeader.has(header)) return encodingByHeader.get(header)
  const encoding = parseAcceptEncoding(header)
  if (encodingByHeader.size < ENCODING_MEMO_LIMIT) encodingByHeader.set(header, encoding)
  return encoding
}

function parseAcceptEncoding(header: string): Encoding | undefined {
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0
  const best = (['br', 'gzip'] as const).filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a))
  return best[0]
}

function compress(body: string, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    })
  }
  return gzipSync(body, { level: 9 })
}
