import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../db/client'
import type { PgliteTurnsOptions } from '../db/pglite-turns'
import { withDatabase } from './global-setup'

/**
 * A fresh copy of the migrated, seeded test database, for one test file (or one test). `turns`:
 * how the embedded database takes turns (PGlite only). Tests refuse nothing for waiting unless they
 * ask to: on a busy machine a burst that checks correctness (100 concurrent shouts) can have its
 * oldest request wait past the 5 s a server gives before answering 503.
 */
export async function openTestDatabase(
  options: { turns?: PgliteTurnsOptions } = {},
): Promise<Database & { url?: string }> {
  const spec = inject('testDb')
  if (spec.kind === 'pglite') {
    const loadDataDir = new Blob([readFileSync(spec.snapshotPath)])
    return openDatabase({
      memory: true,
      loadDataDir,
      // The demo data fits in a few megabytes: a copy with Postgres's default 128MB of shared
      // buffers took about 2 CPU-seconds to open, with 16MB about 1.1 (each test file opens one).
      sharedBuffers: '16MB',
      turns: { maxWaitMs: Number.POSITIVE_INFINITY, ...options.turns },
    })
  }
  const name = `${spec.template.replace('_tpl_', '_t_')}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: spec.adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${spec.template}`)
  await admin.end()
  const url = withDatabase(spec.adminUrl, name)
  const database = await openDatabase({ url })
  return {
    ...database,
    url,
    async close() {
      await database.close()
      const drop = new pg.Client({ connectionString: spec.adminUrl })
      await drop.connect()
      await drop.query(`drop database if exists ${name} with (force)`)
      await drop.end()
    },
  }
}
