import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { AllergenProfile, AllergenProfileInput } from '@shared/schemas/allergens'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST creates the profile when it has no id yet; PATCH updates the existing one. */
export function saveAllergenProfile(userId: number, id: number | null, input: AllergenProfileInput) {
  const url = `/api/users/${userId}/allergen-profile`
  return id === null ? api.post<AllergenProfile>(url, input) : api.patch<AllergenProfile>(url, input)
}

export function useSaveAllergenProfile(userId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AllergenProfileInput }) =>
      saveAllergenProfile(userId, id, input),
    onSuccess: async () => {
      // Restaurant pages' allergen warnings read the same profile and its menu checks.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allergenProfile(userId) }),
        queryClient.invalidateQueries({ queryKey: ['users', userId, 'allergen-check'] }),
      ])
    },
  })
}
