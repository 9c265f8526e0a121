import { PageSpinner } from '@client/components/ui/spinner'
import { useCurrentUser } from '@client/lib/session'
import { type ReactNode, useEffect } from 'react'
import { useLocation } from 'wouter'

/** Shows a spinner while the session loads, then sends visitors who are not signed in to /auth (and back after). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser()
  const [location, navigate] = useLocation()
  useEffect(() => {
    // Back to this page after signing in.
    if (!isLoading && !user)
      navigate(`/auth?next=${encodeURIComponent(location + window.location.search)}`, { replace: true })
  }, [isLoading, user, navigate, location])
  if (isLoading || !user) return <PageSpinner />
  return <>{children}</>
}
