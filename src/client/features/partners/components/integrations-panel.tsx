import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Field } from '@client/components/ui/field'
import { NativeSelect } from '@client/components/ui/input'
import { Skeleton } from '@client/components/ui/skeleton'
import { useCurrentUser } from '@client/lib/session'
import type { User } from '@shared/schemas/auth'
import { Info, LogIn, Plug, Store } from 'lucide-react'
import { useState } from 'react'
import { useIntegrations } from '../api/get-integrations'
import { useUserRestaurants } from '../api/get-user-restaurants'
import { IntegrationCard } from './integration-card'
import { IntegrationForm } from './integration-form'
import { SignInDialog } from './sign-in-dialog'

/** Connect delivery platforms for a restaurant the signed-in user owns. */
export function IntegrationsPanel({ onRegister }: { onRegister: () => void }) {
  const { user, isLoading } = useCurrentUser()
  const [askSignIn, setAskSignIn] = useState(false)
  if (isLoading) return <Skeleton className="h-64 w-full rounded-xl" />
  if (!user)
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
          <Plug className="size-10 text-primary" aria-hidden="true" />
          <h3 className="text-lg font-semibold">Sign in to connect delivery platforms</h3>
          <p className="max-w-md text-sm text-muted-foreground">
            Integrations belong to a restaurant you own. Sign in with your owner account to manage them.
          </p>
          <Button onClick={() => setAskSignIn(true)}>
            <LogIn aria-hidden="true" />
            Sign In
          </Button>
          <SignInDialog
            open={askSignIn}
            onOpenChange={setAskSignIn}
            reason="Delivery integrations are managed by the restaurant’s owner."
            onSignedIn={() => {}}
          />
        </CardContent>
      </Card>
    )
  return <OwnerIntegrations user={user} onRegister={onRegister} />
}

function OwnerIntegrations({ user, onRegister }: { user: User; onRegister: () => void }) {
  const restaurants = useUserRestaurants(user.id)
  const [chosen, setChosen] = useState<number | null>(null)
  if (restaurants.isLoading) return <Skeleton className="h-64 w-full rounded-xl" />
  if (restaurants.isError)
    return <Alert variant="danger">Failed to load delivery platform integrations</Alert>
  const list = restaurants.data ?? []
  if (list.length === 0)
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
          <Store className="size-10 text-primary" aria-hidden="true" />
          <h3 className="text-lg font-semibold">No restaurant yet</h3>
          <p className="max-w-md text-sm text-muted-foreground">
            Register your restaurant first; then connect Uber Eats, DoorDash, Grubhub, Postmates or Seamless
            here.
          </p>
          <Button onClick={onRegister}>Register a restaurant</Button>
        </CardContent>
      </Card>
    )
  const restaurantId = chosen ?? list[0]!.id
  return (
    <div className="grid gap-6">
      <Alert variant="info">
        <Info aria-hidden="true" />
        <p>
          New connections show as <strong>Pending</strong> until our partnerships team verifies them with the
          platform. Secrets are stored encrypted and only their last four characters are ever shown.
        </p>
      </Alert>
      {list.length > 1 ? (
        <Field id="int-restaurant" label="Restaurant" className="max-w-sm">
          <NativeSelect
            id="int-restaurant"
            value={restaurantId}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {list.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <IntegrationList
          restaurantId={restaurantId}
          restaurantName={list.find((r) => r.id === restaurantId)?.name ?? ''}
        />
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Add an integration</CardTitle>
            <CardDescription>Each platform asks for different credentials.</CardDescription>
          </CardHeader>
          <CardContent>
            <IntegrationForm key={restaurantId} restaurantId={restaurantId} />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}

function IntegrationList({ restaurantId, restaurantName }: { restaurantId: number; restaurantName: string }) {
  const integrations = useIntegrations(restaurantId)
  return (
    <section aria-labelledby="integrations-title" className="grid content-start gap-4">
      <h3 id="integrations-title" className="text-lg font-semibold">
        Connected platforms <span className="font-normal text-muted-foreground">for {restaurantName}</span>
      </h3>
      {integrations.isLoading ? (
        <>
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-44 rounded-xl" />
        </>
      ) : integrations.isError ? (
        <Alert variant="danger">Failed to load delivery platform integrations</Alert>
      ) : (integrations.data ?? []).length === 0 ? (
        <div className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
          No delivery platforms connected yet. Add your first one with the form.
        </div>
      ) : (
        <div className="grid gap-4">
          {integrations.data!.map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} />
          ))}
        </div>
      )}
    </section>
  )
}
