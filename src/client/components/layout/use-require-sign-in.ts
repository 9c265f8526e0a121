import { toast } from '@client/components/ui/use-toast'
import { useCurrentUser } from '@client/lib/session'
import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

/**
 * For a page only signed-in people can use: once the session is known and nobody is signed in,
 * says why in one "Authentication Required" toast and sends the visitor to sign in, then back here.
 */
export function useRequireSignIn({ description }: { description: string }) {
  const { user, isLoading } = useCurrentUser()
  const [location, navigate] = useLocation()
  const warned = useRef(false)
  useEffect(() => {
    if (isLoading || user || warned.current) return
    warned.current = true
    toast({ title: 'Authentication Required', description, variant: 'destructive' })
    navigate(`/auth?next=${encodeURIComponent(location)}`, { replace: true })
  }, [isLoading, user, navigate, location, description])
  return { user, isLoading }
}
