import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Listener = (event?: unknown) => void

/** A browser's service-worker container with one registration whose versions the test moves. */
function fakeBrowser({ controlled = true } = {}) {
  const containerListeners: Record<string, Listener[]> = {}
  const registrationListeners: Record<string, Listener[]> = {}
  const worker = (state: string) => {
    const listeners: Listener[] = []
    return {
      state,
      postMessage: vi.fn(),
      addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
      becomes(next: string) {
        this.state = next
        for (const listener of listeners) listener()
      },
    }
  }
  const registration = {
    waiting: undefined as ReturnType<typeof worker> | undefined,
    installing: undefined as ReturnType<typeof worker> | undefined,
    update: vi.fn(async () => undefined),
    addEventListener: (type: string, listener: Listener) => {
      registrationListeners[type] = [...(registrationListeners[type] ?? []), listener]
    },
  }
  const container = {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
    addEventListener: (type: string, listener: Listener) => {
      containerListeners[type] = [...(containerListeners[type] ?? []), listener]
    },
  }
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
  return {
    container,
    registration,
    /** A new version is found, installs, and waits for the page to let it take over. */
    newVersionInstalls() {
      const installing = worker('installing')
      registration.installing = installing
      for (const listener of registrationListeners.updatefound ?? []) listener()
      registration.waiting = installing
      installing.becomes('installed')
      return installing
    },
    takesControl() {
      for (const listener of containerListeners.controllerchange ?? []) listener()
    },
  }
}

async function loadModule() {
  vi.resetModules()
  return import('./service-worker')
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the service worker’s update path', () => {
  const reload = vi.fn()

  beforeEach(() => {
    vi.stubEnv('MODE', 'production')
    Object.defineProperty(window, 'location', {
      value: { ...window.location, reload },
      configurable: true,
    })
    reload.mockClear()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('registers /sw.js for the whole app and says nothing while no new version waits', async () => {
    const browser = fakeBrowser()
    const { registerServiceWorker, updateWaiting } = await loadModule()
    const onUpdate = vi.fn()
    registerServiceWorker(onUpdate)
    await settle()
    expect(browser.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    expect(onUpdate).not.toHaveBeenCalled()
    expect(updateWaiting()).toBe(false)
  })

  it('tells the page once a new version has installed, and lets it take over on request', async () => {
    const browser = fakeBrowser()
    const { registerServiceWorker, updateWaiting, applyUpdate } = await loadModule()
    const onUpdate = vi.fn()
    registerServiceWorker(onUpdate)
    await settle()
    const next = browser.newVersionInstalls()
    expect(onUpdate).toHaveBeenCalledTimes(1)
    expect(updateWaiting()).toBe(true)

    applyUpdate()
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    // The page reloads only when the new version controls it, and only once.
    expect(reload).not.toHaveBeenCalled()
    browser.takesControl()
    browser.takesControl()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('finds a version that was already waiting when the page opened', async () => {
    const browser = fakeBrowser()
    browser.registration.waiting = { postMessage: vi.fn() } as never
    const { registerServiceWorker } = await loadModule()
    const onUpdate = vi.fn()
    registerServiceWorker(onUpdate)
    await settle()
    expect(onUpdate).toHaveBeenCalledTimes(1)
  })

  it('does not call the first install an update: a page with no worker yet has nothing to replace', async () => {
    const browser = fakeBrowser({ controlled: false })
    const { registerServiceWorker, updateWaiting, applyUpdate } = await loadModule()
    const onUpdate = vi.fn()
    registerServiceWorker(onUpdate)
    await settle()
    const first = browser.newVersionInstalls()
    expect(onUpdate).not.toHaveBeenCalled()
    expect(updateWaiting()).toBe(false)
    applyUpdate()
    expect(first.postMessage).not.toHaveBeenCalled()
  })

  it('registers nothing outside a built app', async () => {
    vi.stubEnv('MODE', 'development')
    const browser = fakeBrowser()
    const { registerServiceWorker } = await loadModule()
    registerServiceWorker(vi.fn())
    await settle()
    expect(browser.container.register).not.toHaveBeenCalled()
  })
})
