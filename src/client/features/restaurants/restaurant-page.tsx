import { useOpenStream } from '@client/components/orders/use-open-stream'
import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { AddFundsDialog } from '@client/components/wallet/add-funds-dialog'
import { errorMessage, hasCode, isStatus } from '@client/lib/api-client'
import { type CartLine, cartTotals, useCart } from '@client/lib/cart'
import { useActiveOrders } from '@client/lib/queries/active-orders'
import { useAllergenProfile } from '@client/lib/queries/allergen-profile'
import { useCameras, useMenu, useRestaurant, useRestaurants } from '@client/lib/queries/restaurants'
import { useShowcase } from '@client/lib/queries/showcase'
import { useWalletBalance } from '@client/lib/queries/wallet-balance'
import { useCurrentUser } from '@client/lib/session'
import { requestStreamAccess } from '@client/lib/stream-access'
import { cn, formatMoney, orderNumber } from '@client/lib/utils'
import { ORDER_REDIRECT_MS, pausedMessage } from '@shared/constants'
import { ERROR_CODE } from '@shared/error-codes'
import { lineWithOptions } from '@shared/order-lines'
import type { MenuItem } from '@shared/schemas/restaurants'
import { ArrowLeft, PauseCircle, ShoppingBag, Video } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useAllergenCheck } from './api/check-allergens'
import { usePlaceOrder } from './api/place-order'
import { type AddToCartChoice, AddToCartDialog } from './components/add-to-cart-dialog'
import { AllergenBanner, matchesByItem } from './components/allergen-banner'
import { AlsoLike } from './components/also-like'
import { CartPanel, pricedCart } from './components/cart-panel'
import { type CheckoutChoice, CheckoutOptions } from './components/checkout-options'
import { LiveCamerasSection } from './components/live-cameras-section'
import { MenuSection } from './components/menu-section'
import { RestaurantGallery } from './components/restaurant-gallery'
import { RestaurantHero, RestaurantHeroSkeleton, RestaurantLoadError } from './components/restaurant-hero'
import { ReviewsSection } from './components/reviews-section'
import { useElementInView } from './use-element-in-view'
import { useRestaurantLive, useRunningPause } from './use-restaurant-live'

function useErrorToast(failed: boolean, description: string) {
  useEffect(() => {
    if (failed) toast({ title: 'Error', description, variant: 'destructive' })
  }, [failed, description])
}

