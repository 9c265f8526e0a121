import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { PageSpinner } from '@client/components/ui/spinner'
import { errorMessage, isStatus } from '@client/lib/api-client'
import { useCurrentUser } from '@client/lib/session'
import { useDocumentTitle } from '@client/lib/use-document-title'
import { ROLE_LABELS } from '@shared/schemas/staff'
import { ChefHat, LogIn, UserPlus } from 'lucide-react'
import { Link, useLocation } from 'wouter'
import { useAcceptInvite } from './api/accept-invite'
import { useInvite } from './api/get-invite'

/**
 * /join/{token}: an invitation to a restaurant's team. A visitor signs in or registers (and comes
 * back here), then accepts; the console of the restaurant opens at once.
 */
export default function JoinPage({ token }: { token: string }) {
  useDocumentTitle('Join the team')
  const { user, isLoading } = useCurrentUser()
  const [, navigate] = useLocation()
  const invite = useInvite(token)
  const accept = useAcceptInvite(token, user?.id)
  const join = () =>
    accept.mutate(undefined, { onSuccess: (result) => navigate(`/kitchen/${result.restaurantId}`) })

  if (invite.isLoading || isLoading) return <PageSpinner />
  const here = `/join/${token}`

  return (
    <div className="mx-auto grid max-w-lg px-4 py-10 sm:py-16">
      <Card data-testid="join-card">
        {invite.isError || !invite.data ? (
          <CardHeader>
            <CardTitle className="text-2xl">
              {isStatus(invite.error, 410)
                ? 'This link no longer works'
                : 'This invitation link is not valid'}
            </CardTitle>
            <CardDescription>
              {errorMessage(invite.error, 'Please try again.')} Ask whoever invited you for a new link.
            </CardDescription>
          </CardHeader>
        ) : (
          <>
            <CardHeader>
              <p className="inline-flex w-fit items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
                <ChefHat className="size-4" aria-hidden="true" />
                Team invitation
              </p>
              <CardTitle className="text-2xl">Join {invite.data.restaurantName}</CardTitle>
              <CardDescription>
                As {ROLE_LABELS[invite.data.role].toLowerCase()}
                {invite.data.stations.length ? (
                  <>
                    {' '}
                    on the <span className="capitalize">{invite.data.stations.join(', ')}</span>{' '}
                    {invite.data.stations.length > 1 ? 'stations' : 'station'}
                  </>
                ) : null}
                . The link works once, until {new Date(invite.data.expiresAt).toLocaleDateString()}.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              {user ? (
                <>
                  <p className="text-sm text-muted-foreground">
                    Signed in as <span className="font-medium text-foreground">{user.fullName}</span>.
                  </p>
                  <Button size="lg" disabled={accept.isPending} onClick={join}>
                    <ChefHat aria-hidden="true" />
                    Join and open the kitchen
                  </Button>
                  {accept.isError ? (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {errorMessage(accept.error, 'Could not join. Please try again.')}
                    </p>
                  ) : null}
                </>
              ) : (
                <>
                  <p className="text-sm text-muted-foreground">
                    New here? Create your account (use {invite.data.email} or any address), then join.
                  </p>
                  <Button asChild size="lg">
                    <Link href={`/auth?tab=register&next=${encodeURIComponent(here)}`}>
                      <UserPlus aria-hidden="true" />
                      Create an account
                    </Link>
                  </Button>
                  <Button asChild size="lg" variant="outline">
                    <Link href={`/auth?next=${encodeURIComponent(here)}`}>
                      <LogIn aria-hidden="true" />I have an account: sign in
                    </Link>
                  </Button>
                </>
              )}
            </CardContent>
          </>
        )}
      </Card>
    </div>
  )
}
