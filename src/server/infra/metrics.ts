import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The instance's Prometheus metrics, one registry per app (tests build many apps in one process).
 * Domains record through the named instruments; gauges that mirror live state read it on scrape
 * through `track*` sources.
 */
export interface Metrics {
  readonly registry: Registry
  /** HTTP requests by method, route pattern and status. */
  readonly httpRequests: Counter<'method' | 'route' | 'status'>
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>
  /** Messages the bus could not hand to the broker at once (queued for retry or dropped). */
  readonly busPublishFailures: Counter<'reason'>
  /** Seconds from a publish call to the broker accepting the message (includes time queued). */
  readonly busPublishLag: Histogram
  /** How late the kitchen's periodic pass ran compared with its schedule, in seconds. */
  readonly kitchenLoopLag: Histogram
  /** Sensor readings accepted by the ingest routes. */
  readonly ingestReadings: Counter<'kind'>
  /** Live-channel connections closed by the server, by reason (rate, per-address cap...). */
  readonly liveClosed: Counter<'reason'>
  /** Reads the open live connections and rooms when scraped. */
  trackLive(source: () => { connections: number; rooms: number }): void
  /** Reads the bus's state when scraped: 1 connected, 0 degraded; and its retry queue length. */
  trackBus(source: () => { connected: boolean; queued: number }): void
  text(): Promise<string>
  readonly contentType: string
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  let live: () => { connections: number; rooms: number } = () => ({ connections: 0, rooms: 0 })
  let bus: () => { connected: boolean; queued: number } = () => ({ connected: true, queued: 0 })

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  new Gauge({
    name: 'live_connections',
    help: 'Open live-channel (WebSocket) connections',
    registers: [registry],
    collect() {
      this.set(live().connections)
    },
  })
  new Gauge({
    name: 'live_rooms',
    help: 'Order rooms with at least one viewer on this instance',
    registers: [registry],
    collect() {
      this.set(live().rooms)
    },
  })
  const liveClosed = new Counter({
    name: 'live_connections_closed_total',
    help: 'Live connections the server closed, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  })
  new Gauge({
    name: 'bus_connected',
    help: '1 when the pub/sub bus reaches its broker, 0 while degraded',
    registers: [registry],
    collect() {
      this.set(bus().connected ? 1 : 0)
    },
  })
  new Gauge({
    name: 'bus_publish_queue_length',
    help: 'Messages waiting to be published once the broker is back',
    registers: [registry],
    collect() {
      this.set(bus().queued)
    },
  })
  const busPublishFailures = new Counter({
    name: 'bus_publish_failures_total',
    help: 'Publishes the broker did not take at once, by reason (queued; replaced by a newer reading of the same order; dropped)',
    labelNames: ['reason'] as const,
    registers: [registry],
  })
  const busPublishLag = new Histogram({
    name: 'bus_publish_lag_seconds',
    help: 'Time from a publish call to the broker accepting the message',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [registry],
  })
  const kitchenLoopLag = new Histogram({
    name: 'kitchen_loop_lag_seconds',
    help: 'How late the kitchen pass ran compared with its schedule',
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  })
  const ingestReadings = new Counter({
    name: 'ingest_readings_total',
    help: 'Sensor readings accepted, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  })

  return {
    registry,
    httpRequests,
    httpDuration,
    busPublishFailures,
    busPublishLag,
    kitchenLoopLag,
    ingestReadings,
    liveClosed,
    trackLive(source) {
      live = source
    },
    trackBus(source) {
      bus = source
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  }
}

/**
 * Counts and times every request by its route pattern (never the raw URL, so ids do not make new
 * series), and serves `GET /metrics`, behind `Authorization: Bearer <token>` when a token is set.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, options: { token?: string }) {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    const labels = { method: request.method, route, status: String(reply.statusCode) }
    metrics.httpRequests.inc(labels)
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000)
  })

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A metrics token is required' })
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text())
  })
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '')
  if (!match) return false
  const given = Buffer.from(match[1]!.trim())
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
