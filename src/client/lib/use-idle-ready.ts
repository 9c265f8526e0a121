import { useDeferredValue, useSyncExternalStore } from 'react'

/**
 * Pieces the first paint does not need (menus, the toaster) load once the page has loaded and
 * the browser is idle, or at once when something asks for them (`loadDeferredNow`).
 */
let ready = typeof window === 'undefined'
const listeners = new Set<() => void>()

export function loadDeferredNow() {
  if (ready) return
  ready = true
  performance.mark?.('clearplate:idle')
  for (const listener of listeners) listener()
}

if (!ready) {
  const whenIdle = () => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200))
    idle(loadDeferredNow, { timeout: 3000 })
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * True once deferred pieces may load; false in a page rendered ahead, as in the browser's first
 * render. The change is rendered as a transition: what it mounts (menus, the toaster, a chart) is
 * built in slices between the browser's other work, not in one long task.
 */
export function useIdleReady(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribe,
      () => ready,
      () => false,
    ),
  )
}
