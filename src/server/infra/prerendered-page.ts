import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

type Prerender = typeof import('@client/app/prerender')

const loadings = new WeakMap<FastifyInstance, () => Promise<void> | undefined>()

/** Resolves once the app's renderer has loaded (or failed to); undefined while nothing started it. */
export function rendererLoading(app: FastifyInstance): Promise<void> | undefined {
  return loadings.get(app)?.()
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * index.html with the first screen of a public page (home, a restaurant, a stream) already in it,
 * rendered from the client's own components and the visitor's own reads of the API, and those
 * reads embedded for the app to start from. A phone shows the page before any script has run.
 *
 * The renderer (React and the client's pages) starts loading once the server listens, so the
 * first visitor too gets a rendered page (and on the first page asked for, where the server never
 * listens, as under `inject`); until it has loaded, and for every other page or on any failure,
 * the plain index.html is sent.
 */
export function createPageRenderer(app: FastifyInstance, clientDir: string, enabled: boolean) {
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8')
  let renderer: Prerender | undefined
  let loading: Promise<void> | undefined

  /** Starts loading the renderer once; resolves when it has loaded or failed to. */
  const load = () => {
    loading ??= import('@client/app/prerender').then(
      (module) => {
        renderer = module
      },
      (error) => app.log.error({ err: error }, 'pages are not rendered ahead: the renderer did not load'),
    )
    return loading
  }
  loadings.set(app, () => loading)
  if (enabled) {
    app.addHook('onListen', async () => {
      void load()
    })
  }

  /** A GET of the app's own API with the visitor's cookie: the body when it answers 200, `notFound` for a 404. */
  const apiGet = (request: FastifyRequest, notFound: symbol) => async (path: string) => {
    const response = await app.inject({
      method: 'GET',
      url: path,
      headers: request.headers.cookie ? { cookie: request.headers.cookie } : {},
    })
    if (response.statusCode === 404) return notFound
    return response.statusCode === 200 ? response.json() : undefined
  }

  async function html(request: FastifyRequest): Promise<string> {
    if (!enabled) return template
    if (!renderer) {
      void load()
      return template
    }
    try {
      const result = await renderer.prerender(request.url, apiGet(request, renderer.NOT_FOUND))
      if (!result) return template
      // `<` escaped: the data cannot close the script element it travels in.
      const state = JSON.stringify(result.state).replace(/</g, '\\u003c')
      // Functions: `$` in prices must not be read as a replacement pattern.
      const preload = result.image
        ? `<link rel="preload" as="image" href="${escapeAttribute(result.image)}" fetchpriority="high" />`
        : ''
      return template
        .replace('</head>', () => `${preload}</head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${result.html}</div><script type="application/json" id="clearplate-state" data-rendered-at="${result.renderedAt}">${state}</script>`,
        )
    } catch (error) {
      request.log.error({ err: error }, 'page not rendered ahead')
      return template
    }
  }

  /**
   * Sends the page, compressed here: the compress plugin works per route, and pages are answered
   * by the not-found handler (brotli at a quality cheap enough to run on every request).
   */
  return async function page(request: FastifyRequest, reply: FastifyReply) {
    const body = Buffer.from(await html(request))
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
    const accepts = String(request.headers['accept-encoding'] ?? '')
    if (/\bbr\b/.test(accepts)) {
      const compressed = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      return reply.header('content-encoding', 'br').send(compressed)
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipped(body))
    return reply.send(body)
  }
}
