import type { BaseLocationHook } from 'wouter'
import { navigate, useBrowserLocation } from 'wouter/use-browser-location'

/** How long a navigation waits for the takeover before the browser loads the next page itself. */
export const NAVIGATION_HOLD_MS = 5000

/** The browser loads `to` as a new document (replacing this entry of the history, or after it). */
function load(to: string, replace: boolean) {
  if (replace) window.location.replace(to)
  else window.location.assign(to)
}

/**
 * The app's navigations, held until the app has taken over a page rendered ahead. React takes over
 * the layout first (the header's search works from then on) and the page inside its Suspense
 * boundary after; a navigation in between, such as a dish chosen in the search, would have the
 * page taken over as the next one, whose markup is not the server's: React would drop the page
 * with an error and render it again. Held, the navigation happens once the page is the app's, in
 * the order asked. A takeover that does not come (the page's chunk failed to load) does not leave
 * the visitor stuck: after `holdMs` the browser loads the next page itself, as it does a link
 * clicked before the takeover (`early-clicks.ts`).
 */
export function holdNavigation({ holdMs = NAVIGATION_HOLD_MS, leave = load } = {}) {
  let released = false
  let left = false
  const waiting: Parameters<typeof navigate>[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  const held: typeof navigate = (to, options) => {
    if (released) return navigate(to, options)
    // The browser is loading another page already.
    if (left) return
    waiting.push([to, options])
    // Counted from the first navigation asked; the browser goes where the visitor asked last.
    timer ??= setTimeout(() => {
      left = true
      const [to, options] = waiting.splice(0).at(-1)!
      leave(String(to), Boolean(options?.replace))
    }, holdMs)
  }
  const hook: BaseLocationHook = (options?: { ssrPath?: string }) => [useBrowserLocation(options)[0], held]
  return {
    /** The browser's location for wouter's `Router`, with its navigations held. */
    hook,
    /** The app has taken over the page: held navigations go ahead, and new ones at once. */
    release() {
      if (released) return
      released = true
      clearTimeout(timer)
      for (const [to, options] of waiting.splice(0)) navigate(to, options)
    },
  }
}
