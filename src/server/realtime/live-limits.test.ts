import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildTestApp, testConfig } from '../testing/build-test-app'
import { POLICY_VIOLATION, RATE_LIMIT } from './connection'
import { connectViewer, liveUrl, type Viewer } from './live.fixtures'

const CAP = 3
const app = await buildTestApp({
  config: { limits: { ...testConfig().limits, liveConnectionsPerAddress: CAP } },
})
await app.listen({ port: 0, host: '127.0.0.1' })
const url = liveUrl(app.server)

function closed(viewer: Viewer) {
  return new Promise<{ code: number; reason: string }>((resolve) => {
    if (viewer.ws.readyState === WebSocket.CLOSED) resolve({ code: -1, reason: 'already closed' })
    viewer.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
  })
}

/** Tries to open a socket; the status the server answered the upgrade with when it refused. */
function tryConnect(): Promise<{ ws: WebSocket } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => resolve({ ws }))
    ws.once('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 })
      ws.terminate()
    })
    ws.once('error', reject)
  })
}

describe('live channel limits', () => {
  it('closes a socket that keeps breaking the message rate with 1008, after one error frame', async () => {
    const flooder = await connectViewer(url)
    const bystander = await connectViewer(url)
    const ended = closed(flooder)
    for (let i = 0; i < RATE_LIMIT.messages * 3; i++) {
      if (flooder.ws.readyState !== WebSocket.OPEN) break
      flooder.send({ type: 'ping' })
    }
    const { code, reason } = await ended
    expect(code).toBe(POLICY_VIOLATION)
    expect(reason).toBe('Message rate exceeded')
    // At most one "slow down" and one "too many waiting", not one error per message.
    const errors = flooder.messages.filter((m) => m.type === 'error')
    expect(errors.length).toBeLessThanOrEqual(2)
    expect(errors).toContainEqual({
      type: 'error',
      message: 'Too many messages. Please slow down.',
      code: 'rate_limited',
    })
    // Everyone else carries on.
    expect(await bystander.request({ type: 'ping' }, (m) => m.type === 'pong')).toEqual({ type: 'pong' })
    await bystander.close()
    const metrics = await app.inject({ url: '/metrics' })
    expect(metrics.body).toContain('live_connections_closed_total{reason="rate"} 1')
  })

  it('caps the sockets one address may hold open, and frees a place when one closes', async () => {
    // The earlier test's sockets are gone on the server's side too.
    await new Promise((r) => setTimeout(r, 200))
    const open: Viewer[] = []
    for (let i = 0; i < CAP; i++) open.push(await connectViewer(url))
    const extra = await tryConnect()
    expect(extra).toEqual({ refused: 429 })
    await open.pop()!.close()
    // The server notices the close on its next turn.
    await new Promise((r) => setTimeout(r, 100))
    const again = await tryConnect()
    expect('ws' in again).toBe(true)
    if ('ws' in again) again.ws.close()
    await Promise.all(open.map((v) => v.close()))
  })
})
