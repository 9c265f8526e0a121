import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A push service on 127.0.0.1 for tests, standing in for FCM or Mozilla's: it takes what the app
 * sends, decrypts it with the subscription's private keys (aes128gcm, RFC 8291) and checks the VAPID
 * signature (RFC 8292) against a public key, so a test sees exactly what a browser would be handed.
 */

const b64url = (buffer: Buffer) => buffer.toString('base64url')

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function createSubscriberKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  const publicKey = ecdh.getPublicKey()
  return {
    keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
    /** The plaintext of an aes128gcm body sent to this subscription. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16)
      const recordSize = body.readUInt32BE(16)
      const idLength = body[20]!
      const serverKey = body.subarray(21, 21 + idLength)
      const ciphertext = body.subarray(21 + idLength)
      if (ciphertext.length > recordSize) throw new Error('more than one record')
      const shared = ecdh.computeSecret(serverKey)
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey])
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32))
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ])
      // The last record ends with a 0x02 delimiter followed by zero or more zero bytes of padding.
      let end = padded.length - 1
      while (end >= 0 && padded[end] === 0) end--
      if (padded[end] !== 2) throw new Error('no last-record delimiter')
      return padded.subarray(0, end).toString('utf8')
    },
  }
}
export type SubscriberKeys = ReturnType<typeof createSubscriberKeys>

/** Checks `Authorization: vapid t=<JWT>, k=<public key>`: the key, the ES256 signature and the claims. */
export function verifyVapid(
  authorization: string | undefined,
  expected: { publicKey: string; audience: string },
): { subject: string; expiresAt: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`)
  const [, token, key] = match as unknown as [string, string, string]
  if (key !== expected.publicKey) throw new Error('signed with another key')
  const raw = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  })
  const [header, claims, signature] = token.split('.') as [string, string, string]
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('bad VAPID signature')
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256')
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string
    exp: number
    sub: string
  }
  if (body.aud !== expected.audience) throw new Error(`audience ${body.aud}`)
  if (body.exp * 1000 <= Date.now()) throw new Error('expired')
  return { subject: body.sub, expiresAt: body.exp }
}

export interface ReceivedPush {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * Starts the receiver. Every path is a subscription's endpoint; `answer` sets what a path answers
 * (201 by default, 410 for a subscription the browser dropped, 503 for an outage).
 */
export async function startPushReceiver() {
  const received: ReceivedPush[] = []
  const answers = new Map<string, number[]>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const push = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks) }
      received.push(push)
      const queue = answers.get(push.path)
      const status = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? 201
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let counter = 0
  return {
    origin,
    received,
    /** A new endpoint on this receiver. */
    endpoint: () => `${origin}/push/${++counter}-${randomBytes(6).toString('hex')}`,
    /** What the endpoint answers, in turn; the last answer stays. */
    answer(endpoint: string, ...statuses: number[]) {
      answers.set(new URL(endpoint).pathname, statuses)
    },
    pushesTo: (endpoint: string) => received.filter((p) => p.path === new URL(endpoint).pathname),
    /** The `nth` push to `endpoint` (1 = the first), once it has arrived; fails after `timeoutMs`. */
    async waitFor(endpoint: string, nth = 1, timeoutMs = 10_000): Promise<ReceivedPush> {
      const path = new URL(endpoint).pathname
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const push = received.filter((p) => p.path === path)[nth - 1]
        if (push) return push
        if (Date.now() > deadline)
          throw new Error(`push ${nth} to ${path} did not arrive within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>
