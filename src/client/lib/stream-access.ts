import { STREAM_ACCESS_MS, STREAM_ACCESS_STORAGE_KEY } from '@shared/constants'
import type { StreamAccess } from '@shared/schemas/orders'
import { api } from './api-client'

/** A grant to watch one order's stream, in this browser's clock (ms since epoch). */
export interface StreamGrant {
  grantedAt: number
  expiresAt: number
}
type GrantMap = Record<string, StreamGrant>

function readAll(): GrantMap {
  try {
    const raw = sessionStorage.getItem(STREAM_ACCESS_STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return parsed && typeof parsed === 'object' ? (parsed as GrantMap) : {}
  } catch {
    return {}
  }
}

function writeAll(grants: GrantMap) {
  try {
    sessionStorage.setItem(STREAM_ACCESS_STORAGE_KEY, JSON.stringify(grants))
  } catch {}
}

export function getStreamGrant(orderId: number): StreamGrant | undefined {
  const grant = readAll()[String(orderId)]
  if (!grant || !Number.isFinite(grant.grantedAt) || !Number.isFinite(grant.expiresAt)) return undefined
  return grant
}

/**
 * Stores the server's grant for this browser session. The grant's length comes from the server
 * (expiresAt - grantedAt) and is counted from now on this browser's clock, so a skewed clock on
 * either side cannot shorten or stretch it.
 */
export function storeStreamGrant(access: StreamAccess, now = Date.now()): StreamGrant {
  const length = Date.parse(access.expiresAt) - Date.parse(access.grantedAt)
  const grant = {
    grantedAt: now,
    expiresAt: now + (Number.isFinite(length) && length > 0 ? length : STREAM_ACCESS_MS),
  }
  writeAll({ ...readAll(), [String(access.orderId)]: grant })
  return grant
}

export function removeStreamGrant(orderId: number) {
  const grants = readAll()
  delete grants[String(orderId)]
  writeAll(grants)
}

/** POST /api/stream-access: the server decides (the diner's active order, or the showcase). */
export async function requestStreamAccess(orderId: number): Promise<StreamGrant> {
  const access = await api.post<StreamAccess>('/api/stream-access', { orderId })
  return storeStreamGrant(access)
}
