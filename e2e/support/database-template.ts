import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/client'

const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
)

/**
 * An embedded database created and migrated once, which every journey's server starts from as a
 * copy: a new PGlite data directory is a whole `initdb`, five seconds of one core on these
 * machines, and the journeys start about thirty servers. Named by the migrations it holds, so a
 * new migration makes a new template; each server still seeds its own demo world, at its own time.
 */
let named: string | undefined

export function templatePath(): string {
  named ??= nameOfTemplate()
  return named
}

/** Reads the migrations once per process, not once per server started. */
function nameOfTemplate(): string {
  // The embedded database's own version too: its files are its own format.
  const hash = createHash('sha256').update(readFileSync(PGLITE_PACKAGE))
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(MIGRATIONS_FOLDER, file)
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path))
  }
  return join(tmpdir(), `clearplate-e2e-database-${hash.digest('hex').slice(0, 16)}`)
}

/** Creates the template unless it is there; written aside, then moved into place whole. */
export async function prepareDatabaseTemplate(): Promise<string> {
  const path = templatePath()
  if (existsSync(path)) return path
  const building = `${path}.${process.pid}`
  rmSync(building, { recursive: true, force: true })
  const database = await openDatabase({ dataDir: building })
  await database.migrate()
  await database.close()
  try {
    renameSync(building, path)
  } catch {
    // Another run put one in place first: theirs is the same.
    rmSync(building, { recursive: true, force: true })
  }
  return path
}

/** Fills a new, empty data directory from the template, when there is one. */
export function copyDatabaseTemplate(dataDir: string): void {
  const path = templatePath()
  if (existsSync(path)) cpSync(path, dataDir, { recursive: true })
}
