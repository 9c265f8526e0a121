import type { Bus, BusHandler } from './bus'

/** Delivers in the same process, asynchronously like a real broker would. */
export function createMemoryBus(): Bus {
  const handlers = new Map<string, Set<BusHandler>>()
  return {
    kind: 'memory',
    async publish(channel, message) {
      const set = handlers.get(channel)
      if (!set) return
      // Serialize once so subscribers never share a mutable object with the publisher.
      const copy = JSON.parse(JSON.stringify(message))
      queueMicrotask(() => {
        for (const handler of set) handler(copy)
      })
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
      }
      set.add(handler)
      return async () => {
        set.delete(handler)
        if (set.size === 0) handlers.delete(channel)
      }
    },
    onResync() {
      // One process never loses its own messages.
      return () => {}
    },
    status() {
      return { connected: true, queued: 0 }
    },
    async close() {
      handlers.clear()
    },
  }
}
