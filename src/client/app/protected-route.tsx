import { type ReactNode, useEffect } from 'react'
import { useLocation } from 'wouter'
import { PageSpinner } from '@client/components/ui/spinner'
import { useCurrentUser } from '@client/lib/session'

/** Shows a spinner while the session loads, then sends visitors who are not signed in to /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser()
  const [, navigate] = useLocation()
  useEffect(() => {
    if (!isLoading && !user) navigate('/auth', { replace: true })
  }, [isLoading, user, navigate])
  if (isLoading || !user) return <PageSpinner />
  return <>{children}</>
}
