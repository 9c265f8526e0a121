import { useRequireSignIn } from '@client/components/layout/use-require-sign-in'
import { Button } from '@client/components/ui/button'
import { Card, CardContent } from '@client/components/ui/card'
import { PageSpinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { useDocumentTitle } from '@client/lib/use-document-title'
import type { User } from '@shared/schemas/auth'
import { CircleCheck, Mail, Wrench } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { type OwnedRestaurant, useUserRestaurants } from './api/get-user-restaurants'
import { InstallationForm } from './components/installation-form'
import { InstallationRequests } from './components/installation-requests'

export default function EquipmentSetupPage() {
  useDocumentTitle('Schedule equipment installation')
  const { user, isLoading } = useRequireSignIn({ description: 'Please log in to schedule equipment setup.' })
  if (isLoading || !user) return <PageSpinner />
  return <OwnerEquipmentSetup user={user} />
}

function OwnerEquipmentSetup({ user }: { user: User }) {
  const restaurants = useUserRestaurants(user.id)
  const [, navigate] = useLocation()
  const warned = useRef(false)
  const none = restaurants.isSuccess && restaurants.data.length === 0
  useEffect(() => {
    if (!none || warned.current) return
    warned.current = true
    toast({ title: 'No Restaurants Found', description: 'Please complete restaurant onboarding first.' })
    navigate('/restaurant-onboarding', { replace: true })
  }, [none, navigate])
  if (restaurants.isLoading || none) return <PageSpinner />
  if (restaurants.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-muted-foreground">
          We could not load your restaurants. Please refresh the page to try again.
        </p>
      </div>
    )
  return <EquipmentSetup user={user} restaurants={restaurants.data ?? []} />
}

function EquipmentSetup({ user, restaurants }: { user: User; restaurants: OwnedRestaurant[] }) {
  const [submitted, setSubmitted] = useState(false)
  const [formKey, setFormKey] = useState(0)
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-col gap-2">
        <p className="inline-flex w-fit items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent-foreground">
          <Wrench className="size-4" aria-hidden="true" />
          Equipment setup
        </p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Schedule your installation</h1>
        <p className="max-w-2xl text-muted-foreground">
          Pick two times that suit your kitchen. A technician installs your cameras and temperature sensors
          and tests the live stream with you.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        {submitted ? (
          <Card className="h-fit border-green-200 dark:border-green-900" data-testid="installation-success">
            <CardContent className="flex flex-col items-center gap-4 p-8 text-center sm:p-12">
              <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300">
                <CircleCheck className="size-9" aria-hidden="true" />
              </span>
              <h2 className="text-2xl font-bold tracking-tight">Installation Request Submitted</h2>
              <p className="max-w-md text-muted-foreground">
                Our installation team will reach out within 1-2 business days to confirm your appointment.
              </p>
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Mail className="size-4 text-primary" aria-hidden="true" />A confirmation email is on its way
                to <strong className="text-foreground">{user.email}</strong>.
              </p>
              <div className="mt-2 flex flex-col gap-3 sm:flex-row">
                <Button asChild variant="outline">
                  <Link href="/">Return to Dashboard</Link>
                </Button>
                <Button
                  onClick={() => {
                    setFormKey((k) => k + 1)
                    setSubmitted(false)
                  }}
                >
                  Schedule Another Installation
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardContent className="p-5 sm:p-8">
              <InstallationForm
                key={formKey}
                user={user}
                restaurants={restaurants}
                onSubmitted={() => setSubmitted(true)}
              />
            </CardContent>
          </Card>
        )}
        <InstallationRequests user={user} restaurants={restaurants} />
      </div>
    </div>
  )
}
