/**
 * What one WebSocket message costs the server per viewer, and how much of it is the kernel's:
 * N loopback `ws` viewers (held by a child process), and ten alternating broadcasts of the
 * telemetry message each way, as `bench:live`'s floor sends it (`ws.send`) and as the app's hub
 * does (one frame built beforehand, written as it is to each TCP socket). Prints the medians of the
 * server's CPU time per broadcast, per viewer, and the kernel's share of it.
 *
 *   node --import tsx bench/socket-write.bench.ts        # 10,000 viewers (BENCH_VIEWERS)
 */
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { textFrame } from '../src/server/realtime/frames'

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 10_000)
const ROUNDS = 10

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false })
await new Promise((resolve) => wss.once('listening', resolve))
const { port } = wss.address() as { port: number }
const viewers = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import WebSocket from 'ws'
    let opened = 0
    const open = () => {
      if (opened >= ${VIEWERS}) return
      opened++
      const ws = new WebSocket('ws://127.0.0.1:${port}')
      ws.on('message', () => {})
      ws.on('open', open)
    }
    for (let i = 0; i < 100; i++) open()`,
  ],
  { stdio: 'inherit' },
)
while (wss.clients.size < VIEWERS) await new Promise((resolve) => setTimeout(resolve, 100))

const payload = Buffer.from(
  JSON.stringify({
    type: 'telemetry',
    orderId: 1,
    data: { temperature: 375.4, cookingTime: 312, status: 'On schedule' },
    sentAt: Date.now(),
  }),
)
const frame = textFrame(payload)
const ways = {
  'ws.send per viewer (the floor)': () => {
    for (const ws of wss.clients) ws.send(payload, { binary: false })
  },
  'one frame, written to each socket (the hub)': () => {
    for (const ws of wss.clients) (ws as unknown as { _socket: Duplex })._socket.write(frame)
  },
}
const samples = new Map<string, Array<{ cpuMs: number; kernelMs: number }>>()
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, broadcast] of Object.entries(ways)) {
    await new Promise((resolve) => setTimeout(resolve, 300))
    const before = process.cpuUsage()
    broadcast()
    const used = process.cpuUsage(before)
    const list = samples.get(name) ?? []
    list.push({ cpuMs: (used.user + used.system) / 1000, kernelMs: used.system / 1000 })
    samples.set(name, list)
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
console.log(`${VIEWERS} viewers, ${ROUNDS} broadcasts each way, load average ${loadavg()[0]!.toFixed(1)}`)
for (const [name, list] of samples) {
  const cpu = median(list.map((s) => s.cpuMs))
  // The kernel/user split is counted in clock ticks: summed over the rounds, not per round.
  const kernel = list.reduce((sum, s) => sum + s.kernelMs, 0) / list.reduce((sum, s) => sum + s.cpuMs, 0)
  console.log(
    `${name}: ${cpu.toFixed(1)} ms of CPU per broadcast, ${((cpu * 1000) / VIEWERS).toFixed(1)} µs per viewer, ${(kernel * 100).toFixed(0)} % in the kernel`,
  )
}
viewers.kill()
wss.close()
