import { toast } from '@client/components/ui/use-toast'
import { api, errorMessage } from '@client/lib/api-client'
import { reconnectLive } from '@client/lib/live-session'
import { forgetDeviceOnServer } from '@client/lib/push/push-device'
import { queryKeys } from '@client/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'

/** POST /api/logout: forgets the user and everything fetched for them, then goes home. */
export function useLogout() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: async () => {
      const me = queryClient.getQueryData<{ id: number } | null>(queryKeys.me)
      if (me?.id) await forgetDeviceOnServer(me.id)
      return api.post<{ message: string }>('/api/logout')
    },
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.me, null)
      queryClient.removeQueries({ queryKey: ['users'] })
      queryClient.removeQueries({ queryKey: ['wallet'] })
      // The live channel knows who is watching from the cookie it opened with.
      reconnectLive()
      toast({ title: 'Logged out', description: 'See you at the next live kitchen.' })
      navigate('/')
    },
    onError: (error) => {
      toast({
        title: 'Logout failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      })
    },
  })
}
