import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { seedDemo } from '../../demo/seed'
import { openDatabase } from '../db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { kind: 'pglite'; snapshotPath: string }
      | { kind: 'postgres'; adminUrl: string; template: string }
  }
}

/**
 * Migrates and seeds one database for the whole run; every test file then starts from a copy:
 * a PGlite data-dir snapshot, or a PostgreSQL database created from a template.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches the test workers, not this process: read it from the project.
  const env = { ...process.env, ...project.config.env }
  const kind = env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
  if (kind === 'pglite') {
    const database = await openDatabase({ memory: true })
    await database.migrate()
    await seedDemo(database.db)
    const blob = await database.dump!()
    await database.close()
    const dir = join(tmpdir(), 'clearplate-test')
    mkdirSync(dir, { recursive: true })
    const snapshotPath = join(dir, `snapshot-${process.pid}.tar`)
    writeFileSync(snapshotPath, Buffer.from(await blob.arrayBuffer()))
    project.provide('testDb', { kind, snapshotPath })
    return
  }

  const adminUrl = env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const template = `clearplate_tpl_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${template}`)
  const database = await openDatabase({ url: withDatabase(adminUrl, template), poolSize: 1 })
  await database.migrate()
  await seedDemo(database.db)
  await database.close()
  project.provide('testDb', { kind, adminUrl, template })

  return async () => {
    // Drop the template and any test database a crashed file left behind.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`${template.replace('_tpl_', '_t_')}%`, template],
    )
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`)
    await admin.end()
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}
