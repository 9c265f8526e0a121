// Builds the web client when its sources changed since the last build (`--force`: always).
// `npm start` calls this before starting the server; `npm run build` forces a build.
//
// The client's inputs (src/client, src/shared, public, the Vite, TypeScript and package
// configuration) are hashed by content; the hash of the last successful build is kept in
// dist/client-build.json.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const INPUTS = [
  'src/client',
  'src/shared',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]
const STAMP = join(root, 'dist/client-build.json')
const INDEX = join(root, 'dist/client/index.html')

function files(path) {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)))
}

/** A hash of every input file's path and content. */
export function clientFingerprint() {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file))
      hash.update('\0')
      hash.update(readFileSync(file))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}

function lastBuild() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')).fingerprint
  } catch {
    return undefined
  }
}

/** Builds when needed; returns whether it built. */
export function ensureClientBuilt({ force = false } = {}) {
  const fingerprint = clientFingerprint()
  if (!force && existsSync(INDEX) && lastBuild() === fingerprint) return false
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  writeFileSync(STAMP, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`)
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureClientBuilt({ force: process.argv.includes('--force') })
}
