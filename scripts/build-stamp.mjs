// Change detection for the builds `npm start` runs: a build's inputs are hashed by content, and
// the hash of its last successful build is kept in a stamp file under dist/.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

function files(path) {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)))
}

/** A hash of every input file's path and content (inputs are paths relative to the checkout). */
export function fingerprint(inputs) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file))
      hash.update('\0')
      hash.update(readFileSync(file))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}

/** Whether `output` exists and was built from inputs with this fingerprint. */
export function isCurrent(stamp, output, print) {
  if (!existsSync(output)) return false
  try {
    return JSON.parse(readFileSync(stamp, 'utf8')).fingerprint === print
  } catch {
    return false
  }
}

export function writeStamp(stamp, print) {
  mkdirSync(dirname(stamp), { recursive: true })
  writeFileSync(stamp, `${JSON.stringify({ fingerprint: print, builtAt: new Date().toISOString() })}\n`)
}
