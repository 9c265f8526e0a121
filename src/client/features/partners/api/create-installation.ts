import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { Installation } from '@shared/schemas/partners'
import { useMutation, useQueryClient } from '@tanstack/react-query'

export interface InstallationRequest {
  restaurantId: number
  preferredDate: string
  preferredTimeSlot: string
  secondaryDate?: string
  secondaryTimeSlot?: string
  specialInstructions?: string
  contactName: string
  contactPhone: string
  contactEmail: string
  termsAccepted: true
  userId: number
  status: 'pending'
  createdAt: string
}

/** POST /api/installations: a pending request for a technician visit. */
export function createInstallation(request: InstallationRequest) {
  return api.post<Installation>('/api/installations', request)
}

export function useCreateInstallation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInstallation,
    onSuccess: (_data, request) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.installations(request.userId) }),
  })
}
