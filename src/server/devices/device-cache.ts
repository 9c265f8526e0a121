import type { Bus } from '../infra/bus'
import { createRevocableCache } from '../infra/revocable-cache'
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

/**
 * Device keys resolved from memory: a key's device is read once per instance and kept until it is
 * revoked (on any instance, through the bus), the bus reconnects after an outage (everything is
 * read again), or the entry is a minute old. Unknown keys are never kept. A read that was under
 * way when a revocation arrived is made again, so it cannot put the revoked device back.
 */
export function createDeviceCache({
  bus,
  load,
  recheckMs = DEVICE_RECHECK_MS,
  maxEntries = MAX_ENTRIES,
  now = Date.now,
}: DeviceCacheOptions): Promise<DeviceCache> {
  return createRevocableCache<DeviceIdentity, number>({
    bus,
    channel: DEVICE_CHANNEL,
    load,
    revocationOf: (revoked) => (typeof revoked === 'number' ? revoked : undefined),
    matches: (_keyHash, device, revoked) => device.id === revoked,
    recheckMs,
    maxEntries,
    now,
  })
}
