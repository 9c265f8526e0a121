import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Skeleton } from '@client/components/ui/skeleton'
import { Info, Plug, Store } from 'lucide-react'
import { Link } from 'wouter'
import { useIntegrations } from '../api/get-integrations'
import { IntegrationCard } from './integration-card'
import { IntegrationForm } from './integration-form'

/** The partner page's tab: delivery platforms are connected from the owner's workspace. */
export function IntegrationsPanel() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <Plug className="size-10 text-primary" aria-hidden="true" />
        <h3 className="text-lg font-semibold">Connect delivery platforms from your workspace</h3>
        <p className="max-w-md text-sm text-muted-foreground">
          Uber Eats, DoorDash, Grubhub, Postmates and Seamless are connected per restaurant, in the
          Integrations section of My restaurant.
        </p>
        <Button asChild>
          <Link href="/partner/integrations">
            <Store aria-hidden="true" />
            Open My restaurant
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}

/** Connect delivery platforms for one restaurant the signed-in user owns. */
export function RestaurantIntegrations({
  restaurantId,
  restaurantName,
}: {
  restaurantId: number
  restaurantName: string
}) {
  return (
    <div className="grid gap-6">
      <Alert variant="info">
        <Info aria-hidden="true" />
        <p>
          New connections show as <strong>Pending</strong> until the platform takes their menu, or “Check
          connection” or the platform’s first signed order connects them: paste each one’s inbound webhook URL
          into the platform’s dashboard. Secrets are stored encrypted and only their last four characters are
          ever shown.
        </p>
      </Alert>
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <IntegrationList restaurantId={restaurantId} restaurantName={restaurantName} />
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
