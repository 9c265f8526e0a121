// Production start: builds the web client only when its sources changed since the last build
// (scripts/build-client.mjs), then runs the server in this process: one PID to stop.
// CLIENT_BUILD=always builds anyway, CLIENT_BUILD=never skips the check.
import { ensureClientBuilt } from './build-client.mjs'

const mode = process.env.CLIENT_BUILD ?? 'auto'
if (mode !== 'never') {
  if (ensureClientBuilt({ force: mode === 'always' }))
    console.log('Built the web client: its sources changed since the last build.')
}

const { register } = await import('tsx/esm/api')
register()
await import('../src/server/main.ts')
