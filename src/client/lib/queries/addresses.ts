import type { Address, AddressCreateInput, AddressUpdateInput } from '@shared/schemas/addresses'
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api-client'
import { queryKeys } from '../query-keys'

/** GET /api/users/{id}/addresses: the default first. */
export function addressesQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.addresses(userId),
    queryFn: () => api.get<Address[]>(`/api/users/${userId}/addresses`),
  })
}

export function useAddresses(userId: number | undefined) {
  return useQuery({ ...addressesQuery(userId ?? 0), enabled: Boolean(userId) })
}

/** The addresses, and checkout's quotes, which name the default address by leaving it out. */
function refreshAddresses(queryClient: QueryClient, userId: number | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.addresses(userId ?? 0) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orderQuotes(userId ?? 0) }),
  ])
}

/** POST /api/users/{id}/addresses. */
export function useCreateAddress(userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddressCreateInput) => api.post<Address>(`/api/users/${userId}/addresses`, input),
    onSuccess: () => refreshAddresses(queryClient, userId),
  })
}

/** PATCH /api/addresses/{id} (any fields; isDefault makes it the default) and DELETE /api/addresses/{id}. */
export function useManageAddress(userId: number | undefined) {
  const queryClient = useQueryClient()
  const refresh = () => refreshAddresses(queryClient, userId)
  return {
    update: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: AddressUpdateInput }) =>
        api.patch<Address>(`/api/addresses/${id}`, patch),
      onSuccess: refresh,
    }),
    makeDefault: useMutation({
      mutationFn: (id: number) => api.patch<Address>(`/api/addresses/${id}`, { isDefault: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<void>(`/api/addresses/${id}`),
      onSuccess: refresh,
    }),
  }
}
