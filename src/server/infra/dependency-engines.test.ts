import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** npm's own range logic (the `semver` package npm and half the tree use; it has no types here). */
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null
  satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean
}

const root = join(import.meta.dirname, '..', '..', '..')
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'))

describe('the Node that package.json promises', () => {
  it('runs every package of the lock file on the oldest Node that `engines` allows, so npm install never warns on it', () => {
    const engines: string = read('package.json').engines.node
    const oldest = semver.minVersion(engines)!.version
    const lock = read('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string }; os?: string[]; optional?: boolean }>
    }
    const refusing = Object.entries(lock.packages)
      .filter(([path, pkg]) => path !== '' && typeof pkg.engines?.node === 'string')
      // A package for another system (sharp's Windows build) is never installed here.
      .filter(([, pkg]) => !(pkg.optional && pkg.os && !pkg.os.includes(process.platform)))
      .filter(([, pkg]) => !semver.satisfies(oldest, pkg.engines!.node!, { includePrerelease: true }))
      .map(([path, pkg]) => `${path.replace(/^.*node_modules\//, '')} needs Node ${pkg.engines!.node}`)
    expect(refusing, `engines says ${engines}`).toEqual([])
  })
})
