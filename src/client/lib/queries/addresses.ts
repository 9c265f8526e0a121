import type { Address, AddressCreateInput } from '@shared/schemas/addresses'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/** POST /api/users/{id}/addresses. */
export function useCreateAddress(userId: number | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddressCreateInput) => api.post<Address>(`/api/users/${userId}/addresses`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(userId ?? 0) }),
  })
}

/** PATCH /api/addresses/{id} with isDefault, and DELETE /api/addresses/{id}. */
export function useManageAddress(userId: number | undefined) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(userId ?? 0) })
  return {
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
