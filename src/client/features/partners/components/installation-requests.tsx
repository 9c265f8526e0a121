import { Badge } from '@client/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import type { User } from '@shared/schemas/auth'
import { CalendarClock } from 'lucide-react'
import { useInstallations } from '../api/get-installations'
import type { OwnedRestaurant } from '../api/get-user-restaurants'

/** The owner's installation requests, newest first; `restaurantId` shows only that restaurant's. */
export function InstallationRequests({
  user,
  restaurants,
  restaurantId,
}: {
  user: User
  restaurants: OwnedRestaurant[]
  restaurantId?: number
}) {
  const installations = useInstallations(user.id)
  const list = (installations.data ?? []).filter(
    (i) => restaurantId === undefined || i.restaurantId === restaurantId,
  )
  const name = (id: number) => restaurants.find((r) => r.id === id)?.name ?? `Restaurant ${id}`
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarClock className="size-5 text-primary" aria-hidden="true" />
          Your requests
        </CardTitle>
        <CardDescription>We confirm each request by phone or email.</CardDescription>
      </CardHeader>
      <CardContent>
        {installations.isError ? (
          <p className="text-sm text-muted-foreground">Your earlier requests could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {installations.isLoading ? 'Loading…' : 'No installation requests yet.'}
          </p>
        ) : (
          <ul className="grid gap-3" data-testid="installation-requests">
            {list.map((item) => (
              <li key={item.id} className="rounded-lg border p-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{name(item.restaurantId)}</span>
                  <Badge variant={item.status === 'pending' ? 'warning' : 'success'} className="capitalize">
                    {item.status}
                  </Badge>
                </div>
                <p className="mt-1 text-muted-foreground">
                  {new Date(`${item.preferredDate}T12:00:00`).toLocaleDateString([], {
                    weekday: 'short',
                    month: 'short',
                    day: 'numeric',
                  })}{' '}
                  · {item.preferredTimeSlot}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
