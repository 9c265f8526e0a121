import { api } from '@client/lib/api-client'
import { intentDone, intentKey } from '@client/lib/intent-key'
import { queryKeys } from '@client/lib/query-keys'
import type { Earnings, Payout, PayoutAccount } from '@shared/schemas/earnings'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

/** An instant range: `from` inclusive, `to` exclusive, ISO date-times. */
export interface EarningsRange {
  from: string
  to: string
}

/** Earnings change with every order: read again every half minute while the section is open. */
const EARNINGS_REFRESH_MS = 30_000

const rangeQuery = (range: EarningsRange) => new URLSearchParams({ from: range.from, to: range.to })

/** GET /api/restaurants/{id}/earnings?from&to (owner only). */
export const useEarnings = (restaurantId: number, range: EarningsRange) =>
  useQuery({
    queryKey: queryKeys.earnings(restaurantId, range),
    queryFn: () => api.get<Earnings>(`/api/restaurants/${restaurantId}/earnings?${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    refetchInterval: EARNINGS_REFRESH_MS,
  })

/** The statement of the same range, as the browser downloads it. */
export const earningsCsvHref = (restaurantId: number, range: EarningsRange) =>
  `/api/restaurants/${restaurantId}/earnings.csv?${rangeQuery(range)}`

/** GET /api/restaurants/{id}/payouts, newest first; read again while one is on its way. */
export const usePayouts = (restaurantId: number) =>
  useQuery({
    queryKey: queryKeys.payouts(restaurantId),
    queryFn: () => api.get<Payout[]>(`/api/restaurants/${restaurantId}/payouts`),
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.status === 'pending') ? 3000 : EARNINGS_REFRESH_MS,
  })

/** POST /api/restaurants/{id}/payouts: the whole available balance, once per press. */
export function useRequestPayout(restaurantId: number) {
  const queryClient = useQueryClient()
  const scope = `payout:${restaurantId}`
  return useMutation({
    mutationFn: (available: number) =>
      api.post<Payout>(`/api/restaurants/${restaurantId}/payouts`, undefined, {
        idempotencyKey: intentKey(scope, { available }),
      }),
    onSuccess: () => intentDone(scope),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.money(restaurantId) }),
  })
}

/** GET /api/restaurants/{id}/payout-account: the payout rail, and the Stripe account linked. */
export const usePayoutAccount = (restaurantId: number) =>
  useQuery({
    queryKey: queryKeys.payoutAccount(restaurantId),
    queryFn: () => api.get<PayoutAccount>(`/api/restaurants/${restaurantId}/payout-account`),
  })

/** PUT /api/restaurants/{id}/payout-account: link (or, with null, unlink) a Stripe account. */
export function useLinkPayoutAccount(restaurantId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (stripeAccountId: string | null) =>
      api.put<PayoutAccount>(`/api/restaurants/${restaurantId}/payout-account`, { stripeAccountId }),
    onSuccess: (account) => queryClient.setQueryData(queryKeys.payoutAccount(restaurantId), account),
  })
}
