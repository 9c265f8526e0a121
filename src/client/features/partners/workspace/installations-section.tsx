import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import type { User } from '@shared/schemas/auth'
import { CircleCheck } from 'lucide-react'
import { useState } from 'react'
import type { OwnedRestaurant } from '../api/get-user-restaurants'
import { InstallationForm } from '../components/installation-form'
import { InstallationRequests } from '../components/installation-requests'

/** Book the installation of cameras and sensors, and follow the requests already made. */
export function InstallationsSection({
  user,
  restaurants,
  current,
}: {
  user: User
  restaurants: OwnedRestaurant[]
  current: OwnedRestaurant
}) {
  const [submitted, setSubmitted] = useState(false)
  const [formKey, setFormKey] = useState(0)
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_20rem] xl:items-start">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Book an installation</CardTitle>
          <CardDescription>
            A technician installs your cameras and temperature sensors and tests the live stream with you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {submitted ? (
            <div
              className="flex flex-col items-center gap-3 p-6 text-center"
              data-testid="installation-success"
            >
              <CircleCheck className="size-10 text-green-600" aria-hidden="true" />
              <p className="text-lg font-semibold">Installation Request Submitted</p>
              <p className="max-w-md text-sm text-muted-foreground">
                Our installation team will reach out within 1-2 business days to confirm your appointment.
              </p>
              <Button
                onClick={() => {
                  setFormKey((k) => k + 1)
                  setSubmitted(false)
                }}
              >
                Schedule Another Installation
              </Button>
            </div>
          ) : (
            <InstallationForm
              key={formKey}
              user={user}
              restaurants={restaurants.filter((r) => r.id === current.id)}
              onSubmitted={() => setSubmitted(true)}
            />
          )}
        </CardContent>
      </Card>
      <InstallationRequests user={user} restaurants={restaurants} restaurantId={current.id} />
    </div>
  )
}
