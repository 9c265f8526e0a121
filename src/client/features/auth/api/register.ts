import { api } from '@client/lib/api-client'
import { reconnectLive } from '@client/lib/live-session'
import { queryKeys } from '@client/lib/query-keys'
import type { RegisterInput, User } from '@shared/schemas/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/register: creates the account and signs it in. */
export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<User>('/api/register', input),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user)
      reconnectLive()
    },
  })
}
