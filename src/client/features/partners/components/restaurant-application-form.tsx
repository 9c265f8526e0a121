import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { zodResolver } from '@hookform/resolvers/zod'
import { PRICE_RANGE_LABELS, RESTAURANT_FEATURES } from '@shared/constants'
import {
  APPLICATION_STEP_ONE_FIELDS,
  applicationPayload,
  type RestaurantApplication,
  type RestaurantApplicationValues,
  restaurantApplicationSchema,
} from '@shared/schemas/restaurant-forms'
import { ArrowLeft, ArrowRight, CircleCheck, Send } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { useCreateRestaurant } from '../api/create-restaurant'
import { useFormDraft } from '../lib/form-draft'
import { useSignInToSubmit } from '../lib/sign-in-to-submit'
import { EmailField, PhoneField, TermsField, TextareaField } from './form-fields'
import { AddressField, CuisineField, FeaturesField, NameField, PriceRangeField } from './restaurant-fields'
import { SignInDialog } from './sign-in-dialog'
import { StepIndicator } from './step-indicator'

const DEFAULTS: RestaurantApplicationValues = {
  name: '',
  description: '',
  cuisine: '',
  address: '',
  priceRange: '' as RestaurantApplicationValues['priceRange'],
  features: [],
  email: '',
  phone: '',
  agreeToTerms: false as unknown as true,
}

const STEPS = ['Restaurant Details', 'Contact and Submit']

export function RestaurantApplicationForm() {
  const [step, setStep] = useState<0 | 1>(0)
  const [submitted, setSubmitted] = useState<{ id: number; name: string } | null>(null)
  const create = useCreateRestaurant()
  const form = useForm<RestaurantApplicationValues, unknown, RestaurantApplication>({
    resolver: zodResolver(restaurantApplicationSchema),
    defaultValues: DEFAULTS,
  })
  const draft = useFormDraft('restaurant-application', form)
  const { errors } = form.formState

  const send = (values: RestaurantApplication) =>
    create.mutate(applicationPayload(values), {
      onSuccess: (restaurant) => {
        toast({
          title: 'Restaurant submitted successfully!',
          description: `${restaurant.name} is registered. Its workspace is ready.`,
        })
        draft.clear()
        form.reset(DEFAULTS)
        setStep(0)
        setSubmitted({ id: restaurant.id, name: restaurant.name })
      },
      onError: (error) =>
        toast({
          title: 'Error submitting restaurant',
          description: errorMessage(error, 'Please try again later.'),
          variant: 'destructive',
        }),
    })

  const { user, onSubmit, signIn } = useSignInToSubmit(form, send)

  const next = async () => {
    if (await form.trigger(APPLICATION_STEP_ONE_FIELDS, { shouldFocus: true })) setStep(1)
  }

  if (submitted) {
    return (
      <Card className="border-green-200 dark:border-green-900" data-testid="application-thank-you">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center sm:p-12">
          <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300">
            <CircleCheck className="size-9" aria-hidden="true" />
          </span>
          <h3 className="text-2xl font-bold tracking-tight">Thank you for joining!</h3>
          <p className="max-w-md text-muted-foreground">
            <strong className="text-foreground">{submitted.name}</strong> is registered and starts off the
            air. Add your menu and a kitchen camera in your workspace, then go live when you are ready. Book
            the equipment installation whenever suits you.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href={`/partner/${submitted.id}`}>Open your workspace</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/equipment-setup">Schedule equipment setup</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link href="/">Back to home</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    )
  }

  return (
    <Card>
      <CardHeader className="gap-4 p-6 pb-2 sm:p-8 sm:pb-2">
        <div>
          <CardTitle className="text-2xl">Apply to join Clearplate</CardTitle>
          <CardDescription className="mt-1">
            Two short steps. No commitment until you pick a package.
          </CardDescription>
        </div>
        <StepIndicator steps={STEPS} current={step} />
      </CardHeader>
      <CardContent className="p-6 pt-4 sm:p-8 sm:pt-4">
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          {step === 0 ? (
            <fieldset className="grid gap-5">
              <legend className="sr-only">Restaurant Details</legend>
              <NameField id="app-name" error={errors.name?.message} {...form.register('name')} />
              <TextareaField
                id="app-description"
                label="Description"
                error={errors.description?.message}
                hint="What makes your kitchen worth watching? At least 20 characters."
                rows={4}
                placeholder="Hand-pressed tortillas and al pastor carved straight from the trompo…"
                {...form.register('description')}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <CuisineField
                  id="app-cuisine"
                  error={errors.cuisine?.message}
                  {...form.register('cuisine')}
                />
                <PriceRangeField
                  id="app-price"
                  describe={(range) => `${range} ${PRICE_RANGE_LABELS[range]}`}
                  error={errors.priceRange?.message}
                  {...form.register('priceRange')}
                />
              </div>
              <AddressField id="app-address" error={errors.address?.message} {...form.register('address')} />
              <FeaturesField
                control={form.control}
                name="features"
                legend="Features you want to offer"
                features={RESTAURANT_FEATURES}
                idPrefix="app-feature"
              />
              <div className="flex justify-end">
                <Button type="button" size="lg" onClick={next}>
                  Next
                  <ArrowRight aria-hidden="true" />
                </Button>
              </div>
            </fieldset>
          ) : (
            <fieldset className="grid gap-5">
              <legend className="sr-only">Contact and Submit</legend>
              <div className="grid gap-5 sm:grid-cols-2">
                <EmailField
                  id="app-email"
                  placeholder="owner@yourrestaurant.com"
                  error={errors.email?.message}
                  {...form.register('email')}
                />
                <PhoneField id="app-phone" error={errors.phone?.message} {...form.register('phone')} />
              </div>
              <p className="text-xs text-muted-foreground">
                We use these only to contact you about your application; they are not shown to diners.
              </p>
              <TermsField control={form.control} name="agreeToTerms" id="app-terms">
                I agree to the terms and conditions and confirm I am authorised to apply for this restaurant.
              </TermsField>
              {!user ? (
                <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
                  You will be asked to sign in before submitting: your account becomes the restaurant’s owner
                  account.
                </p>
              ) : null}
              <div className="flex flex-col-reverse justify-between gap-3 sm:flex-row">
                <Button type="button" variant="outline" size="lg" onClick={() => setStep(0)}>
                  <ArrowLeft aria-hidden="true" />
                  Back
                </Button>
                <Button type="submit" size="lg" disabled={create.isPending}>
                  <Send aria-hidden="true" />
                  {create.isPending ? 'Submitting...' : 'Submit Application'}
                </Button>
              </div>
            </fieldset>
          )}
        </form>
        <SignInDialog {...signIn} reason="Restaurants belong to the account that registers them." />
      </CardContent>
    </Card>
  )
}
