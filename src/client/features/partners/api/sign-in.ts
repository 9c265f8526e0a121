import { api } from '@client/lib/api-client'
import { queryKeys } from '@client/lib/query-keys'
import type { LoginInput, User } from '@shared/schemas/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'

/** POST /api/login from inside a partner form, so the owner keeps what they typed. */
export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>('/api/login', input),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  })
}
