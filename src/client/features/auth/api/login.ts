import { api } from '@client/lib/api-client'
import { reconnectLive } from '@client/lib/live-session'
import { queryKeys } from '@client/lib/query-keys'
import type { LoginInput, User } from '@shared/schemas/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/login: on success the user becomes the current user. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>('/api/login', input),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user)
      reconnectLive()
    },
  })
}
