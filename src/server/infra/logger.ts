import type { FastifyBaseLogger } from 'fastify'

/** The part of the app's logger that services write to; each takes only the levels it uses. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
