import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError } from './errors'

/** Every error answer: a message for a person, a stable code for the client to decide on, field messages. */
export interface ErrorBody {
  message: string
  code: string
  errors?: Record<string, string>
}

/** Codes of errors that no domain defines (a domain's codes live in its <d>.errors.ts). */
export const ERROR_CODES = {
  validation: 'validation_failed',
  invalidJson: 'request.invalid_json',
  tooLarge: 'request.too_large',
  mediaType: 'request.unsupported_media_type',
  badRequest: 'bad_request',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  unavailable: 'service_unavailable',
  internal: 'internal',
} as const

const INTERNAL = 'Something went wrong on our side. Please try again.'
const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.'
/** Seconds a client is asked to wait before retrying while the database is away. */
const RETRY_AFTER_SECONDS = '5'

export function notFoundBody(method: string, path: string): ErrorBody {
  return { message: `No route for ${method} ${path}`, code: ERROR_CODES.notFound }
}

/** The one place that decides what an error tells the client. Nothing internal leaves the server. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code }
    if (error.errors) body.errors = error.errors
    return reply.code(error.statusCode).send(body)
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {}
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'
      errors[field] ??= issue.message ?? 'Invalid value'
    }
    const [first] = Object.values(errors)
    return reply.code(400).send({ message: first ?? 'Invalid request', code: ERROR_CODES.validation, errors })
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, 'response did not match its schema')
    return reply.code(500).send({ message: INTERNAL, code: ERROR_CODES.internal })
  }
  const status = error.statusCode ?? 500
  if (status === 429)
    return reply.code(429).send({
      message: 'Too many attempts. Please wait a minute and try again.',
      code: ERROR_CODES.rateLimited,
    })
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    const [message, code] =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? ['The request body is not valid JSON', ERROR_CODES.invalidJson]
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? ['The request body is too large', ERROR_CODES.tooLarge]
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? ['Send JSON with Content-Type: application/json', ERROR_CODES.mediaType]
            : [error.message, status === 404 ? ERROR_CODES.notFound : ERROR_CODES.badRequest]
    return reply.code(status).send({ message, code })
  }
  // The database refusing a value (a NUL byte, a number out of range...) is bad input that a
  // schema missed: the client gets a 400, the log a warning to tighten that schema.
  const sqlState = databaseErrorCode(error)
  if (sqlState?.startsWith('22')) {
    request.log.warn({ err: error, sqlState }, 'the database refused a value the schema let through')
    return reply
      .code(400)
      .send({ message: 'The request holds a value that cannot be stored', code: ERROR_CODES.badRequest })
  }
  // The database restarting or out of reach: nothing was done, and a retry will work once it is back.
  if (isDatabaseUnavailable(error)) {
    // One line per request, not a stack trace: an outage would otherwise flood the log.
    request.log.warn({ reason: error.message }, 'the database is unavailable')
    return reply
      .code(503)
      .header('retry-after', RETRY_AFTER_SECONDS)
      .send({ message: UNAVAILABLE, code: ERROR_CODES.unavailable })
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send({ message: INTERNAL, code: ERROR_CODES.internal })
}

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps it as the cause. */
function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** Socket errors of a connection that could not be made or was cut. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** SQLSTATEs of a server shutting down, starting up or out of connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** What node-postgres says when it loses or cannot get a connection. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|connection timeout/i

/**
 * True when `error` (or its cause) says the database cannot be reached: a refused or cut
 * connection, a connection exception (SQLSTATE class 08), a shutdown or a start-up in progress.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown }
    if (
      typeof code === 'string' &&
      (CONNECTION_ERRORS.has(code) || code.startsWith('08') || UNAVAILABLE_STATES.has(code))
    )
      return true
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true
    // A refused connection to several addresses comes as an AggregateError of each attempt.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
