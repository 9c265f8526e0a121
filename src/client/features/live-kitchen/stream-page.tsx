import { CameraPlayer } from '@client/components/kitchen/camera-player'
import { StatusTracker } from '@client/components/kitchen/status-tracker'
import { LiveTelemetryOverlay } from '@client/components/kitchen/telemetry-overlay'
import { CancellationNotice, cancellationText } from '@client/components/orders/cancellation-notice'
import { PushPrompt } from '@client/components/push/push-prompt'
import { Badge, LiveBadge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import { PageSpinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError } from '@client/lib/api-client'
import { liveClient } from '@client/lib/live-client'
import { preloadable } from '@client/lib/preloadable'
import { orderQuery } from '@client/lib/queries/order'
import { useCameras, useRestaurant } from '@client/lib/queries/restaurants'
import { useShowcase } from '@client/lib/queries/showcase'
import { useCurrentUser } from '@client/lib/session'
import { useIdleReady } from '@client/lib/use-idle-ready'
import { type ChefTipMessage, type StatusMessage, useLiveOrder } from '@client/lib/use-live-order'
import { useSeen } from '@client/lib/use-seen'
import { formatMoney, orderNumber } from '@client/lib/utils'
import type { WalletPanelSlot } from '@client/lib/wallet-panel-slot'
import { isActiveStatus } from '@shared/constants'
import type { UpsellOffer } from '@shared/schemas/chef'
import type { QueryClient } from '@tanstack/react-query'
import { ArrowLeft, Lock } from 'lucide-react'
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { useRespondToUpsell } from './api/respond-to-upsell'
import { CancelOrderButton } from './components/cancel-order-button'
import { ChefInteraction } from './components/chef-interaction'
import { OrderDetails } from './components/order-details'
import { OrderProgress } from './components/order-progress'
import {
  AccessCountdown,
  AlsoLikeDishes,
  LiveConnectionIndicator,
  TestingControls,
} from './components/stream-extras'
import { UpsellPopup } from './components/upsell-popup'
import { createOwnTips } from './own-tips'
import { useStreamAccessTimer } from './use-stream-access-timer'
import { useWatchedOrder } from './watched-order'

// The cooking curve (and its charts) loads after the first screen, once the browser is idle.
const CookingCurve = lazy(() => import('@client/components/kitchen/cooking-curve'))
const CURVE_STATUSES = ['cooking', 'plating', 'delivering']
// What takes the picture's place once the order is finished, with the rating form and the
// schemas it is checked by: a page watching a meal being cooked does not load them.
const OrderFinished = preloadable(() =>
  import('./components/order-finished').then((m) => ({ default: m.OrderFinished })),
)

/**
 * Before the app takes over this page rendered ahead: a finished order's page shows the rating
 * form in the picture's place, and its chunk is loaded first, so the form is the app's from the
 * takeover on (a press on "Send rating" is never the browser's own form submission).
 */
export async function prepareTakeover(queryClient: QueryClient, orderId: number) {
  const order = queryClient.getQueryData(orderQuery(orderId).queryKey)
  if (order && !isActiveStatus(order.status)) await OrderFinished.preload()
}

/**
 * The cooking curve's place under the video. On a phone it is below the first screen: its chart
 * is built once the page has settled (the browser idle, what is above in its final size) and the
 * place has come into view, and until then the place keeps the curve's height, so nothing moves
 * when it arrives.
 */
function CookingCurveSlot({ orderId, loaded }: { orderId: number; loaded: boolean }) {
  const settled = useIdleReady() && loaded
  const ref = useRef<HTMLDivElement>(null)
  const seen = useSeen(ref, { watching: settled })
  const place = (
    <div
      ref={ref}
      className="h-[212px] rounded-lg bg-muted/40 sm:h-[188px]"
      aria-hidden="true"
      data-testid="cooking-curve-place"
    />
  )
  if (!settled || !seen) return place
  return (
    <Suspense fallback={place}>
      <CookingCurve orderId={orderId} />
    </Suspense>
  )
}

const SAMPLE_TIP = { amount: 5, message: 'Looks amazing, thank you chef!' }

/** The tip notification every viewer sees; the message is the sender's text, shown as text. */
export function announceTip(tip: { amount: number; message: string }) {
  const message = tip.message.trim()
  toast({
    title: 'Chef Received a Tip!',
    description: message
      ? `A ${formatMoney(tip.amount)} tip was sent to the chef with message: ${message}`
      : `A ${formatMoney(tip.amount)} tip was sent to the chef.`,
  })
}

function useErrorToast(failed: boolean, description: string) {
  useEffect(() => {
    if (failed) toast({ title: 'Error', description, variant: 'destructive' })
  }, [failed, description])
}

export default function StreamPage({
  orderId,
  walletPanel,
}: {
  orderId: number
  walletPanel: WalletPanelSlot
}) {
  // A finished order streams nothing more: its page stays open without the access timer.
  const [finished, setFinished] = useState(false)
  const access = useStreamAccessTimer(orderId, { finished })
  if (access.status === 'checking') return <PageSpinner />
  if (access.status === 'denied')
    return <AccessMessage title="Access denied" text="Please enter your order number to access the stream." />
  if (access.status === 'expired')
    return (
      <AccessMessage
        title="Stream access expired"
        text="Your 20-minute stream access period has ended. Taking you home…"
      />
    )
  return (
    <LiveOrderView
      orderId={orderId}
      expiresAt={access.expiresAt}
      walletPanel={walletPanel}
      onFinished={setFinished}
    />
  )
}

function AccessMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <Lock className="size-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
    </div>
  )
}

