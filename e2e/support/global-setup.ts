import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from './browser'
import { prepareDatabaseTemplate } from './database-template'

/**
 * Browser journeys need Chromium and a built client. In CI a missing browser is a failure;
 * on a developer's machine the journeys are skipped with a loud note.
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
  await prepareDatabaseTemplate()
}
