import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { PageSpinner, Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError, errorMessage } from '@client/lib/api-client'
import {
  payPath,
  readPaymentSession,
  safeReturnPath,
  savePaymentSession,
  useCreateTopUp,
  useTestPayment,
  useTopUp,
} from '@client/lib/queries/top-ups'
import { useWalletBalance } from '@client/lib/queries/wallet-balance'
import { queryKeys } from '@client/lib/query-keys'
import { useCurrentUser } from '@client/lib/session'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { formatMoney } from '@client/lib/utils'
import { zodResolver } from '@hookform/resolvers/zod'
import type { TopUp } from '@shared/schemas/wallet'
import { testPaymentSchema } from '@shared/schemas/wallet'
import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, CircleX, CreditCard, FlaskConical, Lock, RotateCcw, Undo2 } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation, useSearch } from 'wouter'
import { loadStripeJs, type StripeElements, type StripeJs } from './lib/stripe-js'

/** Stripe's published test cards, as the test provider knows them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Declined: insufficient funds' },
] as const

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
}
export const cardLabel = (card: NonNullable<TopUp['card']>) =>
  `${BRANDS[card.brand] ?? card.brand} •••• ${card.last4}`

/** Where the diner goes back to, by name. */
export function returnLabel(path: string): string {
  if (path.startsWith('/stream/')) return 'Back to your order'
  if (path.startsWith('/restaurant/')) return 'Back to the restaurant'
  if (path.startsWith('/profile')) return 'Back to your profile'
  if (path.startsWith('/orders')) return 'Back to My Orders'
  return 'Continue'
}

/**
 * /pay/{topUpId}: pays a top-up (the test provider's test cards, or Stripe's Payment Element),
 * follows it while the processor confirms it, and takes the diner back where they came from.
 */
