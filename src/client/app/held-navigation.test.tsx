import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { type BaseLocationHook, Route, Router, Switch, useLocation } from 'wouter'
import { useBrowserLocation } from 'wouter/use-browser-location'
import { holdNavigation } from './held-navigation'

/** The layout's part: controls that navigate, as the header's search does. */
function Header() {
  const [, navigate] = useLocation()
  return (
    <>
      <button type="button" onClick={() => navigate('/next')}>
        Open the next page
      </button>
      <button type="button" onClick={() => navigate('/last', { replace: true })}>
        Open the last page
      </button>
    </>
  )
}

const Home = () => <p>The home page</p>

/** The app's shape: the layout, then the page in its Suspense boundary with the marker beside it. */
function App({ home, marker }: { home: ReactNode; marker?: ReactNode }) {
  return (
    <>
      <Header />
      <Suspense fallback={<p>Loading</p>}>
        <Switch>
          <Route path="/">{home}</Route>
          <Route path="/next">
            <p>The next page</p>
          </Route>
        </Switch>
        {marker}
      </Suspense>
    </>
  )
}

function TakenOver({ onTakenOver }: { onTakenOver: () => void }) {
  useEffect(() => onTakenOver(), [onTakenOver])
  return null
}

let root: Root | undefined
let container: HTMLElement | undefined
afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  window.history.replaceState(null, '', '/')
})

/**
 * Takes over the server's markup of "/" with `hook`; the page's chunk arrives on `arrive()`, and
 * until then React has taken over the header only. Returns React's recoverable errors.
 */
async function takeOver(hook: BaseLocationHook, release?: () => void) {
  container = document.createElement('div')
  container.innerHTML = renderToString(
    <Router ssrPath="/">
      <App home={<Home />} />
    </Router>,
  )
  document.body.append(container)
  let arrive!: () => void
  const chunk = new Promise<{ default: typeof Home }>((resolve) => {
    arrive = () => resolve({ default: Home })
  })
  const LazyHome = lazy(() => chunk)
  const errors: string[] = []
  await act(async () => {
    root = hydrateRoot(
      container!,
      <Router hook={hook}>
        <App home={<LazyHome />} marker={release ? <TakenOver onTakenOver={release} /> : undefined} />
      </Router>,
      { onRecoverableError: (error) => errors.push(String(error)) },
    )
  })
  return { errors, arrive: () => act(async () => arrive()) }
}

describe('navigations held until the page is taken over', () => {
  it('opens the next page once the page has been taken over, with no markup dropped', async () => {
    const navigation = holdNavigation()
    const { errors, arrive } = await takeOver(navigation.hook, navigation.release)
    // The header works; the page is still the server's.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open the next page' })))
    expect(window.location.pathname).toBe('/')
    expect(screen.getByText('The home page')).toBeTruthy()

    await arrive()
    await waitFor(() => expect(screen.getByText('The next page')).toBeTruthy())
    expect(window.location.pathname).toBe('/next')
    expect(screen.queryByText('The home page')).toBeNull()
    expect(errors).toEqual([])

    // From then on, at once.
    act(() => window.history.pushState(null, '', '/'))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open the next page' })))
    expect(window.location.pathname).toBe('/next')
  })

  it('is needed: a navigation before the page is taken over has React drop its markup', async () => {
    const { errors, arrive } = await takeOver(useBrowserLocation)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open the next page' })))
    expect(window.location.pathname).toBe('/next')
    await arrive()
    await waitFor(() => expect(screen.getByText('The next page')).toBeTruthy())
    expect(errors.join('\n')).toMatch(/Hydration failed/)
  })
})

describe('a takeover that does not come', () => {
  it('has the browser load the page asked last itself after the hold, once, and nothing in the app', async () => {
    const left: [string, boolean][] = []
    const navigation = holdNavigation({ holdMs: 50, leave: (to, replace) => left.push([to, replace]) })
    const { errors } = await takeOver(navigation.hook, navigation.release)
    // The page's chunk never arrives.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open the next page' })))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open the last page' })))
    expect(left).toEqual([])
    await waitFor(() => expect(left).toEqual([['/last', true]]))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(left).toEqual([['/last', true]])
    expect(window.location.pathname).toBe('/')
    expect(errors).toEqual([])
  })
})
