import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'

/** A platform's answer that was not 2xx, or no answer: its reason is what the workspace shows. */
export class PlatformCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'PlatformCallError'
  }
}

export interface HttpAnswer {
  status: number
  text: string
}

const MAX_ANSWER_BYTES = 1024 * 1024

/**
 * One HTTP call to a platform, with a deadline. `lookup` judges the address connected to (the
 * outbound policy for a URL a restaurant gave); platforms' own API hosts are the operator's.
 */
export function callPlatform(input: {
  method: string
  url: string
  headers?: Record<string, string>
  body?: string
  timeoutMs?: number
  lookup?: LookupFunction
}): Promise<HttpAnswer> {
  const url = new URL(input.url)
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(new PlatformCallError(`Unsupported address ${url.protocol}`))
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: input.method,
        headers: {
          accept: 'application/json',
          ...(input.body !== undefined ? { 'content-length': String(Buffer.byteLength(input.body)) } : {}),
          ...input.headers,
        },
        lookup: input.lookup,
        timeout: input.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_ANSWER_BYTES) {
            req.destroy(new PlatformCallError('The platform answered with too much data'))
            return
          }
          chunks.push(chunk)
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new PlatformCallError('The platform did not answer in time')))
    req.on('error', (error) =>
      reject(error instanceof PlatformCallError ? error : new PlatformCallError(error.message)),
    )
    if (input.body !== undefined) req.write(input.body)
    req.end()
  })
}

/** The platform's own words for a refusal: `message`, `error`, `reason`... of a JSON answer, else its text. */
export function reasonOf(answer: HttpAnswer): string {
  try {
    const body = JSON.parse(answer.text) as Record<string, unknown>
    for (const key of ['message', 'error_description', 'error', 'reason', 'code']) {
      const value = body[key]
      if (typeof value === 'string' && value) return `${answer.status}: ${value}`
    }
  } catch {
    // not JSON
  }
  return `${answer.status}: ${answer.text.slice(0, 200) || 'no reason given'}`
}

/** Throws the platform's reason unless the answer is 2xx; answers the parsed JSON body (or null). */
export function expectOk(answer: HttpAnswer): unknown {
  if (answer.status < 200 || answer.status >= 300)
    throw new PlatformCallError(reasonOf(answer), answer.status)
  if (!answer.text) return null
  try {
    return JSON.parse(answer.text)
  } catch {
    return null
  }
}
