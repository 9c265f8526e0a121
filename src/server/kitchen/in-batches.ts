/** Orders a kitchen pass handles before the event loop gets a turn. */
export const KITCHEN_BATCH = 200

/** Lets the event loop read sockets and run timers before the caller goes on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Runs `work` over `items` a batch at a time, letting the event loop turn between batches, so a
 * kitchen pass over thousands of orders never holds the server's thread for long: requests that
 * arrive meanwhile are read and answered between two batches. Batches run one after another.
 */
export async function inBatches<T>(
  items: readonly T[],
  work: (batch: T[]) => Promise<void> | void,
  size = KITCHEN_BATCH,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToEventLoop()
    await work(items.slice(start, start + size))
  }
}

/**
 * Reads rows a page at a time in id order (`page(afterId, limit)`), letting the event loop turn
 * between pages: on the embedded database one statement returning thousands of rows holds the
 * server's thread for as long as it runs.
 */
export async function allInPages<T extends { id: number }>(
  page: (afterId: number, limit: number) => Promise<T[]>,
  size = KITCHEN_BATCH,
): Promise<T[]> {
  const all: T[] = []
  let after = 0
  for (;;) {
    const rows = await page(after, size)
    all.push(...rows)
    if (rows.length < size) return all
    after = rows[rows.length - 1]!.id
    await yieldToEventLoop()
  }
}

/** What `lookup` answers for each batch of `items`, merged: a watch over thousands of orders in batches. */
export async function mergedInBatches<T, K, V>(
  items: readonly T[],
  lookup: (batch: T[]) => Promise<Map<K, V>>,
): Promise<Map<K, V>> {
  const merged = new Map<K, V>()
  await inBatches(items, async (batch) => {
    for (const [key, value] of await lookup(batch)) merged.set(key, value)
  })
  return merged
}
