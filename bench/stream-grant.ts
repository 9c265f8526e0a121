import { STREAM_ACCESS_MS, STREAM_ACCESS_STORAGE_KEY } from '../src/shared/constants'

/**
 * A script for a page to run before the app's own: the stream access a visitor who entered the
 * order number has (a grant in sessionStorage, for the 20 minutes the app gives).
 */
export function streamGrantScript(orderId: number): string {
  const key = JSON.stringify(STREAM_ACCESS_STORAGE_KEY)
  return `try { sessionStorage.setItem(${key}, JSON.stringify({ ${orderId}: { grantedAt: Date.now(), expiresAt: Date.now() + ${STREAM_ACCESS_MS} } })) } catch (e) {}`
}
