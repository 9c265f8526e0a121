/**
 * In-process limits for abuse that a per-request rate limit does not catch: failures counted per
 * key over a sliding window, and a cap on concurrent expensive work. Per instance: with several
 * instances an address gets the limit on each, which still bounds a guessing run.
 */

export interface AttemptCounter {
  /** True when `key` has used up its attempts in the current window. */
  exhausted(key: string): boolean
  record(key: string): void
  /** Seconds until the oldest counted attempt of `key` leaves the window. */
  retryAfterSeconds(key: string): number
}

/** Keys kept at most; past this the least recently used go first (a flood of fresh addresses). */
const MAX_KEYS = 50_000

export function createAttemptCounter(options: {
  max: number
  windowMs: number
  now?: () => number
}): AttemptCounter {
  const { max, windowMs } = options
  const now = options.now ?? Date.now
  const attempts = new Map<string, number[]>()
  const recent = (key: string) => {
    const list = attempts.get(key)
    if (!list) return []
    const since = now() - windowMs
    while (list.length > 0 && list[0]! <= since) list.shift()
    if (list.length === 0) attempts.delete(key)
    return list
  }
  return {
    exhausted: (key) => recent(key).length >= max,
    record(key) {
      const list = recent(key)
      attempts.delete(key)
      list.push(now())
      attempts.set(key, list)
      if (attempts.size > MAX_KEYS) attempts.delete(attempts.keys().next().value!)
    },
    retryAfterSeconds(key) {
      const first = recent(key)[0]
      return first === undefined ? 0 : Math.max(1, Math.ceil((first + windowMs - now()) / 1000))
    },
  }
}

/**
 * Runs at most `limit` tasks at once. `run` makes the others wait their turn in order (work of
 * the server's own); `tryRun` refuses at once when every slot is taken or someone waits (work a
 * request asked for, answered 429 rather than queued behind a flood).
 */
export function createConcurrencyLimit(limit: number) {
  let running = 0
  const waiting: Array<() => void> = []
  return {
    /** Starts `task` in a free slot, or answers undefined when there is none. */
    tryRun<T>(task: () => Promise<T>): Promise<T> | undefined {
      if (running >= limit || waiting.length > 0) return undefined
      running++
      const release = () => {
        running--
        waiting.shift()?.()
      }
      return Promise.resolve().then(task).finally(release)
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
      running++
      try {
        return await task()
      } finally {
        running--
        waiting.shift()?.()
      }
    },
    get running() {
      return running
    },
    /** Whether `tryRun` would start a task now. */
    get free() {
      return running < limit && waiting.length === 0
    },
    get waiting() {
      return waiting.length
    },
  }
}
