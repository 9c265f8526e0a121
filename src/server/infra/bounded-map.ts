/**
 * Sets `key` in a map that holds at most `max` entries: a new key that finds it full first drops
 * the oldest tenth (maps iterate in insertion order). For the in-memory caches of sessions, device
 * keys, read answers and order readers.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  if (!map.has(key) && map.size >= max) {
    let drop = Math.ceil(max / 10)
    for (const old of map.keys()) {
      map.delete(old)
      if (--drop === 0) break
    }
  }
  map.set(key, value)
}
