/**
 * The first paint of the public pages, rendered by the server: the same components and the same
 * data the browser's first render will have, so the page reads before any script has run. The
 * browser replaces it with its own render on start (`main.tsx`), from the data embedded beside it.
 */

import { type AllergenProfileView, EMPTY_ALLERGEN_PROFILE } from '@client/lib/queries/allergen-profile'
import { createQueryClient } from '@client/lib/query-client'
import { queryKeys } from '@client/lib/query-keys'
import { RenderedAt } from '@client/lib/use-now'
import type { User } from '@shared/schemas/auth'
import type { Order, Showcase } from '@shared/schemas/orders'
import type { Restaurant } from '@shared/schemas/restaurants'
import { type DehydratedState, dehydrate, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { Router } from 'wouter'
import { Providers } from './providers'
import { AppRouter, prerenderedPages } from './router'

/**
 * A GET of the app's own API as the visitor would make it: the body, `NOT_FOUND` for a 404, or
 * undefined for any other answer.
 */
export type ApiGet = (path: string) => Promise<unknown>
export const NOT_FOUND = Symbol('not found')

export interface Prerendered {
  html: string
  state: DehydratedState
  /** The largest picture of the first screen (a restaurant's hero, the video's poster), to fetch first. */
  image?: string
  /** The moment the page was rendered at (epoch ms): the browser's takeover starts from it. */
  renderedAt: number
}

/** The pages rendered ahead, with the reads their first screen shows. */
const PAGES: {
  pattern: RegExp
  load: (get: Loader, id: number) => Promise<void>
  /** The restaurant whose first picture is the largest thing on the first screen. */
  pictured: (queryClient: QueryClient, id: number) => number | undefined
}[] = [
  {
    pattern: prerenderedPages.home,
    load: async (get) => {
      const [showcase] = await Promise.all([
        get<Showcase>(queryKeys.showcase, '/api/showcase'),
        get(queryKeys.restaurants(), '/api/restaurants'),
      ])
      if (showcase) await showcaseReads(get, showcase)
    },
    pictured: (queryClient) => queryClient.getQueryData<Showcase>(queryKeys.showcase)?.restaurantId,
  },
  {
    pattern: prerenderedPages.restaurant,
    load: async (get, id) => {
      await Promise.all([
        get(queryKeys.restaurant(id), `/api/restaurants/${id}`),
        get(queryKeys.menu(id), `/api/restaurants/${id}/menu`),
        get(queryKeys.cameras(id), `/api/restaurants/${id}/cameras`),
        get(queryKeys.restaurants(), '/api/restaurants'),
        get(queryKeys.showcase, '/api/showcase'),
      ])
    },
    pictured: (_queryClient, id) => id,
  },
  {
    pattern: prerenderedPages.stream,
    load: async (get, id) => {
      const [order] = await Promise.all([
        get<Order>(queryKeys.order(id), `/api/orders/${id}`),
        get(queryKeys.showcase, '/api/showcase'),
      ])
      if (order) await restaurantReads(get, order.restaurantId)
    },
    pictured: (queryClient, id) => queryClient.getQueryData<Order>(queryKeys.order(id))?.restaurantId,
  },
]

type Loader = <T>(key: QueryKey, path: string, notFound?: T) => Promise<T | undefined>

/**
 * A signed-in visitor's own reads that the first screen shows (orders under way, balance,
 * allergen warnings, addresses): rendered from the same data the browser starts from, so the
 * browser's first render matches the server's.
 */
async function visitorReads(get: Loader, queryClient: QueryClient, userId: number, path: string) {
  const restaurantId = Number(prerenderedPages.restaurant.exec(path)?.[1]) || undefined
  const [profile] = await Promise.all([
    get<AllergenProfileView>(
      queryKeys.allergenProfile(userId),
      `/api/users/${userId}/allergen-profile`,
      EMPTY_ALLERGEN_PROFILE,
    ),
    get(queryKeys.activeOrders(userId), `/api/users/${userId}/active-orders`),
    get(queryKeys.walletBalance(userId), `/api/users/${userId}/wallet-balance`),
    get(queryKeys.notifications(userId), `/api/users/${userId}/notifications`),
    restaurantId ? get(queryKeys.addresses(userId), `/api/users/${userId}/addresses`) : undefined,
  ])
  if (
    restaurantId &&
    profile?.allergens.length &&
    queryClient.getQueryData(queryKeys.restaurant(restaurantId))
  )
    await get(
      queryKeys.allergenCheck(userId, restaurantId),
      `/api/users/${userId}/allergen-check/${restaurantId}`,
    )
}

function showcaseReads(get: Loader, showcase: Showcase) {
  return Promise.all([
    get(queryKeys.order(showcase.orderId), `/api/orders/${showcase.orderId}`),
    restaurantReads(get, showcase.restaurantId),
  ])
}

function restaurantReads(get: Loader, restaurantId: number) {
  return Promise.all([
    get<Restaurant>(queryKeys.restaurant(restaurantId), `/api/restaurants/${restaurantId}`),
    get(queryKeys.cameras(restaurantId), `/api/restaurants/${restaurantId}/cameras`),
  ])
}

/** Whether `path` (no query string) is a page rendered ahead. */
export function isPrerendered(path: string): boolean {
  return PAGES.some((page) => page.pattern.test(path))
}

/** Loads the page's reads into `queryClient`; returns the first screen's largest picture. */
async function loadData(queryClient: QueryClient, path: string, apiGet: ApiGet) {
  const page = PAGES.find((p) => p.pattern.test(path))
  if (!page) return undefined
  const id = Number(page.pattern.exec(path)?.[1])
  const get: Loader = async (key, apiPath, notFound) => {
    const answer = await apiGet(apiPath)
    const data = answer === NOT_FOUND ? notFound : answer
    if (data !== undefined) queryClient.setQueryData(key, data)
    return data as never
  }
  const signedIn = async () => {
    const user = await get<User>(queryKeys.me, '/api/user')
    if (user) await visitorReads(get, queryClient, user.id, path)
  }
  await Promise.all([signedIn(), page.load(get, id)])
  // A signed-out visitor's user is null, as the browser's own read concludes from a 401.
  if (queryClient.getQueryData(queryKeys.me) === undefined) queryClient.setQueryData(queryKeys.me, null)
  const restaurantId = page.pictured(queryClient, id)
  const restaurant = restaurantId
    ? queryClient.getQueryData<Restaurant>(queryKeys.restaurant(restaurantId))
    : undefined
  return (restaurant?.images[0] ?? restaurant?.avatar) || undefined
}

/** The page's markup and the reads it was rendered from, or undefined for a page not rendered ahead. */
export async function prerender(url: string, apiGet: ApiGet): Promise<Prerendered | undefined> {
  const [path = '/', search = ''] = url.split('?')
  if (!isPrerendered(path)) return undefined
  const queryClient = createQueryClient()
  const image = await loadData(queryClient, path, apiGet)
  const renderedAt = Date.now()
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedAt.Provider value={renderedAt}>
        <Router ssrPath={path} ssrSearch={search}>
          <Providers queryClient={queryClient}>
            <AppRouter />
          </Providers>
        </Router>
      </RenderedAt.Provider>
    </StrictMode>,
    // Every boundary written in place: nothing waits for a script to be swapped in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  let html = ''
  for await (const chunk of prelude) html += chunk
  const state = dehydrate(queryClient)
  queryClient.clear()
  return { html, state, image, renderedAt }
}
