import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { AllergenCheck } from '@shared/schemas/allergens'
import { queryOptions, useQuery } from '@tanstack/react-query'

export const CHECK_FAILED = 'Failed to check allergens'

/** GET /api/users/{id}/allergen-check/{restaurantId}[?menuItemId=]: menu items matching the profile. */
export function allergenCheckQuery(userId: number, restaurantId: number, menuItemId?: number) {
  return queryOptions({
    queryKey: queryKeys.allergenCheck(userId, restaurantId, menuItemId),
    queryFn: async () => {
      const query = menuItemId ? `?menuItemId=${menuItemId}` : ''
      try {
        return await api.get<AllergenCheck>(`/api/users/${userId}/allergen-check/${restaurantId}${query}`)
      } catch {
        throw new Error(CHECK_FAILED)
      }
    },
  })
}

export function useAllergenCheck(
  userId: number | undefined,
  restaurantId: number,
  options: { menuItemId?: number; enabled?: boolean } = {},
) {
  return useQuery({
    ...allergenCheckQuery(userId ?? 0, restaurantId, options.menuItemId),
    enabled: Boolean(userId) && restaurantId > 0 && (options.enabled ?? true),
  })
}
