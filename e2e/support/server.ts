import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { copyDatabaseTemplate } from './database-template'

export interface RunningServer {
  url: string
  port: number
  dataDir: string
  process: ChildProcess
  output: () => string
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * What the server's process runs. In a run with the journeys, the compiled server `npm start`
 * runs, built once for the run by the journeys' global-setup.ts (E2E_SERVER_ENTRY, which the
 * run's other suites that start servers, the clusters, may see too): no TypeScript is transpiled
 * on each of the run's thirty-odd starts. Without it (a benchmark, a server suite run on its own)
 * or for another checkout given as `cwd`, the TypeScript sources through tsx.
 *
 * A journey's server runs with `--liftoff-only`: V8 keeps the embedded database's WebAssembly at
 * its first, quick compilation instead of compiling its busy functions again, optimised, on
 * background threads. A journey's server lives a minute or two, too short for that to pay back:
 * side by side on one machine it took 5.0 to 6.0 CPU-seconds to start instead of 6.2 to 7.9, and
 * 1.55 to 1.6 CPU-seconds per 30 s idle with the demo kitchen ticking instead of 2.0 to 2.5, and
 * answered 50 page and list requests as fast. What the journeys check does not depend on it.
 */
function serverCommand(cwd: string | undefined): string[] {
  const entry = process.env.E2E_SERVER_ENTRY
  if (cwd || !entry) return ['--import', 'tsx', 'src/server/main.ts']
  return ['--liftoff-only', entry]
}

/**
 * Starts the real server (see `serverCommand`) on a free port with a fresh
 * embedded database (a copy of the migrated template, when the run has one), seeded with the demo
 * data, and waits until /healthz answers.
 */
export async function startServer(
  env: Record<string, string> = {},
  /**
   * `nodeArgs`: Node's own flags for the server's process (a benchmark's `--prof`); `cwd`: another
   * checkout to start instead of this one (a benchmark's baseline).
   */
  options: { dataDir?: string; nodeArgs?: string[]; cwd?: string } = {},
): Promise<RunningServer> {
  const port = Number(env.PORT) || (await freePort())
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'clearplate-e2e-'))
  // A new directory starts as the migrated database (global-setup.ts), not as a new cluster.
  if (!options.dataDir || !existsSync(join(dataDir, 'PG_VERSION'))) copyDatabaseTemplate(dataDir)
  let log = ''
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...serverCommand(options.cwd)], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      KITCHEN_ORDER_SECONDS: '60',
      KITCHEN_TICK_MS: '500',
      // The demo's pictures are drawn once for every server the journeys start.
      MEDIA_CACHE_DIR: join(tmpdir(), 'clearplate-e2e-media'),
      // The delivery platforms answer on this machine or nowhere (port 9, where nothing listens),
      // unless a journey starts the local marketplace and points them there.
      UBEREATS_API_URL: 'http://127.0.0.1:9',
      DOORDASH_API_URL: 'http://127.0.0.1:9',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  })
  child.stdout?.on('data', (d) => {
    log += d
  })
  child.stderr?.on('data', (d) => {
    log += d
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${log}`)
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL')
    throw new Error(`Server did not start in time:\n${log}`)
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
