import { PageSpinner } from '@client/components/ui/spinner'
import { preloadable } from '@client/lib/preloadable'
import type { QueryClient } from '@tanstack/react-query'
import { type ReactNode, Suspense, useEffect, useRef } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { AppLayout } from './layout'
import { ProtectedRoute } from './protected-route'

/**
 * A page in its own chunk (the home page loads only what it shows). `preload` fetches it ahead;
 * once loaded it renders at once instead of showing the spinner for a moment, so a page rendered
 * ahead by the server is taken over by the same page, not by a spinner.
 */
const page = preloadable

// Every page is its own chunk.
const HomePage = page(() => import('@client/features/home/home-page'))
// The stream page shows the wallet's panel: the two load as one chunk, composed here.
const StreamPage = page(() =>
  Promise.all([
    import('@client/features/live-kitchen/stream-page'),
    import('@client/features/wallet/components/wallet-panel'),
  ]).then(([stream, wallet]) => ({
    default: ({ orderId }: { orderId: number }) => (
      <stream.default orderId={orderId} walletPanel={wallet.WalletPanel} />
    ),
    prepareTakeover: stream.prepareTakeover,
  })),
)
const RestaurantPage = page(() => import('@client/features/restaurants/restaurant-page'))
const OrdersPage = page(() => import('@client/features/orders/orders-page'))
const AuthPage = page(() => import('@client/features/auth/auth-page'))
const ForRestaurantsPage = page(() => import('@client/features/partners/for-restaurants-page'))
const PartnersPage = page(() => import('@client/features/partners/partners-page'))
// The workspace shows the devices' section: the two load as one chunk, composed here.
const WorkspacePage = page(() =>
  Promise.all([
    import('@client/features/partners/workspace-page'),
    import('@client/features/devices/devices-section'),
  ]).then(([workspace, devices]) => ({
    default: (props: { restaurantId?: number; section?: string }) => (
      <workspace.default {...props} devicesSection={devices.default} />
    ),
  })),
)
const WatchPage = page(() => import('@client/features/watch/watch-page'))
const EquipmentSetupPage = page(() => import('@client/features/partners/equipment-setup-page'))
const DiscoverPage = page(() => import('@client/features/discover/discover-page'))
const FaqPage = page(() => import('@client/features/faq/faq-page'))
const AllergenProfilePage = page(() => import('@client/features/allergens/allergen-profile-page'))
const ProfilePage = page(() => import('@client/features/profile/profile-page'))
const LegalPage = page(() => import('@client/features/legal/legal-page'))
const PayPage = page(() => import('@client/features/wallet/pay-page'))
const KitchenPage = page(() => import('@client/features/kitchen/kitchen-page'))
const JoinPage = page(() => import('@client/features/staff/join-page'))
const KitchenChooserPage = page(() => import('@client/features/kitchen/kitchen-chooser-page'))
const NotFoundPage = page(() => import('./not-found'))

/** The pages the server renders ahead (`prerender.tsx`); the id, where there is one, is group 1. */
export const prerenderedPages = {
  home: /^\/$/,
  restaurant: /^\/restaurant\/(\d+)$/,
  stream: /^\/stream\/(\d+)$/,
}
/** A page's chunk may prepare its takeover: load what the reads say its first screen shows. */
type Prepared = {
  default: unknown
  prepareTakeover?: (queryClient: QueryClient, id: number) => Promise<void>
}
const preloads: Record<keyof typeof prerenderedPages, { preload: () => Promise<Prepared> }> = {
  home: HomePage,
  restaurant: RestaurantPage,
  stream: StreamPage,
}

/**
 * Loads the chunk of a page rendered ahead, so the app's first render is that page, not a spinner,
 * and whatever else the page's reads say its first screen shows (a finished order's rating form).
 */
export async function preloadPage(path: string, queryClient: QueryClient) {
  for (const [name, pattern] of Object.entries(prerenderedPages)) {
    const match = pattern.exec(path)
    if (!match) continue
    const loaded = await preloads[name as keyof typeof preloads].preload()
    await loaded.prepareTakeover?.(queryClient, Number(match[1]))
  }
}

