import { AsyncLocalStorage } from 'node:async_hooks'
import type { PGlite } from '@electric-sql/pglite'

/**
 * Who asks the embedded database for a turn: a request (from when it arrived until its answer
 * is sent), a job of the server's own (one kitchen pass), or nobody known (a socket's message, a
 * timer), whose statements each take their place in line when they are asked.
 */
export interface Asker {
  /** When it started (performance.now()): the earlier, the sooner its statements run. */
  readonly rank: number
  /** A request is refused only at its first statement; once admitted, never. */
  admitted: boolean
  /** A request counts towards the work in flight while its answer is on its way. */
  readonly request: boolean
}

const asking = new AsyncLocalStorage<Asker>()

/** Runs `work` as `asker`: the statements it makes, directly or later, are the asker's. */
export function runAs<T>(asker: Asker, work: () => T): T {
  return asking.run(asker, work)
}

/**
 * Runs `work` as one job of the server's own (a kitchen pass): its statements keep the place in
 * line of when it started, so a pass ends soon after it began instead of waiting again behind
 * every request that came meanwhile, and none of them is refused.
 */
export function asOneJob<T>(work: () => PromiseLike<T>): Promise<T> {
  return inContext({ rank: performance.now(), admitted: true, request: false }, work)
}

/** Runs `work` before anything waiting (a health probe's `select 1`), never refused. */
export function urgently<T>(work: () => PromiseLike<T>): Promise<T> {
  return inContext({ rank: Number.NEGATIVE_INFINITY, admitted: true, request: false }, work)
}

/**
 * Awaited inside the context: a Drizzle query runs only when it is awaited, so a query returned
 * as is would run as whoever awaits it.
 */
function inContext<T>(asker: Asker, work: () => PromiseLike<T>): Promise<T> {
  return asking.run(asker, async () => await work())
}

/** The embedded database has more requests in flight than it can finish within the limit. */
export class DatabaseBusyError extends Error {
  /** PostgreSQL's too_many_connections: answered 503 with Retry-After, as when it is out of reach. */
  readonly code = '53300'
}

export interface PgliteTurnsOptions {
  /** How long PGlite may run statements back to back before the event loop gets a turn. */
  sliceMs?: number
  /** A new request is refused while the oldest request in flight has waited longer than this. */
  maxWaitMs?: number
  /** Requests in flight below which nothing is refused, however long they have waited. */
  minInFlight?: number
  /** The clock of how long requests have been in flight (milliseconds); tests pass their own. */
  now?: () => number
}

export interface PgliteTurns {
  /** The client whose statements and transactions take turns. */
  readonly client: PGlite
  /** A new request's asker; `finish` it once its answer is sent or its client is gone. */
  request(): Asker
  finish(asker: Asker): void
  /** Requests admitted and not finished, statements and transactions waiting for their turn. */
  load(): { inFlight: number; waiting: number }
}

const SLICE_MS = 10
const MAX_WAIT_MS = 5000
const MIN_IN_FLIGHT = 20
/**
 * A request that has had no statement waiting or running for this long no longer counts as in
 * flight: it is writing its answer, streaming, or waiting for something else than the database.
 */
const IDLE_MS = 1000

interface InFlight {
  admittedAt: number
  /** Its statements and transactions waiting or running. */
  pending: number
  lastActiveAt: number
  /** How long its statements and transactions have held the line. */
  usedMs: number
}

/** Weight of the newest figure in the running averages. */
const AVERAGE_WEIGHT = 0.2
const averaged = (average: number | undefined, figure: number) =>
  average === undefined ? figure : average + AVERAGE_WEIGHT * (figure - average)

interface Waiting {
  rank: number
  run: () => Promise<void>
}

type Queryable = Pick<PGlite, 'query' | 'exec'>

/**
 * PGlite runs each statement synchronously on the server's own thread. Left to itself it hands
 * its lock to the next waiting statement in a microtask, first come first served: under load the
 * statements of every request in flight ran back to back for seconds without the event loop
 * reading a socket, and a request's every statement queued again behind all the others, so a
 * request of five statements in a row waited five times for the whole queue; its client gave up
 * before it was answered, and what it asked for was committed anyway.
 *
 * Here statements and transactions take turns in one line ordered by who asks (`Asker`): the
 * statements of the request that arrived first go first, so a request once started is answered
 * as soon as the requests before it are; statements asked outside a request take their place
 * when asked. The event loop gets a turn once PGlite has had the thread for `sliceMs`, inside a
 * transaction too (a transaction holds the line for as long as it runs).
 *
 * And it sheds load instead of queueing without end: a request's first statement is refused
 * (DatabaseBusyError, a 503 with nothing done) when the requests in flight before it would keep
 * it waiting longer than `maxWaitMs` (see `behind`). Once it has made one statement, none of its
 * statements is refused, so a request is never half done.
 */
