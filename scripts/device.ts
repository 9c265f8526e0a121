/**
 * A sensor simulator for trying a restaurant's setup: sends a realistic oven curve to
 * POST /api/telemetry every second with a device key.
 *
 *   npm run device -- --key KEY --order 42 --url http://localhost:5000
 *
 * Options: --key (required; or DEVICE_KEY), --order (leave out for station readings), --url
 * (default http://localhost:5000), --unit F|C, --humidity (add humidityPct), --interval ms,
 * --batch n (readings a request), --count n (stop after n requests), --target °F.
 */
import { parseArgs } from 'node:util'

export interface OvenCurveOptions {
  /** The temperature the oven is set to, °F. */
  targetF?: number
  /** The oven's temperature when the simulation starts, °F. */
  startF?: number
  /** Seconds of cooking left at the first reading: the dish's timer runs from then on. */
  cookSeconds?: number
  /** A stable source of noise, so two runs with one seed read alike. */
  seed?: number
}

export interface SimulatedReading {
  temperatureF: number
  humidityPct: number
  cookingTimeLeft: number
}

/**
 * An oven heating up and holding its set point: a first-order rise towards the target (about
 * 10 °F a second at first), then the thermostat's slow swing of a few degrees around it, a dip
 * when the door opens every few minutes, and a little sensor noise.
 */
export function ovenCurve(options: OvenCurveOptions = {}) {
  const target = options.targetF ?? 400
  const start = options.startF ?? 72
  const cookSeconds = options.cookSeconds ?? 600
  let seed = options.seed ?? 1
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed / 2_147_483_648 - 0.5
  }
  const heatUpTau = 35
  return (elapsedSeconds: number): SimulatedReading => {
    const t = Math.max(0, elapsedSeconds)
    const rise = target - (target - start) * Math.exp(-t / heatUpTau)
    const swing = t > heatUpTau * 3 ? 4 * Math.sin((2 * Math.PI * t) / 90) : 0
    const sinceDoor = t % 240
    const door = t > 120 && sinceDoor < 20 ? -35 * Math.exp(-sinceDoor / 6) : 0
    const temperatureF = Math.round((rise + swing + door + noise() * 1.2) * 10) / 10
    // The order is cooking while the oven comes up to temperature: its time left runs from the start.
    const cookingTimeLeft = Math.max(0, Math.round(cookSeconds - t))
    const humidityPct = Math.round((38 + 6 * Math.sin(t / 50) + noise() * 2) * 10) / 10
    return { temperatureF, humidityPct, cookingTimeLeft }
  }
}

export interface SendOptions {
  url: string
  key: string
  orderId?: number
  unit?: 'F' | 'C'
  humidity?: boolean
}

/** Sends one request of readings; answers the status and body. */
export async function sendReadings(
  options: SendOptions,
  readings: (SimulatedReading & { recordedAt: Date })[],
): Promise<{ status: number; body: unknown }> {
  const payload = {
    readings: readings.map((r) => ({
      ...(options.orderId ? { orderId: options.orderId } : {}),
      ...(options.unit === 'C'
        ? { temperatureC: Math.round((((r.temperatureF - 32) * 5) / 9) * 10) / 10 }
        : { temperatureF: r.temperatureF }),
      ...(options.humidity ? { humidityPct: r.humidityPct } : {}),
      ...(options.orderId ? { cookingTimeLeft: r.cookingTimeLeft } : {}),
      recordedAt: r.recordedAt.toISOString(),
    })),
  }
  const response = await fetch(`${options.url.replace(/\/$/, '')}/api/telemetry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key}` },
    body: JSON.stringify(payload),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, body }
}

async function main() {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      order: { type: 'string' },
      url: { type: 'string', default: 'http://localhost:5000' },
      unit: { type: 'string', default: 'F' },
      humidity: { type: 'boolean', default: false },
      interval: { type: 'string', default: '1000' },
      batch: { type: 'string', default: '1' },
      count: { type: 'string' },
      target: { type: 'string', default: '400' },
    },
  })
  const key = values.key ?? process.env.DEVICE_KEY
  if (!key) {
    console.error('Usage: npm run device -- --key KEY [--order 42] [--url http://localhost:5000]')
    process.exit(2)
  }
  const orderId = values.order ? Number(values.order) : undefined
  const intervalMs = Number(values.interval)
  const batch = Math.max(1, Math.min(100, Number(values.batch)))
  const count = values.count ? Number(values.count) : Number.POSITIVE_INFINITY
  const curve = ovenCurve({ targetF: Number(values.target), seed: orderId ?? 7 })
  const options: SendOptions = {
    url: values.url!,
    key,
    orderId,
    unit: values.unit === 'C' ? 'C' : 'F',
    humidity: values.humidity,
  }
  const started = Date.now()
  let stopped = false
  process.on('SIGINT', () => {
    stopped = true
  })
  process.on('SIGTERM', () => {
    stopped = true
  })
  console.log(
    `Sending ${orderId ? `order #${orderId}` : 'station'} readings to ${options.url} every ${intervalMs} ms (Ctrl+C stops)`,
  )
  for (let sent = 0; sent < count && !stopped; sent++) {
    const tickAt = Date.now()
    const readings = Array.from({ length: batch }, (_, i) => {
      const at = tickAt - (batch - 1 - i) * (intervalMs / batch)
      return { ...curve((at - started) / 1000), recordedAt: new Date(at) }
    })
    try {
      const { status, body } = await sendReadings(options, readings)
      const last = readings.at(-1)!
      const detail = status === 202 ? '' : ` ${typeof body === 'string' ? body : JSON.stringify(body)}`
      console.log(`${new Date(tickAt).toISOString()} ${last.temperatureF} °F -> ${status}${detail}`)
      if (status === 401 || status === 403) process.exit(1)
    } catch (error) {
      console.log(`${new Date(tickAt).toISOString()} could not reach ${options.url}: ${(error as Error).message}`)
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - tickAt))))
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main()
