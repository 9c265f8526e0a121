import type { ErrorCode } from '@shared/error-codes'

/**
 * The one way the client talks to the API. Every request sends cookies and JSON; any non-OK
 * answer is raised as `ApiError` whose message is "{status}: {body text}" (the spec's contract),
 * with the server's `message`, its stable `code` (decide on this, not on the text) and field
 * `errors` parsed for forms and toasts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Record<string, string> | undefined,
    readonly code?: string,
  ) {
    super(`${status}: ${bodyText}`)
    this.name = 'ApiError'
  }
}

export interface RequestOptions {
  /** Requests that move money send one so a retry never charges twice. */
  idempotencyKey?: string
  signal?: AbortSignal
}

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options.signal,
  })
  if (!res.ok) {
    const text = (await res.text()) || res.statusText
    let message: string | undefined
    let errors: Record<string, string> | undefined
    let code: string | undefined
    try {
      const parsed = JSON.parse(text) as { message?: unknown; code?: unknown; errors?: unknown }
      if (typeof parsed.message === 'string') message = parsed.message
      if (typeof parsed.code === 'string') code = parsed.code
      if (parsed.errors && typeof parsed.errors === 'object') errors = parsed.errors as Record<string, string>
    } catch {}
    throw new ApiError(res.status, text, message, errors, code)
  }
  if (res.status === 204) return undefined as T
  const type = res.headers.get('content-type') ?? ''
  return (type.includes('json') ? await res.json() : await res.text()) as T
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => apiRequest<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', url, body ?? {}, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', url, body ?? {}, options),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', url, body ?? {}, options),
  delete: <T>(url: string, options?: RequestOptions) => apiRequest<T>('DELETE', url, undefined, options),
}

/** The server's message for a toast, or `fallback` when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback
  return fallback
}

/** True when the server answered with this error code (e.g. `wallet.insufficient_funds`). */
export function hasCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}
