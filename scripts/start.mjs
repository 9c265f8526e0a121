// Production start: builds the web client and compiles the server only when their sources changed
// since the last build (scripts/build-client.mjs, scripts/build-server.mjs), then runs the compiled
// server in this process: one PID to stop.
// CLIENT_BUILD / SERVER_BUILD: `always` builds anyway, `never` skips the check (SERVER_BUILD=never
// runs the server from its TypeScript sources instead).
import { pathToFileURL } from 'node:url'
import { ensureClientBuilt } from './build-client.mjs'
import { ensureServerBuilt, SERVER_ENTRY } from './build-server.mjs'

const clientMode = process.env.CLIENT_BUILD ?? 'auto'
if (clientMode !== 'never') {
  if (ensureClientBuilt({ force: clientMode === 'always' }))
    console.log('Built the web client: its sources changed since the last build.')
}

const serverMode = process.env.SERVER_BUILD ?? 'auto'
if (serverMode === 'never') {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/server/main.ts')
} else {
  if (await ensureServerBuilt({ force: serverMode === 'always' }))
    console.log('Compiled the server: its sources changed since the last build.')
  await import(pathToFileURL(SERVER_ENTRY).href)
}
