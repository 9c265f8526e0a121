import http from 'node:http'
import https from 'node:https'
import webpush from 'web-push'
import type { Logger } from '../infra/logger'
import { guardedLookup } from '../infra/source-policy'
import type { VapidKeys } from './vapid-keys'

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushDelivery {
  target: PushTarget
  payload: string
  ttlSeconds: number
  urgency: 'high' | 'normal'
  /** Replaces a push to the same subscription that the service still holds (one per order). */
  topic?: string
}

/** Waits before the 2nd, 3rd... attempt of a push the service did not take. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000]

export interface PushSenderOptions {
  vapid: VapidKeys
  allowPrivateHosts: boolean
  /** The service said the subscription is gone (404/410). */
  onGone(endpoint: string): Promise<void>
  /** The service accepted a push. */
  onSent(endpoint: string): Promise<void>
  log?: Pick<Logger, 'warn' | 'error'>
  retryDelaysMs?: number[]
  timeoutMs?: number
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; afterMs?: number }
  | { kind: 'refused'; status: number }

/**
 * Sends pushes without ever holding up the request or the kitchen pass that caused them: `send`
 * returns at once. Each push is encrypted (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292) by
 * `web-push`, and sent here over http(s) with the outbound address policy's DNS lookup, so a host
 * name that resolves to a private address is refused on the address actually connected to. A 404
 * or 410 deletes the subscription; a 429, a 5xx, a timeout or a network error is tried again after
 * 1 s, 5 s, 30 s and 2 min (or the service's Retry-After, up to 10 min), then given up and logged.
 * Retries live in this process: a push still waiting when it stops is lost, which a status the
 * diner sees on opening the app makes up for.
 */
export function createPushSender(options: PushSenderOptions) {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS
  const timeoutMs = options.timeoutMs ?? 10_000
  const lookup = guardedLookup(options.allowPrivateHosts)
  const timers = new Set<NodeJS.Timeout>()
  const inFlight = new Set<Promise<void>>()
  let closed = false

  function post(delivery: PushDelivery): Promise<Outcome> {
    const details = webpush.generateRequestDetails(delivery.target, delivery.payload, {
      vapidDetails: options.vapid,
      TTL: delivery.ttlSeconds,
      urgency: delivery.urgency,
      topic: delivery.topic,
      contentEncoding: webpush.supportedContentEncodings.AES_128_GCM,
    })
    const url = new URL(details.endpoint)
    const client = url.protocol === 'http:' ? http : https
    return new Promise((resolve) => {
      const request = client.request(
        url,
        { method: details.method, headers: details.headers, lookup, timeout: timeoutMs },
        (response) => {
          response.resume()
          const status = response.statusCode ?? 0
          if (status >= 200 && status < 300) return resolve({ kind: 'sent' })
          if (status === 404 || status === 410) return resolve({ kind: 'gone' })
          if (status === 429 || status >= 500) {
            const retryAfter = Number(response.headers['retry-after'])
            return resolve({
              kind: 'retry',
              afterMs:
                Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 600) * 1000 : undefined,
            })
          }
          resolve({ kind: 'refused', status })
        },
      )
      request.on('timeout', () => request.destroy(new Error('push service did not answer in time')))
      request.on('error', (err) => {
        options.log?.warn({ err, host: url.host }, 'push not delivered')
        resolve({ kind: 'retry' })
      })
      request.end(details.body ?? undefined)
    })
  }

  async function attempt(delivery: PushDelivery, tried: number): Promise<void> {
    const outcome = await post(delivery).catch((err: unknown): Outcome => {
      options.log?.error({ err }, 'could not prepare a push')
      return { kind: 'refused', status: 0 }
    })
    const endpoint = delivery.target.endpoint
    switch (outcome.kind) {
      case 'sent':
        await options.onSent(endpoint).catch(() => undefined)
        return
      case 'gone':
        await options
          .onGone(endpoint)
          .catch((err: unknown) =>
            options.log?.error({ err }, 'could not delete a push subscription the service dropped'),
          )
        return
      case 'refused':
        options.log?.warn(
          { status: outcome.status, host: new URL(endpoint).host },
          'push refused by its service',
        )
        return
      case 'retry': {
        const wait = tried < delays.length ? (outcome.afterMs ?? delays[tried]!) : undefined
        if (wait === undefined || closed) {
          options.log?.warn({ host: new URL(endpoint).host, attempts: tried + 1 }, 'push given up')
          return
        }
        const timer = setTimeout(() => {
          timers.delete(timer)
          track(attempt(delivery, tried + 1))
        }, wait)
        timer.unref()
        timers.add(timer)
      }
    }
  }

  function track(work: Promise<void>) {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
  }

  return {
    /** Starts sending; never throws, never waits. */
    send(delivery: PushDelivery): void {
      if (closed) return
      track(attempt(delivery, 0))
    },
    /** Stops retrying and waits for the pushes under way. */
    async close(): Promise<void> {
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await Promise.allSettled([...inFlight])
    },
  }
}
export type PushSender = ReturnType<typeof createPushSender>
