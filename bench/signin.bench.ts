/**
 * A real user's sign-in during a flood of failing sign-ins from many addresses, beside the same
 * sign-in without a flood, in one run against one real server process (PGlite).
 *
 *   npm run bench:signin
 *   npm run bench:signin -- --flood 50 --signins 100
 *
 * The flood: `--flood` (BENCH_FLOOD, 50) clients in a process of their own (`signin-flood.ts`),
 * each sending failing sign-ins back to back, every one from another address (`X-Forwarded-For` with `TRUST_PROXY=true`; all traffic goes to
 * 127.0.0.1), half against the demo diner's account and half against unknown usernames. The
 * real user signs in `--signins` times (BENCH_SIGNINS, 60) one after another, 100 ms apart: alone,
 * then during the flood from the browser they signed in on before (its device cookie), then
 * during the flood from a new browser.
 */
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startServer } from '../e2e/support/server'

const { values: args } = parseArgs({ options: { flood: { type: 'string' }, signins: { type: 'string' } } })
const floodSize = Number(args.flood ?? process.env.BENCH_FLOOD ?? 50)
const signIns = Number(args.signins ?? process.env.BENCH_SIGNINS ?? 60)

const server = await startServer({
  TRUST_PROXY: 'true',
  KITCHEN_ENABLED: 'false',
  CAMERAS_ENABLED: 'false',
  LOG_LEVEL: 'warn',
})
const base = server.url
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

function login(body: object, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress(), ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
}

const cookieNamed = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`))

try {
  const username = `real_${randomBytes(3).toString('hex')}`
  const password = 'a-real-password'
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, email: `${username}@example.com`, fullName: 'Real Diner' }),
  })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`)
  const device = cookieNamed(registered, 'clearplate_device')
  if (!device) throw new Error('no device cookie after registering')

  async function realSignIns(cookie: string | undefined) {
    const latencies: number[] = []
    const statuses = new Map<number, number>()
    for (let i = 0; i < signIns; i++) {
      const started = performance.now()
      const res = await login({ username, password }, cookie ? { cookie } : {})
      await res.arrayBuffer()
      latencies.push(performance.now() - started)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      await new Promise((r) => setTimeout(r, 100))
    }
    return { latencies, statuses }
  }

  const alone = await realSignIns(device)

  // The flood runs in its own process: the real user's answers are read here without waiting
  // behind thousands of the flood's.
  const floodStarted = performance.now()
  const floodProcess = fork(
    fileURLToPath(new URL('./signin-flood.ts', import.meta.url)),
    [base, String(floodSize)],
    {
      execArgv: ['--import', 'tsx'],
    },
  )
  // Let the flood fill every slot first.
  await new Promise((r) => setTimeout(r, 1000))
  const knownDevice = await realSignIns(device)
  const newBrowser = await realSignIns(undefined)
  const floodResult = new Promise<{ requests: number; statuses: Record<string, number> }>((resolve) =>
    floodProcess.once('message', (m) => resolve(m as { requests: number; statuses: Record<string, number> })),
  )
  floodProcess.send('stop')
  const { requests: floodRequests, statuses: floodStatuses } = await floodResult
  const flood = new Map(Object.entries(floodStatuses).map(([status, count]) => [Number(status), count]))
  const floodSeconds = (performance.now() - floodStarted) / 1000

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
  }
  const statusText = (m: Map<number, number>) =>
    [...m]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${c}x${s}`)
      .join(' ')
  console.log(
    `\n${signIns} sign-ins of a real user, 100 ms apart; flood of ${floodSize} clients; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  )
  const row = (name: string, run: { latencies: number[]; statuses: Map<number, number> }) => [
    name,
    statusText(run.statuses),
    ...[50, 99, 100].map((p) => percentile(run.latencies, p).toFixed(0)),
    // The same run's sign-ins without a flood: on a shared machine the ratio says more than the time.
    `${(percentile(run.latencies, 99) / percentile(alone.latencies, 99)).toFixed(2)}x`,
  ]
  const rows = [
    ['scenario', 'answers', 'p50 ms', 'p99 ms', 'max ms', 'p99 vs alone'],
    row('real user, no flood', alone),
    row(`real user, ${floodSize}-way flood, known browser`, knownDevice),
    row(`real user, ${floodSize}-way flood, new browser`, newBrowser),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  for (const [index, row] of rows.entries()) {
    console.log(row.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '))
    if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
  console.log(
    `\nflood: ${floodRequests} failing sign-ins in ${floodSeconds.toFixed(1)} s (${Math.round(
      floodRequests / floodSeconds,
    )}/s): ${statusText(flood)}`,
  )
} finally {
  await server.stop()
}
