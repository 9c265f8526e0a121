import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { AppError } from './errors'

interface ErrorBody {
  message: string
  errors?: Record<string, string>
}

export function notFoundBody(method: string, path: string): ErrorBody {
  return { message: `No route for ${method} ${path}` }
}

/** The one place that decides what an error tells the client. Nothing internal leaves the server. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message }
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
    return reply.code(400).send({ message: first ?? 'Invalid request', errors })
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, 'response did not match its schema')
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' })
  }
  const status = error.statusCode ?? 500
  if (status === 429)
    return reply.code(429).send({ message: 'Too many attempts. Please wait a minute and try again.' })
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send JSON with Content-Type: application/json'
            : error.message
    return reply.code(status).send({ message })
  }
  // The database refusing a value (a NUL byte, a number out of range...) is bad input that a
  // schema missed: the client gets a 400, the log a warning to tighten that schema.
  const sqlState = databaseErrorCode(error)
  if (sqlState?.startsWith('22')) {
    request.log.warn({ err: error, sqlState }, 'the database refused a value the schema let through')
    return reply.code(400).send({ message: 'The request holds a value that cannot be stored' })
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' })
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
