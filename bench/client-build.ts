import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * Builds the client `npm start` serves, unless BENCH_SKIP_BUILD=1 says dist/client is current (and
 * there is one).
 */
export function buildClient(): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync('dist/client/index.html')) return
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
}
