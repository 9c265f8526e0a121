import type { Logger } from '../infra/logger'
import type { OwnerNotices } from './owner-notices'

/** Takes the pass for this instance: one instance on a database checks at a time. */
export interface WatchLock {
  acquire(): Promise<boolean>
  release(): Promise<void>
}

/** PostgreSQL advisory lock key of the pass (beside the kitchen's ...102, ...103 and retention's ...104). */
export const OWNER_WATCH_LOCK_KEY = '30233771112949105'
export const OWNER_WATCH_INTERVAL_MS = 30_000

/**
 * Every 30 seconds, on one instance at a time: orders past their promised time and sensors
 * silent for 5 minutes during service become the owner's notices (`owner-notices.ts`, which
 * tells each subject once).
 */
export function createOwnerWatch({
  notices,
  lock,
  intervalMs = OWNER_WATCH_INTERVAL_MS,
  log,
  now = () => new Date(),
}: {
  notices: Pick<OwnerNotices, 'sweep'>
  lock: WatchLock
  intervalMs?: number
  log?: Pick<Logger, 'error'>
  now?: () => Date
}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined

  async function pass(): Promise<number> {
    if (!(await lock.acquire())) return 0
    try {
      return await notices.sweep(now())
    } finally {
      await lock.release()
    }
  }

  const runOnce = (): Promise<number> => {
    running ??= pass().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    runOnce,
    start() {
      timer = setInterval(() => {
        runOnce().catch((err: unknown) => log?.error({ err }, 'could not check on the restaurants'))
      }, intervalMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await running?.catch(() => {})
    },
  }
}
