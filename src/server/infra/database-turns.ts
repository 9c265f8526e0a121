import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type Asker, type PgliteTurns, runAs } from '../db/pglite-turns'

/**
 * Makes each request one asker of the embedded database (`db/pglite-turns.ts`): its statements
 * keep the place in line of when it arrived, and only its first statement may be refused. The
 * request is in flight from its first statement until its answer is sent or its client is gone.
 * Registered before every route, so that the hooks and handlers of each one run as its asker.
 */
export function registerDatabaseTurns(app: FastifyInstance, turns: PgliteTurns) {
  const askers = new WeakMap<FastifyRequest, Asker>()
  app.addHook('onRequest', (request, reply, done) => {
    // A WebSocket lives for minutes: its statements take their place in line when it asks.
    if (request.headers.upgrade) return done()
    const asker = turns.request()
    askers.set(request, asker)
    reply.raw.once('close', () => turns.finish(asker))
    runAs(asker, done)
  })
  // The body is read in the socket's callbacks, outside the request's context: enter it again.
  app.addHook('preValidation', (request, _reply, done) => {
    const asker = askers.get(request)
    if (asker) runAs(asker, done)
    else done()
  })
  app.addHook('onResponse', (request, _reply, done) => {
    const asker = askers.get(request)
    if (asker) turns.finish(asker)
    done()
  })
}
