import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { PageSpinner } from '@client/components/ui/spinner'
import { useWorkplaces } from '@client/lib/queries/workplaces'
import { useCurrentUser } from '@client/lib/session'
import { ROLE_LABELS } from '@shared/schemas/staff'
import { ChefHat } from 'lucide-react'
import { Link, Redirect } from 'wouter'

/**
 * /kitchen: the console of the only restaurant where the user works (owned or as staff), or a
 * choice between them, each with the user's role there.
 */
export default function KitchenChooserPage() {
  const { user } = useCurrentUser()
  const workplaces = useWorkplaces(user?.id)
  if (workplaces.isLoading || !user) return <PageSpinner />
  const list = workplaces.data ?? []
  if (list.length === 1) return <Redirect to={`/kitchen/${list[0]!.restaurantId}`} replace />
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-6 px-6 py-16">
      <div className="flex items-center gap-3">
        <ChefHat className="size-8 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Open a kitchen</h1>
      </div>
      {workplaces.isError ? (
        <p className="text-muted-foreground">Your restaurants could not be loaded. Please try again.</p>
      ) : list.length === 0 ? (
        <>
          <p className="text-muted-foreground">
            You have no restaurant yet. Register one, or open the invitation link your restaurant sent you,
            and its kitchen console opens here.
          </p>
          <Button asChild size="lg">
            <Link href="/partner">Go to the workspace</Link>
          </Button>
        </>
      ) : (
        <ul className="grid gap-3" aria-label="Your restaurants">
          {list.map((w) => (
            <li key={w.restaurantId}>
              <Button asChild size="lg" variant="outline" className="h-16 w-full justify-between text-lg">
                <Link href={`/kitchen/${w.restaurantId}`}>
                  <span className="truncate">{w.restaurantName}</span>
                  <Badge variant={w.role === 'owner' ? 'default' : 'secondary'}>
                    {ROLE_LABELS[w.role]}
                    {w.stations.length ? ` · ${w.stations.join(', ')}` : ''}
                  </Badge>
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Link href="/partner" className="text-sm font-medium text-muted-foreground hover:text-foreground">
        Back to the workspace
      </Link>
    </main>
  )
}
