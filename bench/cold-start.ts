/**
 * Cold start: from `npm start` on an already-built checkout to the first page served.
 *
 *   node --import tsx bench/cold-start.ts          # BENCH_STARTS (3) starts of each kind
 *   BENCH_START_COMMAND='npx vite build && node --import tsx src/server/main.ts' node --import tsx bench/cold-start.ts
 *
 * Builds the client first if it is not built (not timed), then times, on a free port:
 * a start on a fresh data folder (migrations and demo seed included) and starts on the same,
 * already seeded folder. Each start ends when `GET /` answers 200 with the page.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { freePort } from '../e2e/support/server'

const STARTS = Number(process.env.BENCH_STARTS ?? 3)
/** What to time; BENCH_START_COMMAND times another way of starting (the old `npm start`, say). */
const START_COMMAND = process.env.BENCH_START_COMMAND ?? 'npm start --silent'
const TARGET_MS = 3000

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(START_COMMAND, {
    shell: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CAMERAS_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout!.on('data', (d) => {
    output += d
  })
  child.stderr!.on('data', (d) => {
    output += d
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`)
      if (performance.now() - started > 60_000) throw new Error(`No page after 60 s:\n${output}`)
      const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined)
      if (res?.ok && (await res.text()).includes('<div id="root">')) return performance.now() - started
      await new Promise((r) => setTimeout(r, 20))
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    // npm starts node: stop the whole group, which this script created.
    process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
}

async function main() {
  console.log(
    `Cold start of \`${START_COMMAND}\`, ${STARTS} start(s) of each kind; load average ${loadavg()[0]!.toFixed(1)}`,
  )
  // Builds only when the client's sources changed since the last build; not timed.
  execFileSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' })
  const rows: Array<[string, number]> = []
  for (let i = 0; i < STARTS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-cold-'))
    try {
      rows.push(['fresh data folder (migrate + seed)', await timeStart(dataDir)])
      rows.push(['existing data folder', await timeStart(dataDir)])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  for (const kind of new Set(rows.map(([k]) => k))) {
    const times = rows.filter(([k]) => k === kind).map(([, t]) => t)
    const sorted = [...times].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]!
    console.log(
      `${kind.padEnd(36)} median ${(median / 1000).toFixed(2)} s  (${times.map((t) => (t / 1000).toFixed(2)).join(', ')})  ` +
        `${median <= TARGET_MS ? 'ok' : 'SLOW'} (target ${TARGET_MS / 1000} s)`,
    )
  }
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
