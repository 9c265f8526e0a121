import { PageSpinner } from '@client/components/ui/spinner'
import { lazy, Suspense, useEffect } from 'react'
import { Redirect, Route, Switch, useLocation } from 'wouter'
import { AppLayout } from './layout'
import { ProtectedRoute } from './protected-route'

// Every page is its own chunk: the home page loads only what it shows.
const HomePage = lazy(() => import('@client/features/home/home-page'))
// The stream page shows the wallet's panel: the two load as one chunk, composed here.
const StreamPage = lazy(() =>
  Promise.all([
    import('@client/features/live-kitchen/stream-page'),
    import('@client/features/wallet/components/wallet-panel'),
  ]).then(([stream, wallet]) => ({
    default: ({ orderId }: { orderId: number }) => (
      <stream.default orderId={orderId} walletPanel={wallet.WalletPanel} />
    ),
  })),
)
const RestaurantPage = lazy(() => import('@client/features/restaurants/restaurant-page'))
const OrdersPage = lazy(() => import('@client/features/orders/orders-page'))
const AuthPage = lazy(() => import('@client/features/auth/auth-page'))
const ForRestaurantsPage = lazy(() => import('@client/features/partners/for-restaurants-page'))
const PartnersPage = lazy(() => import('@client/features/partners/partners-page'))
const WorkspacePage = lazy(() => import('@client/features/partners/workspace-page'))
const EquipmentSetupPage = lazy(() => import('@client/features/partners/equipment-setup-page'))
const DiscoverPage = lazy(() => import('@client/features/discover/discover-page'))
const FaqPage = lazy(() => import('@client/features/faq/faq-page'))
const AllergenProfilePage = lazy(() => import('@client/features/allergens/allergen-profile-page'))
const ProfilePage = lazy(() => import('@client/features/profile/profile-page'))
const LegalPage = lazy(() => import('@client/features/legal/legal-page'))
const DevicesPage = lazy(() => import('@client/features/devices/devices-page'))
const KitchenPage = lazy(() => import('@client/features/kitchen/kitchen-page'))
const NotFoundPage = lazy(() => import('./not-found'))

function ScrollToTop() {
  const [location] = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0)
  }, [location])
  return null
}

export function AppRouter() {
  return (
    <Switch>
      {/* The kitchen console fills a tablet's screen: no site header or footer. */}
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
        <SiteRoutes />
      </Route>
    </Switch>
  )
}

function SiteRoutes() {
  return (
    <AppLayout>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/stream/:id">{(params) => <StreamPage orderId={Number(params.id)} />}</Route>
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
          <Route path="/partner/devices">
            <ProtectedRoute>
              <DevicesPage />
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
          <Route path="/discover" component={DiscoverPage} />
          <Route path="/faq" component={FaqPage} />
          <Route path="/equipment-setup" component={EquipmentSetupPage} />
          <Route path="/allergen-profile" component={AllergenProfilePage} />
          <Route path="/profile">
            <ProtectedRoute>
              <ProfilePage />
            </ProtectedRoute>
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
      </Suspense>
    </AppLayout>
  )
}
