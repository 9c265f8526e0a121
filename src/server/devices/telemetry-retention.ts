import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { orders, telemetry } from '../db/schema'
import type { Logger } from '../infra/logger'

/** Takes the job for this instance: only one instance on a database runs it at a time. */
export interface RetentionLock {
  acquire(): Promise<boolean>
  release(): Promise<void>
}

export interface TelemetryRetentionOptions {
  db: Db
  /** Readings measured longer ago than this are deleted. */
  retentionMs: number
  lock: RetentionLock
  /** How often the job runs (hourly). */
  intervalMs?: number
  /** Rows one statement deletes: each is a short transaction, so no lock is held for long. */
  batchSize?: number
  log?: Pick<Logger, 'info' | 'error'>
  now?: () => number
}

export const RETENTION_INTERVAL_MS = 60 * 60_000
/** PostgreSQL advisory lock key of the job (beside the kitchen's 30233771112949102 and ...103). */
export const RETENTION_LOCK_KEY = '30233771112949104'
const BATCH_SIZE = 5000

/**
 * Deletes sensor readings older than the retention, oldest first, in batches of a few thousand
 * rows with a pause between them. The newest reading of each order that is still in the kitchen
 * is kept whatever its age: it is what the order's viewers and the device list show.
 */
export function createTelemetryRetention({
  db,
  retentionMs,
  lock,
  intervalMs = RETENTION_INTERVAL_MS,
  batchSize = BATCH_SIZE,
  log,
  now = Date.now,
}: TelemetryRetentionOptions) {
  let first: NodeJS.Timeout | undefined
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let stopped = false

  async function deleteBatch(cutoff: Date): Promise<number> {
    const result = await db.execute(sql`
      delete from ${telemetry}
      where id in (
        select t.id from ${telemetry} t
        where t.recorded_at < ${cutoff.toISOString()}::timestamptz
          and not (
            t.order_id is not null
            and exists (
              select 1 from ${orders} o
              where o.id = t.order_id and o.status not in ('completed', 'cancelled')
            )
            and not exists (
              select 1 from ${telemetry} n
              where n.order_id = t.order_id and n.recorded_at > t.recorded_at
            )
          )
        order by t.id
        limit ${batchSize}
      )`)
    // node-postgres says rowCount, PGlite affectedRows.
    const counts = result as { rowCount?: number | null; affectedRows?: number }
    return counts.rowCount ?? counts.affectedRows ?? 0
  }

  /** One pass: deletes batch after batch until no old reading is left. Returns the rows deleted. */
  async function sweep(): Promise<number> {
    if (!(await lock.acquire())) return 0
    let total = 0
    try {
      const cutoff = new Date(now() - retentionMs)
      for (;;) {
        const deleted = await deleteBatch(cutoff)
        total += deleted
        if (deleted < batchSize || stopped) break
        // Lets requests waiting for the (embedded) database go first.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      if (total > 0) log?.info({ deleted: total, cutoff }, 'old sensor readings deleted')
      return total
    } finally {
      await lock.release()
    }
  }

  const runOnce = (): Promise<number> => {
    running ??= sweep().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    runOnce,
    /** Runs a first pass shortly after start, then every interval. */
    start() {
      stopped = false
      const tick = () => {
        runOnce().catch((err: unknown) => log?.error({ err }, 'could not delete old sensor readings'))
      }
      first = setTimeout(tick, Math.min(intervalMs, 60_000))
      first.unref()
      timer = setInterval(tick, intervalMs)
      timer.unref()
    },
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(timer)
      first = timer = undefined
      await running?.catch(() => {})
    },
  }
}

export type TelemetryRetention = ReturnType<typeof createTelemetryRetention>