export function takeTurns(client: PGlite, options: PgliteTurnsOptions = {}): PgliteTurns {
  const sliceMs = options.sliceMs ?? SLICE_MS
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS
  const minInFlight = options.minInFlight ?? MIN_IN_FLIGHT
  const now = options.now ?? (() => performance.now())

  const line: Waiting[] = []
  let running = false
  let turnAt = performance.now()

  /** Requests admitted and not finished, oldest first. */
  const inFlight = new Map<Asker, InFlight>()

  const turn = async () => {
    if (performance.now() - turnAt < sliceMs) return
    await new Promise<void>((resolve) => setImmediate(resolve))
    turnAt = performance.now()
  }

  /** How long a request that used the database held the line, on average lately. */
  let lineMsPerRequest: number | undefined

  function retire(asker: Asker) {
    const state = inFlight.get(asker)
    if (!state) return
    inFlight.delete(asker)
    if (state.usedMs > 0) lineMsPerRequest = averaged(lineMsPerRequest, state.usedMs)
  }

  /**
   * Why a new request is refused now, or undefined when it may start. Served oldest first, it
   * would wait for every request in flight: refused when the oldest has already waited longer
   * than the limit, or when the requests in flight would hold the line longer than the limit
   * (each as long as requests did lately).
   */
  function behind(at: number): string | undefined {
    // Requests that no longer use the database leave the count, oldest first.
    for (const [asker, state] of inFlight) {
      if (state.pending > 0 || at - state.lastActiveAt < IDLE_MS) break
      retire(asker)
    }
    if (inFlight.size < minInFlight) return undefined
    const oldest = inFlight.values().next().value as InFlight
    const waitedMs = at - oldest.admittedAt
    if (waitedMs > maxWaitMs)
      return `${inFlight.size} requests in flight, the oldest for ${(waitedMs / 1000).toFixed(1)} s`
    const aheadMs = inFlight.size * (lineMsPerRequest ?? 0)
    if (aheadMs > maxWaitMs)
      return `${inFlight.size} requests in flight would take about ${(aheadMs / 1000).toFixed(1)} s`
    return undefined
  }

  /**
   * A request's first statement admits it, or is refused when the database is too far behind;
   * returns what to count the statement against.
   */
  function admit(asker: Asker | undefined): InFlight | undefined {
    if (!asker?.request) return undefined
    const at = now()
    if (!asker.admitted) {
      const why = behind(at)
      if (why) throw new DatabaseBusyError(`The embedded database is busy: ${why}`)
      asker.admitted = true
      const state = { admittedAt: at, pending: 0, lastActiveAt: at, usedMs: 0 }
      inFlight.set(asker, state)
      return state
    }
    return inFlight.get(asker)
  }

  async function drain() {
    running = true
    try {
      while (line.length > 0) {
        await turn()
        await line.shift()!.run()
      }
    } finally {
      running = false
    }
  }

  /** Runs `work` when its turn comes: after everything waiting that was asked by an earlier asker. */
  function inLine<T>(work: () => Promise<T>): Promise<T> {
    const asker = asking.getStore()
    let state: InFlight | undefined
    try {
      state = admit(asker)
    } catch (error) {
      return Promise.reject(error)
    }
    const rank = asker?.rank ?? performance.now()
    if (state) state.pending++
    let startedAt = 0
    const settled = () => {
      if (!state) return
      state.pending--
      state.lastActiveAt = now()
      state.usedMs += state.lastActiveAt - startedAt
    }
    return new Promise<T>((resolve, reject) => {
      const waiting: Waiting = {
        rank,
        run: () => {
          startedAt = now()
          return work().then(
            (value) => {
              settled()
              resolve(value)
            },
            (error: unknown) => {
              settled()
              reject(error)
            },
          )
        },
      }
      // After every earlier rank, and after those of the same rank asked before it.
      let low = 0
      let high = line.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (line[mid]!.rank <= rank) low = mid + 1
        else high = mid
      }
      line.splice(low, 0, waiting)
      if (!running) void drain()
    })
  }

  const wrap = <T extends Queryable>(target: T, top: boolean): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver)
        if (property === 'query' || property === 'exec')
          return (...args: unknown[]) => {
            const run = () => (value as (...a: unknown[]) => Promise<unknown>).apply(object, args)
            // Inside a transaction the line is already held: only the event loop's turn is due.
            return top ? inLine(run) : turn().then(run)
          }
        if (property === 'transaction')
          return (callback: (tx: Queryable) => unknown) =>
            inLine(() =>
              (value as (cb: (tx: Queryable) => unknown) => Promise<unknown>).call(object, (tx: Queryable) =>
                callback(wrap(tx, false)),
              ),
            )
        return typeof value === 'function' ? value.bind(object) : value
      },
    })

  return {
    client: wrap(client, true),
    request: () => ({ rank: performance.now(), admitted: false, request: true }),
    finish(asker) {
      retire(asker)
    },
    load: () => ({ inFlight: inFlight.size, waiting: line.length }),
  }
}
