import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { asOneJob, DatabaseBusyError, runAs, takeTurns, urgently } from './pglite-turns'

/**
 * A stand-in for PGlite that records what ran, in order. A statement named `hold` waits until
 * `release()`, keeping the line busy so that what is asked meanwhile waits in it.
 */
function fakeDatabase() {
  const ran: string[] = []
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const run = async (statement: string) => {
    ran.push(statement)
    if (statement === 'hold') await held
    return { rows: [], fields: [] }
  }
  const client = {
    query: run,
    exec: run,
    async transaction<T>(callback: (tx: { query: typeof run; exec: typeof run }) => Promise<T>) {
      ran.push('begin')
      const result = await callback({ query: run, exec: run })
      ran.push('commit')
      return result
    },
  }
  return { client: client as unknown as PGlite, ran, release: () => release() }
}

function manualClock(start = 1_000_000) {
  let at = start
  return { now: () => at, advance: (ms: number) => (at += ms) }
}

describe('the embedded database’s line', () => {
  it('runs the statements of the request that arrived first before those of later requests', async () => {
    const { client, ran, release } = fakeDatabase()
    const turns = takeTurns(client)
    const db = turns.client
    const busy = db.query('hold')
    const first = turns.request()
    const second = turns.request()
    // The later request asks first, the earlier one after it: the earlier one goes first.
    const later = runAs(second, () => db.query('second request'))
    const earlier = runAs(first, () => db.query('first request'))
    const background = db.query('background')
    release()
    await Promise.all([busy, later, earlier, background])
    expect(ran).toEqual(['hold', 'first request', 'second request', 'background'])
  })

  it('runs a job’s statements in its place from when it started, and a health probe before everything', async () => {
    const { client, ran, release } = fakeDatabase()
    const turns = takeTurns(client)
    const db = turns.client
    let job: Promise<unknown> = Promise.resolve()
    const busy = db.query('hold')
    const jobStarted = new Promise<void>((started) => {
      job = asOneJob(async () => {
        await db.query('job 1')
        await db.query('job 2')
      })
      started()
    })
    await jobStarted
    const request = turns.request()
    const asked = runAs(request, () => db.query('request'))
    const probe = urgently(() => db.query('probe'))
    release()
    await Promise.all([busy, job, asked, probe])
    // The job's second statement is asked after the request's, and still goes first.
    expect(ran).toEqual(['hold', 'probe', 'job 1', 'job 2', 'request'])
  })

  it('holds the line for a whole transaction', async () => {
    const { client, ran, release } = fakeDatabase()
    const db = takeTurns(client).client
    const busy = db.query('hold')
    const transaction = db.transaction(async (tx) => {
      await tx.query('in 1')
      await tx.query('in 2')
    })
    const after = db.query('after')
    release()
    await Promise.all([busy, transaction, after])
    expect(ran).toEqual(['hold', 'begin', 'in 1', 'in 2', 'commit', 'after'])
  })

  it('lets the event loop turn between statements instead of running them back to back', async () => {
    const { client, ran } = fakeDatabase()
    const db = takeTurns(client, { sliceMs: 0 }).client
    const statements = ['1', '2', '3', '4'].map((name) => db.query(name))
    // Set while the statements wait: PGlite handing its lock over in microtasks would run all four first.
    setImmediate(() => ran.push('timer'))
    await Promise.all(statements)
    expect(ran.indexOf('timer')).toBeLessThan(ran.indexOf('4'))
  })

  it('refuses a new request’s first statement while the oldest request in flight has waited too long, and nothing of it runs', async () => {
    const { client, ran, release } = fakeDatabase()
    const clock = manualClock()
    const turns = takeTurns(client, { now: clock.now, maxWaitMs: 5000, minInFlight: 2 })
    const db = turns.client
    const busy = db.query('hold')
    const [a, b] = [turns.request(), turns.request()]
    const waiting = [runAs(a, () => db.query('a 1')), runAs(b, () => db.query('b 1'))]

    clock.advance(4000)
    // Within the limit: admitted.
    const c = turns.request()
    const admitted = runAs(c, () => db.query('c 1'))
    clock.advance(2000)

    const late = turns.request()
    const refused = runAs(late, () => db.query('late 1'))
    await expect(refused).rejects.toBeInstanceOf(DatabaseBusyError)
    await expect(refused).rejects.toMatchObject({ code: '53300' })
    // A request already admitted is never refused halfway.
    const more = runAs(a, () => db.query('a 2'))
    // Statements outside requests are never refused either.
    const background = db.query('background')
    expect(turns.load()).toEqual({ inFlight: 3, waiting: 5 })

    release()
    await Promise.all([busy, ...waiting, admitted, more, background])
    expect(ran).toEqual(['hold', 'a 1', 'a 2', 'b 1', 'c 1', 'background'])
  })

  it('refuses a new request when those in flight would take longer than the limit, though none has waited long yet', async () => {
    const { client, release } = fakeDatabase()
    const clock = manualClock()
    const turns = takeTurns(client, { now: clock.now, maxWaitMs: 5000, minInFlight: 2 })
    const db = turns.client
    // A request that held the database for 3 s: requests take that long lately.
    const slow = turns.request()
    const held = runAs(slow, () => db.query('hold'))
    await new Promise((resolve) => setImmediate(resolve))
    clock.advance(3000)
    release()
    await held
    turns.finish(slow)

    const inFlight = [turns.request(), turns.request()]
    await Promise.all(inFlight.map((asker) => runAs(asker, () => db.query('in flight'))))
    // Two in flight at 3 s each: a third would wait 6 s.
    await expect(runAs(turns.request(), () => db.query('refused'))).rejects.toBeInstanceOf(DatabaseBusyError)
    turns.finish(inFlight[0]!)
    await expect(runAs(turns.request(), () => db.query('admitted'))).resolves.toBeDefined()
  })

  it('admits requests again once those in flight have finished', async () => {
    const { client, release } = fakeDatabase()
    const clock = manualClock()
    const turns = takeTurns(client, { now: clock.now, maxWaitMs: 5000, minInFlight: 2 })
    const db = turns.client
    const busy = db.query('hold')
    const early = [turns.request(), turns.request()]
    const waiting = early.map((asker) => runAs(asker, () => db.query('early')))
    clock.advance(6000)
    await expect(runAs(turns.request(), () => db.query('refused'))).rejects.toBeInstanceOf(DatabaseBusyError)

    release()
    await Promise.all([busy, ...waiting])
    for (const asker of early) turns.finish(asker)
    await expect(runAs(turns.request(), () => db.query('admitted'))).resolves.toBeDefined()
  })

  it('does not count a request that no longer uses the database, however long it stays open', async () => {
    const { client } = fakeDatabase()
    const clock = manualClock()
    const turns = takeTurns(client, { now: clock.now, maxWaitMs: 5000, minInFlight: 1 })
    const db = turns.client
    // A request that read once and then streams its answer for minutes.
    const streaming = turns.request()
    await runAs(streaming, () => db.query('read once'))
    clock.advance(120_000)
    await expect(runAs(turns.request(), () => db.query('next'))).resolves.toBeDefined()
  })
})
