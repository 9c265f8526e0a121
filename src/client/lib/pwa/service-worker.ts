/**
 * Registers /sw.js (the build writes it: src/client/pwa/service-worker.js) in a built app,
 * and tells `onUpdate` when a new version is installed and waiting. `applyUpdate` hands over to
 * it: the page reloads once the new worker controls it (the next navigation, or "Update now").
 */
let waiting: ServiceWorker | undefined
let reloading = false

export function registerServiceWorker(onUpdate: () => void): void {
  // The mode, not PROD: a build made with NODE_ENV=test (the journeys') is still a build.
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return
  const watch = (registration: ServiceWorkerRegistration) => {
    const found = () => {
      if (registration.waiting && navigator.serviceWorker.controller) {
        waiting = registration.waiting
        onUpdate()
      }
    }
    found()
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') found()
      })
    })
    // A tab left open for days still learns of a new version when it comes back.
    let checked = Date.now()
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || Date.now() - checked < 60 * 60_000) return
      checked = Date.now()
      void registration.update().catch(() => undefined)
    })
  }
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watch)
      .catch(() => undefined)
  // After the page's own loads: the worker's install fetches the shell again.
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}

export const updateWaiting = () => waiting !== undefined

/** Lets the waiting version take over; the page reloads (at its current address) once it has. */
export function applyUpdate(): void {
  if (!waiting || reloading) return
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return
    reloading = true
    window.location.reload()
  })
  waiting.postMessage({ type: 'SKIP_WAITING' })
}
