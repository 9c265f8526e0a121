/**
 * Stripe.js, loaded from Stripe (as Stripe requires: it is never bundled) the first time a
 * payment needs it. Only the little of it the payment page uses is typed here.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/'

export interface StripePaymentElement {
  mount(target: HTMLElement): void
  destroy(): void
  on(event: 'ready' | 'change', handler: (event: { complete?: boolean }) => void): void
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement
}

export interface StripeConfirmResult {
  error?: { type?: string; code?: string; message?: string }
  paymentIntent?: { id: string; status: string }
}

export interface StripeJs {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements
  confirmPayment(options: {
    elements: StripeElements
    confirmParams: { return_url: string }
    redirect: 'if_required'
  }): Promise<StripeConfirmResult>
}

type StripeConstructor = (publishableKey: string) => StripeJs
declare global {
  interface Window {
    Stripe?: StripeConstructor
  }
}

let loading: Promise<StripeConstructor> | undefined

/** Stripe's constructor, once its script has loaded; rejects when it cannot be loaded. */
export function loadStripeJs(): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe)
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = STRIPE_JS_URL
    script.async = true
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not start'))
    script.onerror = () => {
      loading = undefined
      script.remove()
      reject(new Error('Stripe.js could not be loaded'))
    }
    document.head.appendChild(script)
  })
  return loading
}
