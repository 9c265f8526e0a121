/**
 * Cold start: from `npm start` on an already-built checkout to the first page served.
 *
 *   node --import tsx bench/cold-start.ts          # BENCH_STARTS (3) rounds
 *   BENCH_START_COMMAND='npx vite build && node --import tsx src/server/main.ts' node --import tsx bench/cold-start.ts
 *
 * Builds the client and compiles the server first if they are not built (not timed), then, in
 * each round and on a free port: a start on a fresh data folder (migrations and demo seed
 * included), then on the same, already seeded folder, one start of each command in turn: the
 * command timed (`npm start`) and the server run from its TypeScript sources through tsx (what
 * `npm start` did before the server was compiled), so that their ratio is taken side by side.
 * Each start ends when `GET /` answers 200 with the page.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { freePort } from '../e2e/support/server'

const STARTS = Number(process.env.BENCH_STARTS ?? 3)
/** What to time; BENCH_START_COMMAND times another way of starting (the old `npm start`, say). */
const START_COMMAND = process.env.BENCH_START_COMMAND ?? 'npm start --silent'
/** The same start with the server run from its sources (tsx), side by side. */
const FROM_SOURCES_COMMAND = 'SERVER_BUILD=never npm start --silent'
const TARGET_MS = 3000

interface Start {
  /** Wall time from spawning the command to the first page. */
  ms: number
  /** CPU time (user + system) the command's processes used by then: what the machine's load does not stretch. */
  cpuMs: number
}

/** User + system CPU of every live process in a process group, from /proc (Linux; 0 elsewhere). */
function groupCpuMs(pgid: number): number {
  let ticks = 0
  let pids: string[] = []
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return 0
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // Fields after the command name: state ppid pgrp ... utime (12th) stime (13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10 // USER_HZ is 100 on Linux
}

async function timeStart(dataDir: string, command = START_COMMAND): Promise<Start> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command, {
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
      if (res?.ok && (await res.text()).includes('<div id="root">')) {
        return { ms: performance.now() - started, cpuMs: groupCpuMs(child.pid!) }
      }
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
  // Build only when their sources changed since the last build; not timed.
  execFileSync(process.execPath, ['scripts/build-client.mjs'], { stdio: 'inherit' })
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
  const rows: Array<[string, Start]> = []
  const existing = 'existing data folder'
  const fromSources = 'existing folder, server from sources (tsx)'
  for (let i = 0; i < STARTS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'clearplate-cold-'))
    try {
      rows.push(['fresh data folder (migrate + seed)', await timeStart(dataDir)])
      rows.push([existing, await timeStart(dataDir)])
      rows.push([fromSources, await timeStart(dataDir, FROM_SOURCES_COMMAND)])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const seconds = (ms: number) => (ms / 1000).toFixed(2)
  const medians = new Map<string, Start>()
  for (const kind of new Set(rows.map(([k]) => k))) {
    const starts = rows.filter(([k]) => k === kind).map(([, t]) => t)
    const median = { ms: medianOf(starts.map((t) => t.ms)), cpuMs: medianOf(starts.map((t) => t.cpuMs)) }
    medians.set(kind, median)
    console.log(
      `${kind.padEnd(44)} median ${seconds(median.ms)} s (${starts.map((t) => seconds(t.ms)).join(', ')}), ` +
        `CPU ${seconds(median.cpuMs)} s (${starts.map((t) => seconds(t.cpuMs)).join(', ')})  ` +
        `${median.ms <= TARGET_MS ? 'ok' : 'SLOW'} (target ${TARGET_MS / 1000} s)`,
    )
  }
  const compiled = medians.get(existing)!
  const sources = medians.get(fromSources)!
  console.log(
    `existing folder, compiled / from sources: wall ${(compiled.ms / sources.ms).toFixed(2)}x, ` +
      `CPU ${(compiled.cpuMs / sources.cpuMs).toFixed(2)}x`,
  )
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
