/**
 * Group commit for sensor readings. Each request hands its readings over and waits until they
 * are stored, so a 202 still means "stored". Requests that arrive while a write is under way (or
 * within the same turn of the event loop) are written together by the next one: one multi-row
 * statement for many devices instead of one per request. Under light load a group is one request
 * and nothing waits; under heavy load the groups grow by themselves.
 *
 * A group that fails is written again request by request, so one bad request (an order deleted
 * in between) fails alone and the others are stored.
 */
export interface TelemetryWriterOptions<T> {
  /** Stores all the items in one statement, all or nothing. */
  write(items: T[]): Promise<void>
  /** Size of an item (its readings), to cap a group. */
  sizeOf(item: T): number
  /** Readings written by one statement at most. */
  maxGroup?: number
}

interface Pending<T> {
  item: T
  resolve(): void
  reject(error: unknown): void
}

export function createTelemetryWriter<T>({ write, sizeOf, maxGroup = 5000 }: TelemetryWriterOptions<T>) {
  let queue: Pending<T>[] = []
  let running = false
  let scheduled = false
  const idle: (() => void)[] = []

  async function writeGroup(group: Pending<T>[]) {
    try {
      await write(group.map((p) => p.item))
      for (const p of group) p.resolve()
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error)
        return
      }
      for (const p of group) {
        try {
          await write([p.item])
          p.resolve()
        } catch (alone) {
          p.reject(alone)
        }
      }
    }
  }

  async function drain() {
    running = true
    while (queue.length > 0) {
      let size = 0
      let take = 0
      while (take < queue.length && (take === 0 || size + sizeOf(queue[take]!.item) <= maxGroup)) {
        size += sizeOf(queue[take]!.item)
        take++
      }
      const group = queue.slice(0, take)
      queue = queue.slice(take)
      await writeGroup(group)
    }
    running = false
    for (const resolve of idle.splice(0)) resolve()
  }

  function schedule() {
    if (running || scheduled) return
    scheduled = true
    // Lets the requests parsed in this turn of the event loop join the first group.
    setImmediate(() => {
      scheduled = false
      if (!running) void drain()
    })
  }

  return {
    /** Resolves once the item is stored; rejects with the database's error otherwise. */
    submit(item: T): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        schedule()
      })
    },
    /** Resolves when nothing is waiting to be written (shutdown). */
    flushed(): Promise<void> {
      if (!running && !scheduled && queue.length === 0) return Promise.resolve()
      return new Promise((resolve) => idle.push(resolve))
    },
    pending: () => queue.length,
  }
}
export type TelemetryWriter<T> = ReturnType<typeof createTelemetryWriter<T>>
