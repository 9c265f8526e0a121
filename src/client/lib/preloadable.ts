import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes it
type Module = { default: ComponentType<any> }

export type Preloadable<M extends Module> = LazyExoticComponent<M['default']> & {
  /** Fetches the chunk; once it has arrived the component renders at once, without suspending. */
  preload: () => Promise<M>
}

/**
 * `React.lazy` with a `preload`. A lazy part the server rendered ahead is taken over only once its
 * chunk has arrived; until then its markup is the server's, with no handler behind it (a form in
 * it would be sent by the browser itself). Preloaded before the takeover, the part is taken over
 * with the rest of the page, and a part shown later renders without its fallback's flash.
 */
export function preloadable<M extends Module>(load: () => Promise<M>): Preloadable<M> {
  let loaded: M | undefined
  let loading: Promise<M> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error) => {
        // A failed fetch (the network, a new release) may be tried again.
        loading = undefined
        throw error
      },
    )
    return loading
  }
  // A thenable that settles at once: React.lazy then renders the loaded part without suspending.
  const settled = () =>
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; this one settles at once
    ({ then: (resolve: (module: M) => void) => resolve(loaded!) }) as unknown as Promise<M>
  return Object.assign(
    lazy(() => (loaded ? settled() : preload())),
    { preload },
  )
}
