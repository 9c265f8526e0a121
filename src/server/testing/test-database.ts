import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../db/client'
import { withDatabase } from './global-setup'

/** A fresh copy of the migrated, seeded test database, for one test file (or one test). */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const spec = inject('testDb')
  if (spec.kind === 'pglite') {
    const loadDataDir = new Blob([readFileSync(spec.snapshotPath)])
    return openDatabase({ memory: true, loadDataDir })
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
