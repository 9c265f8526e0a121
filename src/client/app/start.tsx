import { createQueryClient } from '@client/lib/query-client'
import { setTakeoverTime } from '@client/lib/use-now'
import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Router } from 'wouter'
import type { EarlyClicks } from './early-clicks'
import { holdNavigation } from './held-navigation'
import { Providers } from './providers'
import { AppRouter, preloadPage } from './router'

/**
 * A page the server rendered ahead comes with the reads it was rendered from. The app starts
 * from the same reads, once the page's chunk is loaded, and takes over the server's markup
 * (hydration: the page is not built again). Where the browser's render differs (a cart kept in
 * this browser, another time zone), React renders that part anew; it looks the same.
 * `early` holds the clicks made before the takeover; they are dispatched once it is done.
 */
export async function start(early?: EarlyClicks) {
  const root = document.getElementById('root')!
  const embedded = document.getElementById('clearplate-state')
  const queryClient = createQueryClient()
  const prerendered = Boolean(embedded?.textContent)
  // From here on React listens to clicks: one on a link is kept from it (the browser follows the
  // link), as a navigation in the middle of the takeover would have the wrong page taken over.
  if (prerendered) early?.takingOver()
  if (embedded?.textContent) {
    setTakeoverTime(Number(embedded.dataset.renderedAt) || undefined)
    try {
      hydrate(queryClient, JSON.parse(embedded.textContent) as DehydratedState)
      await preloadPage(window.location.pathname, queryClient)
    } catch (error) {
      console.error('Could not use the page rendered ahead', error)
    }
    embedded.remove()
  }
  // Back or forward to a page rendered ahead: the browser may show the HTML it kept, with the
  // reads of that earlier visit. The page is taken over as it was sent (the first render must
  // match it), then read again.
  const arrival = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
  const readAgain = prerendered && arrival?.type === 'back_forward'
  // The layout is taken over before the page: the app's navigations wait for the page.
  const navigation = prerendered ? holdNavigation() : undefined
  let tookOver = false
  const takenOver = () => {
    // Once: the marker's effect runs again when its Suspense boundary shows the next page.
    if (tookOver) return
    tookOver = true
    setTakeoverTime(undefined)
    navigation?.release()
    if (readAgain) void queryClient.invalidateQueries()
    void early?.replay()
  }
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        {navigation ? (
          <Router hook={navigation.hook}>
            <AppRouter takenOver={<TakenOver onTakenOver={takenOver} />} />
          </Router>
        ) : (
          <AppRouter />
        )}
      </Providers>
    </StrictMode>
  )
  // Hydration runs in slices that leave the main thread free between them.
  if (prerendered) {
    startTransition(() => void hydrateRoot(root, app))
  } else createRoot(root).render(app)
}

/**
 * Renders nothing; beside the page, in its Suspense boundary, its effect runs once the page too has
 * been taken over, when every handler is in place. A navigation before that would update a part
 * still waiting to be taken over, and React would drop the server's markup with an error: the
 * app's own navigations wait for it (`held-navigation.ts`).
 */
function TakenOver({ onTakenOver }: { onTakenOver: () => void }) {
  useEffect(() => {
    // After this commit's other effects: the held clicks meet the app as it is now.
    const timer = setTimeout(onTakenOver)
    return () => clearTimeout(timer)
  }, [onTakenOver])
  return null
}
