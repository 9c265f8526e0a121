import { type ChildProcess, spawn } from 'node:child_process'

/** A private redis-server on its own port, started and stopped by pid (never the machine's Redis). */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000)
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)))
  })
  child.removeAllListeners('exit')
  return child
}

/** A crash, not a shutdown: nothing is flushed, clients see their connections drop. */
export async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(child.pid!, 'SIGKILL')
  await exited
}

/** Freezes the server (SIGSTOP): connections stay open and nothing answers, until `thaw`. */
export function freezeRedis(child: ChildProcess) {
  process.kill(child.pid!, 'SIGSTOP')
  return () => {
    process.kill(child.pid!, 'SIGCONT')
  }
}

export const redisAvailable = await new Promise<boolean>((resolve) => {
  const probe = spawn('redis-server', ['--version'])
  probe.once('error', () => resolve(false))
  probe.once('exit', (code) => resolve(code === 0))
})

export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
