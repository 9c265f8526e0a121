import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * True while the browser takes over a page the server rendered ahead (and on the server itself):
 * a component reading this tab's storage or clock renders what the server rendered, then its own
 * state right after. False in a page the browser renders itself.
 */
export function useRenderedAhead(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  )
}
