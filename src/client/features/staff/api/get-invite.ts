import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { StaffInvitePreview } from '@shared/schemas/staff'
import { useQuery } from '@tanstack/react-query'

/** GET /api/staff-invites/{token}: what the link invites to; 410 once it cannot be used. */
export const useInvite = (token: string) =>
  useQuery({
    queryKey: queryKeys.staffInvite(token),
    queryFn: () => api.get<StaffInvitePreview>(`/api/staff-invites/${encodeURIComponent(token)}`),
    retry: false,
  })