/**
 * A page opened from within the app starts at its top (or at its #fragment). The page the app
 * started on is left where it is: the browser placed it, and on a page rendered ahead the visitor
 * may have scrolled it before the app took over (a press under way would land elsewhere).
 */
function ScrollToTop() {
  const [location] = useLocation()
  const shown = useRef(location)
  useEffect(() => {
    if (location === shown.current) return
    shown.current = location
    if (!window.location.hash) window.scrollTo(0, 0)
  }, [location])
  return null
}

/**
 * `takenOver` is rendered beside the site's page, inside its Suspense boundary: on a page rendered
 * ahead, its effect runs once the page itself has been taken over, not only the layout around it.
 */
export function AppRouter({ takenOver }: { takenOver?: ReactNode } = {}) {
  return (
    <Switch>
      {/* The kitchen console fills a tablet's screen: no site header or footer. */}
      <Route path="/kitchen">
        <Suspense fallback={<PageSpinner />}>
          <ProtectedRoute>
            <KitchenChooserPage />
          </ProtectedRoute>
        </Suspense>
      </Route>
      <Route path="/kitchen/:id">
        {(params) => (
          <Suspense fallback={<PageSpinner />}>
            <ProtectedRoute>
              <KitchenPage restaurantId={Number(params.id)} />
            </ProtectedRoute>
          </Suspense>
        )}
      </Route>
      <Route>
        <SiteRoutes takenOver={takenOver} />
      </Route>
    </Switch>
  )
}

function SiteRoutes({ takenOver }: { takenOver?: ReactNode }) {
  return (
    <AppLayout>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/stream/:id">{(params) => <StreamPage orderId={Number(params.id)} />}</Route>
          <Route path="/watch/:code">{(params) => <WatchPage code={params.code} />}</Route>
          <Route path="/restaurant/:id">
            {(params) => <RestaurantPage restaurantId={Number(params.id)} />}
          </Route>
          <Route path="/orders">
            <ProtectedRoute>
              <OrdersPage />
            </ProtectedRoute>
          </Route>
          <Route path="/auth" component={AuthPage} />
          <Route path="/for-restaurants" component={ForRestaurantsPage} />
          <Route path="/restaurant-partners" component={PartnersPage} />
          <Route path="/restaurant-onboarding">
            <Redirect to="/restaurant-partners?onboarding=1#register" replace />
          </Route>
          <Route path="/partner">
            <ProtectedRoute>
              <WorkspacePage />
            </ProtectedRoute>
          </Route>
          <Route path="/partner/:restaurant/:section?">
            {(params) => (
              <ProtectedRoute>
                {/* /partner/menu: a section of the last restaurant opened. */}
                {/^\d+$/.test(params.restaurant) ? (
                  <WorkspacePage restaurantId={Number(params.restaurant)} section={params.section} />
                ) : (
                  <WorkspacePage section={params.restaurant} />
                )}
              </ProtectedRoute>
            )}
          </Route>
          <Route path="/join/:token">{(params) => <JoinPage token={params.token} />}</Route>
          <Route path="/discover" component={DiscoverPage} />
          <Route path="/faq" component={FaqPage} />
          <Route path="/equipment-setup" component={EquipmentSetupPage} />
          <Route path="/allergen-profile" component={AllergenProfilePage} />
          <Route path="/profile">
            <ProtectedRoute>
              <ProfilePage />
            </ProtectedRoute>
          </Route>
          <Route path="/pay/:id">
            {(params) => (
              <ProtectedRoute>
                <PayPage key={params.id} topUpId={Number(params.id)} />
              </ProtectedRoute>
            )}
          </Route>
          <Route path="/terms">
            <LegalPage doc="terms" />
          </Route>
          <Route path="/privacy">
            <LegalPage doc="privacy" />
          </Route>
          <Route path="/cookies">
            <LegalPage doc="cookies" />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
        {takenOver}
      </Suspense>
    </AppLayout>
  )
}
