import { toast } from '@client/components/ui/use-toast'
import { ApiError } from '@client/lib/api-client'
import { requestStreamAccess } from '@client/lib/stream-access'
import { useCallback, useState } from 'react'
import { useLocation } from 'wouter'

/** Toasts for a refused or failed stream-access request (the order-number form's outcomes). */
export function toastStreamAccessError(error: unknown) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    toast({
      title: 'Invalid order number',
      description: 'Please check your order number and try again.',
      variant: 'destructive',
    })
  } else {
    toast({
      title: 'Error',
      description: 'There was a problem verifying your order. Please try again.',
      variant: 'destructive',
    })
  }
}

/** Asks the server for stream access, stores the grant, then opens /stream/{id}. */
export function useOpenStream() {
  const [, navigate] = useLocation()
  const [pendingId, setPendingId] = useState<number | null>(null)
  const open = useCallback(
    async (orderId: number) => {
      setPendingId(orderId)
      try {
        await requestStreamAccess(orderId)
        navigate(`/stream/${orderId}`)
        return true
      } catch (error) {
        toastStreamAccessError(error)
        return false
      } finally {
        setPendingId(null)
      }
    },
    [navigate],
  )
  return { open, pendingId }
}
