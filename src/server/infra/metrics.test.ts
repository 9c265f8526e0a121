import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { createMetrics, registerMetrics } from './metrics'

const apps: ReturnType<typeof Fastify>[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()))
})

function build(token?: string) {
  const app = Fastify()
  apps.push(app)
  const metrics = createMetrics()
  registerMetrics(app, metrics, { token })
  app.get('/api/orders/:id', async () => ({ ok: true }))
  return { app, metrics }
}

describe('metrics', () => {
  it('counts requests by route pattern and status, not by raw URL', async () => {
    const { app } = build()
    await app.inject({ url: '/api/orders/1' })
    await app.inject({ url: '/api/orders/2' })
    const res = await app.inject({ url: '/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    expect(res.body).toContain('http_requests_total{method="GET",route="/api/orders/:id",status="200"} 2')
    expect(res.body).toContain('http_request_duration_seconds_bucket')
    expect(res.body).not.toContain('/api/orders/1"')
  })

  it('reads live and bus state when scraped', async () => {
    const { app, metrics } = build()
    metrics.trackLive(() => ({ connections: 7, rooms: 3 }))
    metrics.trackBus(() => ({ connected: false, queued: 12 }))
    metrics.busPublishFailures.inc({ reason: 'queued' })
    const body = (await app.inject({ url: '/metrics' })).body
    expect(body).toContain('live_connections 7')
    expect(body).toContain('live_rooms 3')
    expect(body).toContain('bus_connected 0')
    expect(body).toContain('bus_publish_queue_length 12')
    expect(body).toContain('bus_publish_failures_total{reason="queued"} 1')
  })

  it('asks for the bearer token when one is set', async () => {
    const { app } = build('s3cret-token')
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401)
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } })
    expect(wrong.statusCode).toBe(401)
    const right = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer s3cret-token' } })
    expect(right.statusCode).toBe(200)
    expect(right.body).toContain('process_cpu_seconds_total')
  })
})

describe('the app', async () => {
  const { buildTestApp } = await import('../testing/build-test-app')
  const app = await buildTestApp({ config: { metricsToken: 'metrics-token-for-tests' } })

  it('answers /metrics in the Prometheus format behind its token, with the healthz split', async () => {
    await app.inject({ url: '/api/restaurants' })
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401)
    const res = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('http_requests_total{method="GET",route="/api/restaurants",status="200"} 1')
    expect(res.body).toContain('live_connections 0')
    expect(res.body).toContain('bus_connected 1')
    const health = await app.inject({ url: '/healthz' })
    expect(health.json()).toMatchObject({
      status: 'ready',
      database: { ok: true },
      bus: { kind: 'memory', connected: true },
    })
  })
})
