/* Clearplate's service worker. The build (vite.config.ts, `serviceWorker`) writes it to /sw.js
 * with this build's version and the app shell's files in place of the two placeholders below.
 *
 * - Caches the app shell (the start script, its styles and the chunks it imports), the icons and
 *   the offline page at install; other hashed files under /assets/ as they are first fetched.
 * - Pages come from the network; when it is gone, the offline page answers.
 * - Never touches the API, the live channel, camera video or uploaded pictures: answers that
 *   carry a person's data are never cached here.
 * - A new version installs beside the running one and waits; the page asks it to take over on the
 *   next navigation (or at once from the "new version" toast) by posting SKIP_WAITING.
 * - Shows pushes and opens (or focuses) the order's live page when one is clicked.
 */
const VERSION = '__CLEARPLATE_VERSION__'
const SHELL = __CLEARPLATE_SHELL__
const CACHE = `clearplate-${VERSION}`
const OFFLINE_URL = '/offline.html'
const STATIC = [
  OFFLINE_URL,
  '/offline.js',
  '/favicon.svg',
  '/theme-init.js',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/badge-96.png',
]

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...SHELL, ...STATIC])))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('clearplate-') && name !== CACHE) await caches.delete(name)
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting()
})

/** Same-origin files this worker may keep: hashed build output and the static files above. */
function cacheable(url) {
  if (url.origin !== self.location.origin) return false
  return url.pathname.startsWith('/assets/') || STATIC.includes(url.pathname)
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) || Response.error()))
    return
  }
  if (!cacheable(url)) return
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE)
      const hit = await cache.match(request)
      if (hit) return hit
      const response = await fetch(request)
      if (response.ok && response.type === 'basic') await cache.put(request, response.clone())
      return response
    })(),
  )
})

self.addEventListener('push', (event) => {
  let push
  try {
    push = event.data ? event.data.json() : undefined
  } catch {
    push = undefined
  }
  if (!push || typeof push.title !== 'string') return
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      renotify: Boolean(push.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      lang: 'en',
      timestamp: Date.now(),
      data: { url: push.url, orderId: push.orderId, kind: push.kind },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = event.notification.data?.url || '/'
  const target = new URL(path, self.location.origin)
  if (target.origin !== self.location.origin) return
  event.waitUntil(openOrFocus(target.href))
})

/** Focuses a window already on the page; else takes one of ours there; else opens one. */
async function openOrFocus(href) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const there = windows.find((client) => client.url === href)
  if (there) return focus(there)
  const ours = windows.find((client) => 'navigate' in client)
  if (ours) {
    try {
      const moved = await ours.navigate(href)
      if (moved) return focus(moved)
    } catch {
      // Not controlled by this worker yet: open a new window instead.
    }
  }
  return self.clients.openWindow(href)
}

async function focus(client) {
  try {
    return await client.focus()
  } catch {
    // Focusing needs the click's permission, which the browser may have withdrawn already.
    return client
  }
}
