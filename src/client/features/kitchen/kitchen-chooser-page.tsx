import { Button } from '@client/components/ui/button'
import { PageSpinner } from '@client/components/ui/spinner'
import { useCurrentUser } from '@client/lib/session'
import { ChefHat } from 'lucide-react'
import { Link, Redirect } from 'wouter'
import { useMyRestaurants } from './api/get-my-restaurants'

/** /kitchen: the console of the user's only restaurant, or a choice between theirs. */
export default function KitchenChooserPage() {
  const { user } = useCurrentUser()
  const restaurants = useMyRestaurants(user?.id)
  if (restaurants.isLoading || !user) return <PageSpinner />
  const list = restaurants.data ?? []
  if (list.length === 1) return <Redirect to={`/kitchen/${list[0]!.id}`} replace />
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-6 px-6 py-16">
      <div className="flex items-center gap-3">
        <ChefHat className="size-8 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Open a kitchen</h1>
      </div>
      {restaurants.isError ? (
        <p className="text-muted-foreground">Your restaurants could not be loaded. Please try again.</p>
      ) : list.length === 0 ? (
        <>
          <p className="text-muted-foreground">
            You have no restaurant yet. Register one, and its kitchen console opens here.
          </p>
          <Button asChild size="lg">
            <Link href="/partner">Go to the workspace</Link>
          </Button>
        </>
      ) : (
        <ul className="grid gap-3" aria-label="Your restaurants">
          {list.map((r) => (
            <li key={r.id}>
              <Button asChild size="lg" variant="outline" className="h-16 w-full justify-start text-lg">
                <Link href={`/kitchen/${r.id}`}>{r.name}</Link>
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
