import { setBounded } from '../infra/bounded-map'
import type { Bus } from '../infra/bus'
import type { DeviceIdentity } from './devices.repository'

export interface DeviceCacheOptions {
  bus: Bus
  /** Reads the unrevoked device holding a key hash; undefined when there is none. */
  load(keyHash: string): Promise<DeviceIdentity | undefined>
  /** An entry is read from the database again after this long, whatever the bus says. */
  recheckMs?: number
  maxEntries?: number
  now?: () => number
}

export interface DeviceCache {
  /** The device holding the key hash, from memory when this instance has seen it recently. */
  get(keyHash: string): Promise<DeviceIdentity | undefined>
  /** Forgets a revoked device here at once and on every other instance through the bus. */
  revoke(deviceId: number): Promise<void>
  size(): number
  close(): Promise<void>
}

export const DEVICE_CHANNEL = 'devices:revoked'
/** A revocation lost on the bus keeps a key usable on another instance for at most this long. */
export const DEVICE_RECHECK_MS = 60_000
const MAX_ENTRIES = 50_000

interface Entry {
  identity: DeviceIdentity
  checkedAt: number
}

/**
 * Device keys resolved from memory: a key's device is read once per instance and kept until it is
 * revoked (on any instance, through the bus), the bus reconnects after an outage (everything is
 * read again), or the entry is a minute old. Unknown keys are never kept. A read that was under
 * way when a revocation arrived is made again, so it cannot put the revoked device back.
 */
export async function createDeviceCache({
  bus,
  load,
  recheckMs = DEVICE_RECHECK_MS,
  maxEntries = MAX_ENTRIES,
  now = Date.now,
}: DeviceCacheOptions): Promise<DeviceCache> {
  const entries = new Map<string, Entry>()
  const loading = new Map<string, Promise<DeviceIdentity | undefined>>()
  /** Goes up with every revocation heard: a read started before one is not trusted. */
  let revocations = 0

  const forget = (deviceId: number | undefined) => {
    revocations++
    loading.clear()
    if (deviceId === undefined) {
      entries.clear()
      return
    }
    for (const [hash, entry] of entries) if (entry.identity.id === deviceId) entries.delete(hash)
  }
  const unsubscribe = await bus.subscribe(DEVICE_CHANNEL, (message) => {
    const revoked = (message as { revoked?: unknown } | null)?.revoked
    if (typeof revoked === 'number') forget(revoked)
  })
  // Revocations published while the broker was away may never arrive.
  const stopResync = bus.onResync(() => forget(undefined))

  function remember(keyHash: string, identity: DeviceIdentity) {
    setBounded(entries, keyHash, { identity, checkedAt: now() }, maxEntries)
  }

  async function read(keyHash: string): Promise<DeviceIdentity | undefined> {
    for (;;) {
      const seen = revocations
      const identity = await load(keyHash)
      if (seen === revocations) return identity
    }
  }

  return {
    get(keyHash) {
      const entry = entries.get(keyHash)
      if (entry && now() - entry.checkedAt < recheckMs) return Promise.resolve(entry.identity)
      let pending = loading.get(keyHash)
      if (pending) return pending
      pending = read(keyHash).then(
        (identity) => {
          if (loading.get(keyHash) === pending) loading.delete(keyHash)
          if (identity) remember(keyHash, identity)
          else entries.delete(keyHash)
          return identity
        },
        (error: unknown) => {
          if (loading.get(keyHash) === pending) loading.delete(keyHash)
          throw error
        },
      )
      loading.set(keyHash, pending)
      return pending
    },
    async revoke(deviceId) {
      forget(deviceId)
      await bus.publish(DEVICE_CHANNEL, { revoked: deviceId })
    },
    size: () => entries.size,
    async close() {
      stopResync()
      await unsubscribe()
    },
  }
}
