import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Checkbox } from '@client/components/ui/checkbox'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input, NativeSelect, Textarea } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { useCurrentUser } from '@client/lib/session'
import { zodResolver } from '@hookform/resolvers/zod'
import { PRICE_RANGE_LABELS, PRICE_RANGES, RESTAURANT_CUISINES, RESTAURANT_FEATURES } from '@shared/constants'
import {
  APPLICATION_STEP_ONE_FIELDS,
  applicationPayload,
  type RestaurantApplication,
  type RestaurantApplicationValues,
  restaurantApplicationSchema,
} from '@shared/schemas/restaurant-forms'
import { ArrowLeft, ArrowRight, CircleCheck, Send } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { useCreateRestaurant } from '../api/create-restaurant'
import { useFormDraft } from '../lib/form-draft'
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
  const { user } = useCurrentUser()
  const [step, setStep] = useState<0 | 1>(0)
  const [submitted, setSubmitted] = useState<string | null>(null)
  const [askSignIn, setAskSignIn] = useState(false)
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
          description: `${restaurant.name} is in our review queue.`,
        })
        draft.clear()
        form.reset(DEFAULTS)
        setStep(0)
        setSubmitted(restaurant.name)
      },
      onError: (error) =>
        toast({
          title: 'Error submitting restaurant',
          description: errorMessage(error, 'Please try again later.'),
          variant: 'destructive',
        }),
    })

  const onSubmit = form.handleSubmit((values) => {
    if (!user) {
      setAskSignIn(true)
      return
    }
    send(values)
  })

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
          <h3 className="text-2xl font-bold tracking-tight">Thank you for applying!</h3>
          <p className="max-w-md text-muted-foreground">
            We received the application for <strong className="text-foreground">{submitted}</strong>. Our
            partnerships team will contact you within 1-2 business days to talk through packages and book your
            installation.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href="/">Back to home</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/equipment-setup">Schedule equipment setup</Link>
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
              <Field id="app-name" label="Restaurant name" error={errors.name?.message}>
                <Input
                  placeholder="e.g. Casa Nueva"
                  {...fieldProps('app-name', errors.name?.message)}
                  {...form.register('name')}
                />
              </Field>
              <Field
                id="app-description"
                label="Description"
                error={errors.description?.message}
                hint="What makes your kitchen worth watching? At least 20 characters."
              >
                <Textarea
                  rows={4}
                  placeholder="Hand-pressed tortillas and al pastor carved straight from the trompo…"
                  {...fieldProps('app-description', errors.description?.message)}
                  {...form.register('description')}
                />
              </Field>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="app-cuisine" label="Cuisine" error={errors.cuisine?.message}>
                  <NativeSelect
                    {...fieldProps('app-cuisine', errors.cuisine?.message)}
                    {...form.register('cuisine')}
                  >
                    <option value="">Select a cuisine</option>
                    {RESTAURANT_CUISINES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field id="app-price" label="Price range" error={errors.priceRange?.message}>
                  <NativeSelect
                    {...fieldProps('app-price', errors.priceRange?.message)}
                    {...form.register('priceRange')}
                  >
                    <option value="">Select a price range</option>
                    {PRICE_RANGES.map((p) => (
                      <option key={p} value={p}>
                        {p} {PRICE_RANGE_LABELS[p]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              </div>
              <Field id="app-address" label="Address" error={errors.address?.message}>
                <Input
                  autoComplete="street-address"
                  placeholder="500 Congress Ave, Austin, TX 78701"
                  {...fieldProps('app-address', errors.address?.message)}
                  {...form.register('address')}
                />
              </Field>
              <fieldset className="grid gap-3">
                <legend className="mb-2 text-sm font-medium">Features you want to offer</legend>
                <Controller
                  control={form.control}
                  name="features"
                  render={({ field }) => (
                    <div className="grid gap-2.5 sm:grid-cols-2">
                      {RESTAURANT_FEATURES.map((feature) => {
                        const id = `app-feature-${feature.toLowerCase().replace(/\W+/g, '-')}`
                        const checked = field.value?.includes(feature) ?? false
                        return (
                          <div
                            key={feature}
                            className="flex items-center gap-2.5 rounded-lg border px-3 py-2.5 transition-colors has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                          >
                            <Checkbox
                              id={id}
                              checked={checked}
                              onCheckedChange={(on) =>
                                field.onChange(
                                  on
                                    ? [...(field.value ?? []), feature]
                                    : (field.value ?? []).filter((f) => f !== feature),
                                )
                              }
                            />
                            <Label htmlFor={id} className="cursor-pointer font-normal">
                              {feature}
                            </Label>
                          </div>
                        )
                      })}
                    </div>
                  )}
                />
              </fieldset>
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
                <Field id="app-email" label="Email" error={errors.email?.message}>
                  <Input
                    type="email"
                    autoComplete="email"
                    placeholder="owner@yourrestaurant.com"
                    {...fieldProps('app-email', errors.email?.message)}
                    {...form.register('email')}
                  />
                </Field>
                <Field id="app-phone" label="Phone" error={errors.phone?.message}>
                  <Input
                    type="tel"
                    autoComplete="tel"
                    placeholder="(512) 555-0199"
                    {...fieldProps('app-phone', errors.phone?.message)}
                    {...form.register('phone')}
                  />
                </Field>
              </div>
              <p className="text-xs text-muted-foreground">
                We use these only to contact you about your application; they are not shown to diners.
              </p>
              <Controller
                control={form.control}
                name="agreeToTerms"
                render={({ field }) => (
                  <div className="grid gap-1.5">
                    <div className="flex items-start gap-3">
                      <Checkbox
                        checked={field.value === true}
                        onCheckedChange={(on) => field.onChange(on === true)}
                        {...fieldProps('app-terms', errors.agreeToTerms?.message)}
                      />
                      <Label htmlFor="app-terms" className="cursor-pointer font-normal leading-snug">
                        I agree to the terms and conditions and confirm I am authorised to apply for this
                        restaurant.
                      </Label>
                    </div>
                    {errors.agreeToTerms?.message ? (
                      <p id="app-terms-error" role="alert" className="text-sm font-medium text-destructive">
                        {errors.agreeToTerms.message}
                      </p>
                    ) : null}
                  </div>
                )}
              />
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
        <SignInDialog
          open={askSignIn}
          onOpenChange={setAskSignIn}
          reason="Restaurants belong to the account that registers them."
          onSignedIn={() => void form.handleSubmit(send)()}
        />
      </CardContent>
    </Card>
  )
}
