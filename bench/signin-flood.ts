/**
 * The flood of `bench/signin.bench.ts`, in a process of its own as an attacker's would be: the
 * real user's timings are then not held up by this process's event loop reading the flood's
 * answers. Forked with the server's URL and the number of clients; answers `{requests, statuses}`
 * over IPC when told to stop.
 */
import { randomBytes } from 'node:crypto'

const [base, size] = [process.argv[2]!, Number(process.argv[3])]
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`

let flooding = true
let requests = 0
const statuses: Record<number, number> = {}
const clients = Array.from({ length: size }, async (_, client) => {
  let n = 0
  while (flooding) {
    const target = (client + n++) % 2 === 0 ? 'demo' : `nobody_${randomBytes(4).toString('hex')}`
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ username: target, password: `guess-${n}` }),
      signal: AbortSignal.timeout(30_000),
    }).catch(() => undefined)
    await res?.arrayBuffer()
    requests++
    const status = res?.status ?? 0
    statuses[status] = (statuses[status] ?? 0) + 1
  }
})

process.on('message', async () => {
  flooding = false
  await Promise.all(clients)
  process.send!({ requests, statuses }, () => process.exit(0))
})
