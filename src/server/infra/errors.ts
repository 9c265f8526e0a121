import { ERROR_CODE } from '../../shared/error-codes'

/** Errors with a stable code and HTTP status. The error handler decides what reaches the client. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export interface ErrorDefinition {
  code: string
  status: number
  message: string
}

/** `const notFound = defineError({...}); throw notFound()` or `throw notFound('Order not found')`. */
export function defineError(def: ErrorDefinition) {
  const make = (message = def.message, errors?: Record<string, string>) =>
    new AppError(def.code, def.status, message, errors)
  return Object.assign(make, { code: def.code, status: def.status })
}

export const badRequest = defineError({ code: 'bad_request', status: 400, message: 'Bad request' })
export const unauthorized = defineError({
  code: 'auth.unauthorized',
  status: 401,
  message: 'Please sign in first',
})
export const forbidden = defineError({
  code: 'auth.forbidden',
  status: 403,
  message: 'You do not have access to this',
})
export const notFound = defineError({ code: 'not_found', status: 404, message: 'Not found' })
export const conflict = defineError({ code: 'conflict', status: 409, message: 'Conflict' })
export const insufficientFunds = defineError({
  code: ERROR_CODE.insufficientFunds,
  status: 402,
  message: 'Insufficient funds',
})
export const tooManyRequests = defineError({
  code: 'rate_limited',
  status: 429,
  message: 'Too many attempts. Please wait a minute and try again.',
})
