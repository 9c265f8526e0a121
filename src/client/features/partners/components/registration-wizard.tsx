import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { toast } from '@client/components/ui/use-toast'
import type { Camera, Restaurant } from '@shared/schemas/restaurants'
import { CalendarCheck, PartyPopper, Plus, Store, Video } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { StepIndicator } from './step-indicator'
import { WizardCameraStep } from './wizard-camera-step'
import { WizardRegisterStep } from './wizard-register-step'

export const WIZARD_COMPLETION_DELAY_MS = 1500
const STEPS = ['Register', 'Camera Setup', 'Complete']
const TITLES = [
  { title: 'Register your restaurant', description: 'The basics diners see on your restaurant page.' },
  {
    title: 'Connect a kitchen camera',
    description: 'Add the stream diners will watch. You can add more later.',
  },
  { title: 'You are all set', description: 'Your restaurant is registered with Clearplate.' },
]

/** Register → Camera Setup → Complete. The created restaurant is kept across steps. */
export function RegistrationWizard() {
  const [step, setStep] = useState<0 | 1 | 2>(0)
  const [restaurant, setRestaurant] = useState<Restaurant | null>(null)
  const [cameras, setCameras] = useState<Camera[]>([])
  const [finishing, setFinishing] = useState(false)
  const [, navigate] = useLocation()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const finish = () => {
    if (!restaurant) return
    setFinishing(true)
    toast({
      title: 'Onboarding Complete',
      description: `Welcome to Clearplate! Opening ${restaurant.name}’s workspace…`,
    })
    timer.current = setTimeout(() => navigate(`/partner/${restaurant.id}`), WIZARD_COMPLETION_DELAY_MS)
  }

  return (
    <Card>
      <CardHeader className="gap-5 p-6 pb-2 sm:p-8 sm:pb-2">
        <StepIndicator steps={STEPS} current={step} />
        <div>
          <CardTitle className="text-xl">{TITLES[step]!.title}</CardTitle>
          <CardDescription className="mt-1">{TITLES[step]!.description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="p-6 pt-4 sm:p-8 sm:pt-4">
        {step === 0 ? (
          <WizardRegisterStep
            onRegistered={(created) => {
              setRestaurant(created)
              setStep(1)
            }}
          />
        ) : step === 1 ? (
          <WizardCameraStep
            restaurant={restaurant}
            cameras={cameras}
            onSaved={(camera) => {
              setCameras((list) => [...list, camera])
              setStep(2)
            }}
            onSkip={() => setStep(2)}
          />
        ) : (
          <div className="grid gap-6" data-testid="wizard-complete">
            <div className="flex flex-col items-center gap-3 rounded-xl bg-accent/60 p-6 text-center">
              <PartyPopper className="size-10 text-primary" aria-hidden="true" />
              <p className="text-lg font-semibold">{restaurant?.name} is ready for its close-up</p>
              <p className="max-w-md text-sm text-muted-foreground">
                New restaurants start off the air. Add your menu in your workspace, and go live once a camera
                and a dish are ready.
              </p>
            </div>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div className="flex items-center gap-3 rounded-xl border p-4">
                <Store className="size-5 text-primary" aria-hidden="true" />
                <div>
                  <dt className="text-xs text-muted-foreground">Restaurant</dt>
                  <dd className="font-medium">{restaurant?.name}</dd>
                </div>
              </div>
              <div className="flex items-center gap-3 rounded-xl border p-4">
                <Video className="size-5 text-primary" aria-hidden="true" />
                <div>
                  <dt className="text-xs text-muted-foreground">Cameras</dt>
                  <dd className="font-medium" data-testid="wizard-camera-count">
                    {cameras.length === 0
                      ? 'None yet'
                      : `${cameras.length} camera${cameras.length === 1 ? '' : 's'}: ${cameras.map((c) => c.name).join(', ')}`}
                  </dd>
                </div>
              </div>
            </dl>
            <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button type="button" variant="outline" onClick={() => setStep(1)} disabled={finishing}>
                  <Plus aria-hidden="true" />
                  Add More Cameras
                </Button>
                {restaurant ? (
                  <Button asChild variant="outline">
                    <Link href={`/restaurant/${restaurant.id}`}>
                      <Store aria-hidden="true" />
                      View public page
                    </Link>
                  </Button>
                ) : null}
                <Button asChild variant="ghost">
                  <Link href="/equipment-setup">
                    <CalendarCheck aria-hidden="true" />
                    Schedule installation
                  </Link>
                </Button>
              </div>
              <Button type="button" size="lg" onClick={finish} disabled={finishing || !restaurant}>
                {finishing ? 'Opening your workspace...' : 'Open My Workspace'}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
