import type { AllergenProfile } from '@shared/schemas/allergens'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../api-client'
import { queryKeys } from '../query-keys'

/** GET /api/users/{id}/allergen-profile; a 404 is the empty default profile (id null). */
export type AllergenProfileView = Pick<AllergenProfile, 'allergens' | 'severity' | 'notificationsEnabled'> & {
  id: number | null
}
export const EMPTY_ALLERGEN_PROFILE: AllergenProfileView = {
  id: null,
  allergens: [],
  severity: 'moderate',
  notificationsEnabled: true,
}

export function allergenProfileQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.allergenProfile(userId),
    queryFn: async (): Promise<AllergenProfileView> => {
      try {
        return await api.get<AllergenProfile>(`/api/users/${userId}/allergen-profile`)
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return EMPTY_ALLERGEN_PROFILE
        throw error
      }
    },
  })
}
export const useAllergenProfile = (userId: number | undefined) =>
  useQuery({ ...allergenProfileQuery(userId ?? 0), enabled: Boolean(userId) })