export default function RestaurantPage({ restaurantId }: { restaurantId: number }) {
  const validId = Number.isSafeInteger(restaurantId) && restaurantId > 0
  const restaurant = useRestaurant(validId ? restaurantId : undefined)
  const menu = useMenu(validId ? restaurantId : undefined)
  const cameras = useCameras(validId ? restaurantId : undefined)
  const restaurants = useRestaurants()
  const showcase = useShowcase()
  const { user } = useCurrentUser()
  const activeOrders = useActiveOrders(user?.id)
  const balance = useWalletBalance(user?.id)
  const profile = useAllergenProfile(user?.id)
  // Checked only for a restaurant that exists: a missing one has no menu to check.
  const summaryCheck = useAllergenCheck(user?.id, restaurantId, {
    enabled: Boolean(restaurant.data) && (profile.data?.allergens.length ?? 0) > 0,
  })
  const cart = useCart(restaurantId)
  const cartInView = useElementInView('cart', cart.lines.length > 0)
  const placeOrder = usePlaceOrder(user?.id)
  const { open, pendingId } = useOpenStream()
  const [, navigate] = useLocation()
  const dishParam = new URLSearchParams(useSearch()).get('dish')
  const highlightId = dishParam && /^\d{1,10}$/.test(dishParam) ? Number(dishParam) : undefined
  const [redirecting, setRedirecting] = useState(false)
  const [shortOfFunds, setShortOfFunds] = useState(false)
  const [checkout, setCheckout] = useState<CheckoutChoice>({ fulfilment: 'delivery', addressId: null })
  const [checkoutReady, setCheckoutReady] = useState(true)
  const [choosingId, setChoosingId] = useState<number | undefined>()
  useRestaurantLive(validId ? restaurantId : undefined)
  const pausedUntil = useRunningPause(restaurant.data?.pausedUntil)

  const notFound = !validId || isStatus(restaurant.error, 404)
  useErrorToast(restaurant.isError && !notFound, 'Could not load restaurant data. Please try again.')
  useErrorToast(menu.isError && !notFound, 'Could not load menu data. Please try again.')
  useErrorToast(cameras.isError && !notFound, 'Could not load camera data. Please try again.')

  // The hash target (#menu, #live-cameras) exists only once the restaurant has loaded.
  useEffect(() => {
    if (!restaurant.data || !window.location.hash) return
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView()
  }, [restaurant.data])

  if (notFound) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">Restaurant not found</h1>
        <p className="text-muted-foreground">
          This restaurant may have closed its kitchen or the link is mistyped.
        </p>
        <Button asChild>
          <Link href="/discover">Browse restaurants</Link>
        </Button>
      </div>
    )
  }

  const addItem = (item: MenuItem) => {
    // A dish with options is chosen in its dialog first.
    if ((item.optionGroups ?? []).length > 0) return setChoosingId(item.id)
    cart.add({ menuItemId: item.id, name: item.name, price: item.price, image: item.image })
    toast({ title: 'Added to cart', description: `${item.name} was added to your cart.` })
  }
  const addChoice = (item: MenuItem, choice: AddToCartChoice) => {
    cart.add(
      {
        menuItemId: item.id,
        name: item.name,
        price: choice.price,
        image: item.image,
        ...(choice.options.length > 0 ? { options: choice.options } : {}),
        ...(choice.notes ? { notes: choice.notes } : {}),
      },
      choice.quantity,
    )
    setChoosingId(undefined)
    toast({
      title: 'Added to cart',
      description: `${lineWithOptions({ name: item.name, options: choice.options })} was added to your cart.`,
    })
  }

  const submitOrder = () => {
    const { available } = pricedCart(cart.lines, menu.data)
    if (available.length === 0) {
      toast({
        title: 'Cart is empty',
        description: 'Please add items to your cart before placing an order.',
        variant: 'destructive',
      })
      return
    }
    setShortOfFunds(false)
    placeOrder.mutate(
      {
        restaurantId,
        items: available.map((l) => ({
          menuItemId: l.menuItemId,
          quantity: l.quantity,
          ...(l.options?.length ? { options: l.options.map((o) => o.id) } : {}),
          ...(l.notes ? { notes: l.notes } : {}),
        })),
        fulfilment: checkout.fulfilment,
        ...(checkout.fulfilment === 'delivery' && checkout.addressId
          ? { addressId: checkout.addressId }
          : {}),
      },
      {
        onSuccess: async (order) => {
          setRedirecting(true)
          cart.clear()
          toast({
            title: 'Order placed!',
            description: `Order ${orderNumber(order.id)} is on its way to the kitchen. Opening your live stream…`,
          })
          try {
            await requestStreamAccess(order.id)
          } catch {}
          setTimeout(() => navigate(`/stream/${order.id}`), ORDER_REDIRECT_MS)
        },
        onError: (error) => {
          if (hasCode(error, ERROR_CODE.insufficientFunds)) {
            setShortOfFunds(true)
            toast({
              title: 'Not enough funds',
              description: `${errorMessage(error, 'Insufficient funds')}. Add funds to your wallet to place this order.`,
              variant: 'destructive',
            })
          } else {
            toast({
              title: 'Could not place order',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            })
          }
        },
      },
    )
  }

  const r = restaurant.data
  const hasCameras = (cameras.data?.filter((c) => c.isActive).length ?? 0) > 0
  const myOrderHere = activeOrders.data?.find((o) => o.restaurantId === restaurantId)
  const showcaseHere = showcase.data?.restaurantId === restaurantId ? showcase.data.orderId : undefined
  const streamOrderId = myOrderHere?.id ?? showcaseHere
  const watchAction =
    r?.isLive && hasCameras ? (
      streamOrderId ? (
        <Button size="lg" onClick={() => open(streamOrderId)} disabled={pendingId !== null}>
          {pendingId ? (
            <Spinner className="size-4 text-current" label="Opening stream" />
          ) : (
            <Video aria-hidden="true" />
          )}
          {myOrderHere ? `Watch your order ${orderNumber(myOrderHere.id)}` : 'Watch Live Kitchen'}
        </Button>
      ) : (
        <Button asChild size="lg">
          <a href="#live-cameras">
            <Video aria-hidden="true" />
            Watch Live Kitchen
          </a>
        </Button>
      )
    ) : null

  const matchedIds = new Set(summaryCheck.data?.matches.map((m) => m.menuItem.id))
  const dishMatches = summaryCheck.data?.matches ?? []
  /** The diner's allergens in a cart line: its dish's, and those of the options chosen on it. */
  const lineAllergens = (line: CartLine) => {
    const chosen = new Set(line.options?.map((o) => o.id))
    const labels = matchesByItem(
      dishMatches.filter((m) => m.menuItem.id === line.menuItemId && (!m.option || chosen.has(m.option.id))),
    ).flatMap((m) => m.allergens)
    return labels.length > 0 ? labels : undefined
  }
  const returnTo = `/restaurant/${restaurantId}`
  const { available } = pricedCart(cart.lines, menu.data)
  const totals = cartTotals(available, checkout.fulfilment)
  const short =
    shortOfFunds ||
    (balance.data !== undefined && available.length > 0 && balance.data.balance < totals.total)

  return (
    <div
      className={cn(
        'mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-6 sm:py-8',
        cart.lines.length > 0 && 'pb-24 lg:pb-8',
      )}
    >
      <Link
        href="/discover"
        className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All restaurants
      </Link>
      {r ? (
        <RestaurantHero restaurant={r} watchAction={watchAction} />
      ) : restaurant.isError ? (
        <RestaurantLoadError onRetry={() => restaurant.refetch()} retrying={restaurant.isFetching} />
      ) : (
        <RestaurantHeroSkeleton />
      )}
      {r ? <RestaurantGallery name={r.name} images={r.images} /> : null}
      {r && pausedUntil ? (
        <Alert variant="warning" className="items-center" data-testid="restaurant-paused">
          <PauseCircle className="size-5 shrink-0" aria-hidden="true" />
          <span className="flex-1">
            <strong className="font-semibold">{pausedMessage(pausedUntil, r.timeZone)}.</strong> The kitchen
            is catching up; the menu is here to browse meanwhile.
          </span>
        </Alert>
      ) : null}
      {/* A fresh block once the restaurant arrives: the loading skeleton is replaced, not pushed
          down by the hero and gallery above it (which is what a phone saw as a jump). */}
      <div
        key={r ? 'restaurant' : 'loading'}
        className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start"
      >
        <MenuSection
          items={menu.data}
          isLoading={menu.isLoading || !validId}
          isError={menu.isError}
          onAdd={addItem}
          onAddWithNote={(item) => setChoosingId(item.id)}
          highlightId={highlightId}
          summaryBanner={
            r ? <AllergenBanner restaurantId={restaurantId} mode="summary" returnTo={returnTo} /> : null
          }
          bannerFor={(item) =>
            matchedIds.has(item.id) ? (
              <AllergenBanner restaurantId={restaurantId} menuItemId={item.id} mode="item" />
            ) : null
          }
        />
        <aside className="lg:sticky lg:top-20">
          <CartPanel
            lines={cart.lines}
            menu={menu.data}
            onQuantity={cart.setQuantity}
            onPlaceOrder={submitOrder}
            placing={placeOrder.isPending}
            redirecting={redirecting}
            signedIn={Boolean(user)}
            signInHref={`/auth?next=${encodeURIComponent(returnTo)}`}
            balance={balance.data?.balance}
            allergens={lineAllergens}
            fulfilment={checkout.fulfilment}
            canPlace={checkoutReady && !pausedUntil}
            checkout={
              user ? (
                <CheckoutOptions
                  userId={user.id}
                  restaurantId={restaurantId}
                  choice={checkout}
                  onChange={setCheckout}
                  onReady={setCheckoutReady}
                />
              ) : null
            }
            fundsNotice={
              user && short ? (
                <Alert variant="warning" className="items-center">
                  <span className="flex-1">
                    Your wallet balance is not enough for this order ({formatMoney(totals.total)}).
                  </span>
                  <AddFundsDialog
                    userId={user.id}
                    trigger={
                      <Button size="sm" variant="outline" onClick={() => setShortOfFunds(false)}>
                        Add funds
                      </Button>
                    }
                  />
                </Alert>
              ) : null
            }
          />
        </aside>
      </div>
      {r ? (
        <LiveCamerasSection
          restaurant={r}
          cameras={cameras.data}
          isLoading={cameras.isLoading}
          isError={cameras.isError}
        />
      ) : null}
      {r ? <ReviewsSection restaurant={r} /> : null}
      <AddToCartDialog
        item={menu.data?.find((m) => m.id === choosingId)}
        onOpenChange={(open) => {
          if (!open) setChoosingId(undefined)
        }}
        onAdd={addChoice}
        profileAllergens={profile.data?.allergens}
      />
      <AlsoLike currentId={restaurantId} restaurants={restaurants.data?.restaurants} />
      {cart.lines.length > 0 && !cartInView ? (
        <a
          href="#cart"
          className="fixed inset-x-4 bottom-20 z-40 flex items-center justify-between rounded-full bg-primary px-5 py-3 text-sm font-semibold text-primary-foreground shadow-lg md:bottom-6 lg:hidden"
        >
          <span className="inline-flex items-center gap-2">
            <ShoppingBag className="size-4" aria-hidden="true" />
            View cart · {totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'}
          </span>
          <span className="tabular-nums">{formatMoney(totals.total)}</span>
        </a>
      ) : null}
    </div>
  )
}
