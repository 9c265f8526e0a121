import type { BaseLocationHook } from 'wouter'
import { navigate, useBrowserLocation } from 'wouter/use-browser-location'

/**
 * The app's navigations, held until the app has taken over a page rendered ahead. React takes over
 * the layout first (the header's search works from then on) and the page inside its Suspense
 * boundary after; a navigation in between, such as a dish chosen in the search, would have the
 * page taken over as the next one, whose markup is not the server's: React would drop the page
 * with an error and render it again. Held, the navigation happens once the page is the app's,
 * in the order asked. Links are the browser's to follow until then (`early-clicks.ts`).
 */
export function holdNavigation() {
  let released = false
  let release!: () => void
  const takenOver = new Promise<void>((resolve) => {
    release = resolve
  })
  const held: typeof navigate = (to, options) => {
    if (released) navigate(to, options)
    else void takenOver.then(() => navigate(to, options))
  }
  const hook: BaseLocationHook = (options?: { ssrPath?: string }) => [useBrowserLocation(options)[0], held]
  return {
    /** The browser's location for wouter's `Router`, with its navigations held. */
    hook,
    /** The app has taken over the page: held navigations go ahead, and new ones at once. */
    release() {
      released = true
      release()
    },
  }
}