export default function PayPage({ topUpId }: { topUpId: number }) {
  useDocumentTitle('Payment')
  const { user } = useCurrentUser()
  const search = useSearch()
  const session = useMemo(() => readPaymentSession(topUpId), [topUpId])
  const returnTo = safeReturnPath(new URLSearchParams(search).get('return') ?? session.returnTo)
  const topUp = useTopUp(topUpId)
  const queryClient = useQueryClient()
  const status = topUp.data?.status
  const seenPending = useRef(false)

  // The money has arrived (or the payment failed): the wallet is read again, and a payment seen
  // through from this page says so once.
  useEffect(() => {
    if (!status || !user) return
    if (status === 'pending') {
      seenPending.current = true
      return
    }
    void queryClient.invalidateQueries({ queryKey: ['wallet', user.id] })
    void queryClient.invalidateQueries({ queryKey: queryKeys.me })
    if (status === 'succeeded' && seenPending.current && topUp.data)
      toast({
        title: 'Funds Added',
        description: `${formatMoney(topUp.data.amount)} has been added to your wallet.`,
      })
    seenPending.current = false
  }, [status, user, queryClient, topUp.data])

  if (!user || topUp.isLoading) return <PageSpinner />
  return (
    <div className="mx-auto grid w-full max-w-lg gap-4 px-4 py-8 sm:py-12">
      <h1 className="sr-only">Payment</h1>
      {topUp.data ? (
        <PaymentCard topUp={topUp.data} userId={user.id} returnTo={returnTo} session={session} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Payment not found</CardTitle>
            <CardDescription>
              {topUp.error instanceof ApiError && topUp.error.status === 404
                ? 'This payment does not exist or belongs to another account.'
                : 'We could not load this payment. Please refresh the page to try again.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <BackButton returnTo={returnTo} />
          </CardContent>
        </Card>
      )}
    </div>
  )
}

function BackButton({
  returnTo,
  variant = 'outline',
}: {
  returnTo: string
  variant?: 'outline' | 'default'
}) {
  const [, navigate] = useLocation()
  return (
    <Button variant={variant} onClick={() => navigate(returnTo)}>
      <Undo2 aria-hidden="true" />
      {returnLabel(returnTo)}
    </Button>
  )
}

/** Leaving an unpaid top-up charges nothing: it stays pending and is never credited. */
function CancelLink({ returnTo }: { returnTo: string }) {
  const [, navigate] = useLocation()
  return (
    <Button
      variant="ghost"
      className="justify-self-center text-muted-foreground"
      onClick={() => navigate(returnTo)}
    >
      Cancel and go back
    </Button>
  )
}

function PaymentCard({
  topUp,
  userId,
  returnTo,
  session,
}: {
  topUp: TopUp
  userId: number
  returnTo: string
  session: ReturnType<typeof readPaymentSession>
}) {
  return (
    <Card data-testid="payment" data-status={topUp.status}>
      <CardHeader className="gap-1 border-b pb-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock className="size-4" aria-hidden="true" />
          Clearplate wallet top-up #{topUp.id}
        </p>
        <CardTitle as="h2" className="text-3xl font-extrabold tabular-nums">
          {formatMoney(topUp.amount)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 pt-5" aria-live="polite">
        {topUp.status === 'pending' ? (
          <>
            {topUp.provider === 'test' ? (
              <TestCardForm topUp={topUp} userId={userId} />
            ) : (
              <StripePayment topUp={topUp} session={session} returnTo={returnTo} />
            )}
            <CancelLink returnTo={returnTo} />
          </>
        ) : topUp.status === 'succeeded' ? (
          <Succeeded topUp={topUp} userId={userId} returnTo={returnTo} />
        ) : topUp.status === 'failed' ? (
          <Failed topUp={topUp} userId={userId} returnTo={returnTo} />
        ) : (
          <div className="grid gap-4">
            <p className="flex items-center gap-2 font-semibold">
              <RotateCcw className="size-5" aria-hidden="true" />
              This top-up was refunded to your card.
            </p>
            <BackButton returnTo={returnTo} variant="default" />
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function Succeeded({ topUp, userId, returnTo }: { topUp: TopUp; userId: number; returnTo: string }) {
  const balance = useWalletBalance(userId)
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 text-lg font-bold text-green-700 dark:text-green-400">
        <CircleCheck className="size-6" aria-hidden="true" />
        Payment received
      </p>
      <p>
        {formatMoney(topUp.amount)} has been added to your wallet
        {topUp.card ? ` from your ${cardLabel(topUp.card)}` : ''}.
      </p>
      <p className="text-sm text-muted-foreground" data-testid="pay-balance">
        Wallet balance: {balance.data ? formatMoney(balance.data.balance) : '…'}
      </p>
      <BackButton returnTo={returnTo} variant="default" />
    </div>
  )
}

function Failed({ topUp, userId, returnTo }: { topUp: TopUp; userId: number; returnTo: string }) {
  const [, navigate] = useLocation()
  const createTopUp = useCreateTopUp(userId)
  // A settled top-up is never paid again: trying again starts a new one of the same amount.
  const again = async () => {
    try {
      const created = await createTopUp.mutateAsync(topUp.amount)
      savePaymentSession(created.topUp.id, {
        clientSecret: created.clientSecret,
        publishableKey: created.publishableKey,
        returnTo,
      })
      navigate(payPath(created, returnTo), { replace: true })
    } catch (err) {
      toast({
        title: 'Could not start the payment',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      })
    }
  }
  return (
    <div className="grid gap-4">
      <Alert variant="danger" role="alert">
        <CircleX aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">Payment declined</p>
          <p>{topUp.failureReason ?? 'The payment failed.'}</p>
          <p>Nothing was charged and your wallet is unchanged.</p>
        </div>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button onClick={again} disabled={createTopUp.isPending}>
          {createTopUp.isPending ? <Spinner className="size-4 text-current" label="Starting" /> : null}
          Try another card
        </Button>
        <BackButton returnTo={returnTo} />
      </div>
    </div>
  )
}

function TestCardForm({ topUp, userId }: { topUp: TopUp; userId: number }) {
  const id = useId()
  const pay = useTestPayment(topUp.id, userId)
  const queryClient = useQueryClient()
  const form = useForm<{ cardNumber: string }>({
    resolver: zodResolver(testPaymentSchema),
    defaultValues: { cardNumber: '' },
  })
  const error = form.formState.errors.cardNumber?.message
  const busy = pay.isPending || form.formState.isSubmitting
  const submit = form.handleSubmit(async ({ cardNumber }) => {
    try {
      await pay.mutateAsync(cardNumber)
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fieldErrors?.cardNumber : undefined
      if (err instanceof ApiError && err.status === 409) {
        // Paid already (another tab): show what it became.
        await queryClient.invalidateQueries({ queryKey: queryKeys.topUp(topUp.id) })
        return
      }
      form.setError('cardNumber', {
        message: fieldError ?? errorMessage(err, 'The payment could not be sent. Please try again.'),
      })
    }
  })
  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <Alert variant="warning">
        <FlaskConical aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">Test payment: no real money moves</p>
          <p>This Clearplate runs with the test payment provider. Pay with one of Stripe's test cards.</p>
        </div>
      </Alert>
      <Field id={`${id}-card`} label="Card number" error={error}>
        <div className="relative">
          <CreditCard
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            {...fieldProps(`${id}-card`, error)}
            {...form.register('cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            className="pl-9 font-mono tabular-nums"
            disabled={busy}
            autoFocus
          />
        </div>
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Test cards</legend>
        {TEST_CARDS.map((card) => (
          <button
            key={card.number}
            type="button"
            disabled={busy}
            onClick={() => form.setValue('cardNumber', card.number, { shouldValidate: true })}
            className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            <span className="font-mono tabular-nums">{card.number}</span>
            <span className="text-muted-foreground">{card.outcome}</span>
          </button>
        ))}
      </fieldset>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-current" label="Paying" /> : <Lock aria-hidden="true" />}
        {busy ? 'Paying…' : `Pay ${formatMoney(topUp.amount)}`}
      </Button>
    </form>
  )
}

type StripeState =
  | { step: 'loading' }
  | { step: 'ready'; stripe: StripeJs; elements: StripeElements }
  | { step: 'unavailable'; message: string }

/**
 * Stripe's Payment Element for the top-up's PaymentIntent. Confirming it only sends the card to
 * Stripe: the wallet is credited by Stripe's signed webhook, which the page waits for.
 */
function StripePayment({
  topUp,
  session,
  returnTo,
}: {
  topUp: TopUp
  session: ReturnType<typeof readPaymentSession>
  returnTo: string
}) {
  const search = useSearch()
  // Back from a bank's check (3-D Secure): Stripe has the payment, its webhook is on its way.
  const returned = new URLSearchParams(search).has('payment_intent')
  const [confirming, setConfirming] = useState(returned)
  const [error, setError] = useState<string>()
  const [state, setState] = useState<StripeState>({ step: 'loading' })
  const mount = useRef<HTMLDivElement>(null)
  const { clientSecret, publishableKey } = session

  useEffect(() => {
    if (confirming) return
    if (!clientSecret || !publishableKey) {
      setState({
        step: 'unavailable',
        message: clientSecret
          ? 'Card payments are not set up on this Clearplate yet (it has no Stripe publishable key). Nothing was charged.'
          : 'This payment was started in another tab. Go back and add funds again to pay here.',
      })
      return
    }
    let cancelled = false
    let destroy: (() => void) | undefined
    loadStripeJs().then(
      (Stripe) => {
        if (cancelled || !mount.current) return
        const stripe = Stripe(publishableKey)
        const dark = document.documentElement.classList.contains('dark')
        const elements = stripe.elements({ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } })
        const element = elements.create('payment', { layout: 'tabs' })
        element.mount(mount.current)
        destroy = () => element.destroy()
        setState({ step: 'ready', stripe, elements })
      },
      () => {
        if (!cancelled)
          setState({
            step: 'unavailable',
            message: "Stripe's payment form could not be loaded. Check your connection and reload the page.",
          })
      },
    )
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [clientSecret, publishableKey, confirming])

  if (confirming)
    return (
      <p className="flex items-center gap-3 font-medium" data-testid="payment-confirming">
        <Spinner className="size-5" label="Confirming" />
        Confirming your payment with your bank…
      </p>
    )

  const pay = async () => {
    if (state.step !== 'ready') return
    setError(undefined)
    const back = `${window.location.origin}/pay/${topUp.id}?return=${encodeURIComponent(returnTo)}`
    const result = await state.stripe
      .confirmPayment({
        elements: state.elements,
        confirmParams: { return_url: back },
        redirect: 'if_required',
      })
      .catch(() => ({ error: { message: 'Stripe could not be reached. Please try again.' } }))
    if (result.error) setError(result.error.message ?? 'The payment failed. Please try another card.')
    else setConfirming(true)
  }

  return (
    <div className="grid gap-5">
      {state.step === 'unavailable' ? (
        <Alert variant="danger" role="alert">
          <CircleX aria-hidden="true" />
          <p>{state.message}</p>
        </Alert>
      ) : null}
      {state.step === 'loading' ? <Spinner className="size-5" label="Loading the payment form" /> : null}
      {/* Stripe's frame goes in here: React keeps nothing of its own inside. */}
      <div ref={mount} data-testid="stripe-payment-element" />
      {error ? (
        <Alert variant="danger" role="alert">
          <CircleX aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">Payment declined</p>
            <p>{error}</p>
          </div>
        </Alert>
      ) : null}
      <Button size="lg" onClick={pay} disabled={state.step !== 'ready'}>
        <Lock aria-hidden="true" />
        Pay {formatMoney(topUp.amount)}
      </Button>
      <p className="text-xs text-muted-foreground">
        Your card is handled by Stripe; Clearplate never sees its number.
      </p>
    </div>
  )
}
