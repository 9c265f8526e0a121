import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { type PgliteTurns, type PgliteTurnsOptions, takeTurns } from './pglite-turns'
import * as schema from './schema'

/**
 * The Drizzle database. PGlite and node-postgres expose the same query builder; the type is
 * node-postgres's so that repositories are written once for both.
 */
export type Db = NodePgDatabase<typeof schema>
/** A database or an open transaction: repositories accept either. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs the committed migrations in ./drizzle. */
  migrate(): Promise<void>
  close(): Promise<void>
  /** PGlite only: statements take turns in the order of the requests that ask (`pglite-turns.ts`). */
  turns?: PgliteTurns
  /** PGlite only: the data directory as a tarball, for fast test snapshots. */
  dump?(): Promise<Blob>
}

/** How long a request waits for a new database connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url))

/**
 * Runs the migrator only when the database is behind the newest committed migration: a start on
 * an up-to-date database costs one read instead of the migrator's schema statements and reading
 * every migration file.
 */
async function migrateWhenBehind(db: Db, run: () => Promise<void>): Promise<void> {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: Array<{ when: number }>
  }
  const newest = Math.max(...journal.entries.map((entry) => entry.when))
  const applied = await db
    .execute<{ created_at: string }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )
    .then((result) => Number(result.rows[0]?.created_at ?? 0))
    // No migrations table yet: a new database.
    .catch(() => 0)
  if (applied >= newest) return
  await run()
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string; turns?: PgliteTurnsOptions }
  | {
      memory: true
      loadDataDir?: Blob
      turns?: PgliteTurnsOptions
      /** Postgres's `shared_buffers` for this copy (its default: 128MB), such as `16MB`. */
      sharedBuffers?: string
    }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that does not answer fails the request (503) instead of holding it.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    })
    // A dropped idle connection must not crash the process.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema })
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateWhenBehind(db, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
      close: () => pool.end(),
    }
  }
  // Contrib extensions the migrations create (search): PGlite loads them only when asked at open.
  const extensions = { pg_trgm, unaccent }
  let client: PGlite
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true })
    client = await PGlite.create(options.dataDir, { extensions })
  } else {
    client = await PGlite.create({
      extensions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.sharedBuffers
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
        : {}),
    })
  }
  const turns = takeTurns(client, options.turns)
  const db = drizzlePglite(turns.client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    turns,
    migrate: () =>
      migrateWhenBehind(db, () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER })),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none') as Promise<Blob>,
  }
}
