import fastifyHelmet from '@fastify/helmet'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../testing/build-test-app'
import { securityHeaders } from './security-headers'

const app = await buildTestApp()

describe('security headers', () => {
  it('are exactly the headers @fastify/helmet sends for the same options', async () => {
    const options = {
      contentSecurityPolicy: {
        directives: { defaultSrc: ["'self'"], mediaSrc: ["'self'", 'blob:'], upgradeInsecureRequests: null },
      },
      crossOriginEmbedderPolicy: false,
    }
    const reference = Fastify()
    await reference.register(fastifyHelmet, options)
    reference.get('/', async () => ({ ok: true }))
    const res = await reference.inject({ url: '/' })
    await reference.close()
    const expected = Object.fromEntries(
      Object.entries(securityHeaders(options)).map(([name]) => [name, res.headers[name]]),
    )
    expect(securityHeaders(options)).toEqual(expected)
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10)
    expect(res.headers['content-security-policy']).toContain("media-src 'self' blob:")
  })

  it('go out with API answers, cached reads and errors alike', async () => {
    for (const url of ['/api/restaurants', '/api/restaurants/999999', '/api/nope', '/api/user']) {
      const res = await app.inject({ url })
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/)
    }
  })
})