/**
 * The page of an order being watched. Memoised: the access timer's checks re-render the page
 * above it without changing what it is given. It reads the order without its progress
 * (`useWatchedOrder`): only the progress bar follows each step of it.
 */
const LiveOrderView = memo(function LiveOrderView({
  orderId,
  expiresAt,
  walletPanel,
  onFinished,
}: {
  orderId: number
  expiresAt: number
  walletPanel: WalletPanelSlot
  onFinished: (finished: boolean) => void
}) {
  const { user } = useCurrentUser()
  const order = useWatchedOrder(orderId)
  const restaurantId = order.data?.restaurantId
  const restaurant = useRestaurant(restaurantId)
  const cameras = useCameras(restaurantId)
  const showcase = useShowcase()
  const [offer, setOffer] = useState<UpsellOffer | null>(null)
  const [ownTips] = useState(() => createOwnTips(announceTip))
  const respond = useRespondToUpsell(orderId, user?.id)

  const onChefTip = (tip: ChefTipMessage) => ownTips.received(tip)
  const onCancelled = (message: StatusMessage) => {
    if (!message.cancellation) return
    toast({
      title: `Order ${orderNumber(orderId)} cancelled`,
      description: cancellationText(message.cancellation),
      variant: 'destructive',
    })
  }
  const { readings } = useLiveOrder(orderId, { onUpsell: setOffer, onChefTip, onCancelled })

  // An offer not answered while the dish cooked goes away once it is plated.
  const pastStove = order.data ? !['preparing', 'cooking'].includes(order.data.status) : false
  useEffect(() => {
    if (pastStove) setOffer(null)
  }, [pastStove])

  const unavailable = order.error instanceof ApiError && [401, 403, 404].includes(order.error.status)
  useErrorToast(order.isError && !unavailable, 'Could not load order data. Please try again.')
  useErrorToast(restaurant.isError, 'Could not load restaurant data. Please try again.')
  useErrorToast(cameras.isError, 'Could not load camera data. Please try again.')

  const o = order.data
  // The showcase starts over when it completes; a diner's own order ends.
  const finished = o !== undefined && !isActiveStatus(o.status) && showcase.data?.orderId !== orderId
  useEffect(() => onFinished(finished), [finished, onFinished])

  if (order.isError) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">Order information unavailable</h1>
        <p className="text-muted-foreground">
          {unavailable
            ? 'This order is not available to watch from this account.'
            : 'Could not load order data. Please try again.'}
        </p>
        <div className="flex gap-3">
          {!unavailable ? (
            <Button variant="outline" onClick={() => order.refetch()}>
              Try again
            </Button>
          ) : null}
          <Button asChild>
            <Link href="/">Back home</Link>
          </Button>
        </div>
      </div>
    )
  }

  const answerUpsell = (accepted: boolean) => {
    if (!offer) return
    const current = offer
    if (!accepted) setOffer(null)
    respond.mutate(
      { upsellId: current.upsellId, accepted },
      {
        onSuccess: () => {
          if (!accepted) return
          setOffer(null)
          toast({
            title: 'Item added',
            description: `${current.menuItem.name} has been added to your order.`,
          })
        },
        onError: (error) => {
          if (!accepted) {
            console.error('Could not decline the offer', error)
            return
          }
          setOffer(null)
          toast({ title: 'Error', description: 'Could not add item to your order.', variant: 'destructive' })
        },
      },
    )
  }

  const sendDemoTip = (tip: { amount: number; message: string }) => {
    liveClient.send({
      type: 'chef_tip',
      orderId,
      amount: tip.amount,
      message: tip.message,
      timestamp: Date.now(),
    })
  }

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link
            href="/"
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Home
          </Link>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {restaurant.data ? (
              restaurant.data.name
            ) : (
              <Skeleton className="inline-block h-8 w-56 align-middle" />
            )}
          </h1>
        </div>
        {/* Its own line on phones, so the restaurant's name arriving never moves it. */}
        <div className="flex w-full items-center gap-3 sm:w-auto">
          {finished ? (
            // Nothing is live any more: no connection state and no access countdown.
            <span className="text-sm font-medium text-muted-foreground" data-testid="stream-finished">
              {o.status === 'cancelled' ? 'Order cancelled' : 'Order finished'}
            </span>
          ) : (
            <>
              <LiveConnectionIndicator />
              <AccessCountdown expiresAt={expiresAt} />
            </>
          )}
        </div>
      </div>
      {/* Only on the seeded demo world's orders: a real restaurant's diners never see them. */}
      {restaurant.data?.isDemo ? <TestingControls onSampleTip={() => announceTip(SAMPLE_TIP)} /> : null}
      {o ? <CancellationNotice order={o} /> : null}
      {o && user && o.userId === user.id && o.status === 'preparing' ? (
        <CancelOrderButton orderId={orderId} userId={user.id} />
      ) : null}
      {o && user && o.userId === user.id && !finished ? <PushPrompt userId={user.id} /> : null}
      {o ? <OrderProgress orderId={orderId} /> : <Skeleton className="h-[118px] rounded-xl" />}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <div className="grid gap-6">
          <Card className="overflow-hidden">
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 px-3 sm:px-5">
              <CardTitle as="h2" className="flex items-center gap-3">
                {finished ? 'Kitchen View' : 'Live Kitchen View'}
                {finished ? (
                  <Badge variant="secondary" data-testid="stream-ended">
                    Ended
                  </Badge>
                ) : (
                  <LiveBadge />
                )}
              </CardTitle>
              <span className="text-sm font-semibold text-muted-foreground" data-testid="order-number">
                Order {orderNumber(orderId)}
              </span>
            </CardHeader>
            <CardContent className="grid gap-4 px-3 sm:px-5">
              {finished && o ? (
                <Suspense fallback={<Skeleton className="h-72 rounded-xl" />}>
                  <OrderFinished order={o} canReview={user?.id === o.userId} />
                </Suspense>
              ) : (
                <CameraPlayer
                  title={restaurant.data ? `${restaurant.data.name} live kitchen` : 'Live kitchen'}
                  cameras={cameras.data}
                  isLoading={!cameras.data && !cameras.isError}
                  poster={restaurant.data?.images[0]}
                  overlay={<LiveTelemetryOverlay readings={readings} />}
                />
              )}
              {o ? <StatusTracker status={o.status} /> : <Skeleton className="h-20" />}
              {o && CURVE_STATUSES.includes(o.status) ? (
                <CookingCurveSlot
                  orderId={orderId}
                  // What is above it has its final size once the restaurant and its cameras are here.
                  loaded={restaurant.data !== undefined && (cameras.data !== undefined || cameras.isError)}
                />
              ) : null}
            </CardContent>
          </Card>
          {o ? (
            <ChefInteraction
              order={o}
              userId={user?.id}
              ownTips={ownTips}
              onDemoTip={sendDemoTip}
              walletPanel={walletPanel}
            />
          ) : (
            <Skeleton className="h-96 rounded-xl" />
          )}
        </div>
        <div className="grid gap-6">
          {o ? (
            <OrderDetails order={o} restaurant={restaurant.data} />
          ) : (
            <Skeleton className="h-[520px] rounded-xl" />
          )}
          {o ? <AlsoLikeDishes order={o} viewerId={user?.id} /> : null}
        </div>
      </div>
      <UpsellPopup
        offer={offer}
        accepting={respond.isPending && respond.variables?.accepted === true}
        onAccept={() => answerUpsell(true)}
        onDecline={() => answerUpsell(false)}
      />
    </div>
  )
})
