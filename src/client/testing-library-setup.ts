import { cleanup, configure } from '@testing-library/react'
import { afterAll, vi } from 'vitest'

/**
 * `findBy…` and `waitFor` wait up to 5 s instead of 1 s: a jsdom render behind a stubbed fetch and
 * React Query takes well under a second on an idle machine, but more on a two-core machine
 * running the browser journeys beside it, and a wait that runs out there is never a finding.
 */
configure({ asyncUtilTimeout: 5000 })

/*
 * Client suites share their worker's modules and document (`isolate: false`, vitest.config.ts):
 * this file runs before each of them, the imported modules do not. What a file left behind is
 * put back before the next file runs: what it rendered, the app's modules, and what it changed on
 * the window (a stubbed fetch, a ResizeObserver, navigator's clipboard, fake timers, storage, the
 * URL).
 */
const inBrowser = typeof window !== 'undefined'
const snapshots = (inBrowser ? [globalThis, navigator, Element.prototype, HTMLElement.prototype] : []).map(
  (target) => ({
    target,
    properties: Object.getOwnPropertyDescriptors(target) as Record<string | symbol, PropertyDescriptor>,
  }),
)
/** What React and the test tools put on the window once, when first imported: theirs to keep. */
const kept = (key: string | symbol) =>
  typeof key === 'string' && /^(__|\$|IS_REACT_ACT_ENVIRONMENT$)/.test(key)

afterAll(() => {
  if (inBrowser) cleanup()
  // The app's own modules hold state (the toasts shown, the live channel, the cart's snapshots):
  // the next file imports them anew. Packages, whose import is most of a file's start, are kept.
  vi.resetModules()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  for (const { target, properties } of snapshots) {
    for (const key of Reflect.ownKeys(target)) {
      const before = properties[key]
      if (!before) {
        if (!kept(key)) Reflect.deleteProperty(target, key)
        continue
      }
      const now = Object.getOwnPropertyDescriptor(target, key)
      if (now?.value !== before.value || now?.get !== before.get || now?.set !== before.set)
        Object.defineProperty(target, key, before)
    }
  }
  if (!inBrowser) return
  // What a file put on the page outside its renders (an element of its own, a body locked for a
  // dialog, the dark theme's class) goes too.
  document.body.replaceChildren()
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name)
  }
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})
