import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Fulfilment } from '@shared/constants'
import type { OrderQuote } from '@shared/schemas/orders'
import { keepPreviousData, useQuery } from '@tanstack/react-query'

/** POST /api/orders/quote: the fee, the address and the promised time, before paying. */
export function useOrderQuote(
  userId: number | undefined,
  input: { restaurantId: number; fulfilment: Fulfilment; addressId: number | null },
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.orderQuote(userId ?? 0, input.restaurantId, input.fulfilment, input.addressId),
    queryFn: () =>
      api.post<OrderQuote>('/api/orders/quote', {
        restaurantId: input.restaurantId,
        fulfilment: input.fulfilment,
        ...(input.addressId ? { addressId: input.addressId } : {}),
      }),
    enabled: enabled && Boolean(userId),
    // The promised time moves with the clock: ask again each minute while checkout is open.
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  })
}
