// Builds the web client when its sources changed since the last build (`--force`: always).
// `npm start` calls this before starting the server; `npm run build` forces a build.
//
// The client's inputs (src/client, src/shared, public, the Vite, TypeScript and package
// configuration) are hashed by content; the hash of the last successful build is kept in
// dist/client-build.json.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fingerprint, isCurrent, root, writeStamp } from './build-stamp.mjs'

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

/** A hash of every input file's path and content. */
export function clientFingerprint() {
  return fingerprint(INPUTS)
}

/** Builds when needed; returns whether it built. */
export function ensureClientBuilt({ force = false } = {}) {
  const print = clientFingerprint()
  if (!force && isCurrent(STAMP, INDEX, print)) return false
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  writeStamp(STAMP, print)
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureClientBuilt({ force: process.argv.includes('--force') })
}
