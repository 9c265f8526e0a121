import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
// @ts-expect-error: a plain ES module script, without types
import { ensureServerBuilt, SERVER_ENTRY } from '../../scripts/build-server.mjs'
import { CHROMIUM_PATH, readChromiumFeatures } from './browser'
import { prepareDatabaseTemplate } from './database-template'

/**
 * Browser journeys need Chromium, a built client and the compiled server, which their servers run
 * (support/server.ts; compiled again only when its sources changed, as `npm start` does). In CI a
 * missing browser is a failure; on a developer's machine the journeys are skipped with a loud note.
 */
export default async function setup() {
  if (!existsSync(CHROMIUM_PATH)) {
    const message = `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`
    if (process.env.CI === 'true') throw new Error(message)
    console.log(`\n*** ${message} Browser journeys are skipped. ***\n`)
    process.env.E2E_SKIP = '1'
    return
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  }
  await ensureServerBuilt()
  process.env.E2E_SERVER_ENTRY = SERVER_ENTRY
  await Promise.all([prepareDatabaseTemplate(), readChromiumFeatures()])
}
