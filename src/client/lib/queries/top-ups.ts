import type { CreatedTopUp, TopUp } from '@shared/schemas/wallet'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api-client'
import { intentDone, intentKey } from '../intent-key'
import { queryKeys } from '../query-keys'

/** How often a pending top-up is read again while its page is open (the processor settles it). */
export const TOP_UP_POLL_MS = 2000

/**
 * What the /pay page needs beyond the top-up itself: Stripe's client secret and publishable key
 * (handed out once, when the top-up is created), and where the diner came from. Kept for the
 * tab's life, so a reload of the payment page (or Stripe's return to it) still has them.
 */
export interface PaymentSession {
  clientSecret?: string
  publishableKey?: string
  returnTo?: string
}

const sessionKey = (topUpId: number) => `clearplate-top-up-${topUpId}`

export function savePaymentSession(topUpId: number, session: PaymentSession): void {
  try {
    sessionStorage.setItem(sessionKey(topUpId), JSON.stringify(session))
  } catch {}
}

export function readPaymentSession(topUpId: number): PaymentSession {
  try {
    const text = sessionStorage.getItem(sessionKey(topUpId))
    return text ? (JSON.parse(text) as PaymentSession) : {}
  } catch {
    return {}
  }
}

/** A path of this site to go back to; anything else (another origin, `//host`) is home. */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/'
  if (path.startsWith('/pay/')) return '/'
  return path
}

/** The page where a top-up is paid: the test provider's payUrl, or ours for Stripe's Payment Element. */
export function payPath(created: CreatedTopUp, returnTo: string): string {
  const base = created.payUrl?.startsWith('/') ? created.payUrl : `/pay/${created.topUp.id}`
  return `${base}?return=${encodeURIComponent(safeReturnPath(returnTo))}`
}

/**
 * POST /api/users/{id}/wallet/top-ups: a pending top-up to pay on the provider's page. The same
 * amount retried keeps its Idempotency-Key, so a retry after a timeout starts no second payment.
 */
export function useCreateTopUp(userId: number) {
  return useMutation({
    mutationFn: (amount: number) =>
      api.post<CreatedTopUp>(
        `/api/users/${userId}/wallet/top-ups`,
        { amount },
        { idempotencyKey: intentKey(`top-up:${userId}`, { amount }) },
      ),
    onSuccess: () => intentDone(`top-up:${userId}`),
  })
}

export function topUpQuery(topUpId: number) {
  return queryOptions({
    queryKey: queryKeys.topUp(topUpId),
    queryFn: () => api.get<TopUp>(`/api/top-ups/${topUpId}`),
  })
}

/** GET /api/top-ups/{id}, read again while it is pending (the processor's webhook settles it). */
export function useTopUp(topUpId: number) {
  return useQuery({
    ...topUpQuery(topUpId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? TOP_UP_POLL_MS : false),
  })
}

/** POST /api/top-ups/{id}/test-payment: the test provider's card; the top-up comes back settled. */
export function useTestPayment(topUpId: number, userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (cardNumber: string) =>
      api.post<TopUp>(`/api/top-ups/${topUpId}/test-payment`, { cardNumber }),
    onSuccess: async (topUp) => {
      queryClient.setQueryData(queryKeys.topUp(topUpId), topUp)
      await queryClient.invalidateQueries({ queryKey: ['wallet', userId] })
    },
  })
}
