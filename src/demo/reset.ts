/**
 * `npm run db:reset`: empties the database, migrates it and seeds the demo data.
 * PGlite: deletes the data folder (DATA_DIR). PostgreSQL (DATABASE_URL): drops and recreates the
 * public schema and the migrations journal. Stop the server first.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { ConfigError, parseConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { seedDemo } from './seed'

async function reset() {
  const config = parseConfig()
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 1 })
    try {
      await database.db.execute(sql`drop schema if exists public cascade`)
      await database.db.execute(sql`drop schema if exists drizzle cascade`)
      await database.db.execute(sql`create schema public`)
      console.log(`Dropped and recreated the public schema of ${redact(config.databaseUrl)}`)
      await migrateAndSeed(database, config.kitchen.orderMs)
    } finally {
      await database.close()
    }
    return
  }

  const dir = config.dataDir
  if (existsSync(dir)) {
    if (!looksLikeDataFolder(dir)) {
      throw new Error(`${dir} does not look like a Clearplate data folder (no PG_VERSION); not deleting it`)
    }
    rmSync(dir, { recursive: true, force: true })
    console.log(`Deleted the data folder ${dir}`)
  } else {
    console.log(`No data folder at ${dir} yet`)
  }
  const database = await openDatabase({ dataDir: dir })
  try {
    await migrateAndSeed(database, config.kitchen.orderMs)
  } finally {
    await database.close()
  }
}

async function migrateAndSeed(database: Awaited<ReturnType<typeof openDatabase>>, orderMs: number) {
  await database.migrate()
  console.log('Applied the migrations')
  const seeded = await seedDemo(database.db, { orderMs })
  console.log(
    seeded
      ? 'Seeded the demo data: sign in as demo / demo1234 (diner) or chef / chef1234 (owner of restaurant 1)'
      : 'The database already had users: nothing seeded',
  )
}

/** PGlite keeps a PostgreSQL cluster in the folder: PG_VERSION at its root. */
function looksLikeDataFolder(dir: string): boolean {
  const entries = readdirSync(dir)
  return entries.length === 0 || existsSync(join(dir, 'PG_VERSION'))
}

function redact(url: string): string {
  const u = new URL(url)
  if (u.password) u.password = '***'
  return u.toString()
}

reset().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
  process.exit(1)
})
