import pg from 'pg'
import type { Database } from '../db/client'

/** Which instance drives the kitchen: only the holder of this lock runs the engine. */
export interface EngineLock {
  /** Takes the lock when it is free; true while this instance holds it. */
  acquire(): Promise<boolean>
  /** True while the lock is still held (its connection is alive). */
  check(): Promise<boolean>
  release(): Promise<void>
}

/** Session-level advisory lock key for the kitchen engine ("kitchen" in ASCII, as a bigint). */
export const KITCHEN_LOCK_KEY = '30233771112949102'
/** The staffed kitchens' driver holds its own lock: it runs beside the autopilot, on one instance. */
export const STAFFED_LOCK_KEY = '30233771112949103'

/**
 * PostgreSQL: a session-level advisory lock held on a dedicated connection, so it is released the
 * moment the holding process dies. PGlite is one process and always holds it.
 */
export function createEngineLock(database: Database, url?: string, key = KITCHEN_LOCK_KEY): EngineLock {
  if (database.kind !== 'postgres') {
    return { acquire: async () => true, check: async () => true, release: async () => {} }
  }
  const connectionString =
    url ?? (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString
  let client: pg.Client | undefined
  let held = false

  const drop = () => {
    const c = client
    client = undefined
    held = false
    if (c) c.end().catch(() => {})
  }

  return {
    async acquire() {
      if (held && client) return true
      try {
        if (!client) {
          const c = new pg.Client({ connectionString, application_name: 'clearplate-kitchen-lock' })
          // A broken connection loses the lock on the server too; the next acquire reconnects.
          c.on('error', () => drop())
          c.on('end', () => {
            if (client === c) {
              client = undefined
              held = false
            }
          })
          client = c
          await c.connect()
        }
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1::bigint) as locked',
          [key],
        )
        held = rows[0]?.locked === true
        return held
      } catch {
        drop()
        return false
      }
    },
    async check() {
      if (!held || !client) return false
      try {
        await client.query('select 1')
        return held
      } catch {
        drop()
        return false
      }
    },
    async release() {
      const c = client
      if (!c) return
      try {
        if (held) await c.query('select pg_advisory_unlock($1::bigint)', [key])
      } catch {
        // The connection is going away, which releases the lock as well.
      }
      client = undefined
      held = false
      await c.end().catch(() => {})
    },
  }
}
