import { Button } from '@client/components/ui/button'
import { Checkbox } from '@client/components/ui/checkbox'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input, NativeSelect, Textarea } from '@client/components/ui/input'
import { Label } from '@client/components/ui/label'
import { toast } from '@client/components/ui/use-toast'
import { GeolocationUnsupportedError, getDevicePosition } from '@client/lib/geolocation'
import { useCurrentUser } from '@client/lib/session'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  PRICE_RANGES,
  RESTAURANT_CUISINES,
  WIZARD_FEATURES,
  WIZARD_PRICE_RANGE_LABELS,
} from '@shared/constants'
import {
  type RestaurantWizard,
  type RestaurantWizardValues,
  restaurantWizardSchema,
  wizardPayload,
} from '@shared/schemas/restaurant-forms'
import type { Restaurant } from '@shared/schemas/restaurants'
import { ArrowRight, LocateFixed } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useCreateRestaurant } from '../api/create-restaurant'
import { useFormDraft } from '../lib/form-draft'
import { SignInDialog } from './sign-in-dialog'

const DEFAULTS: RestaurantWizardValues = {
  name: '',
  description: '',
  cuisine: '',
  address: '',
  priceRange: '' as RestaurantWizardValues['priceRange'],
  avatar: '',
  features: [],
  latitude: '',
  longitude: '',
  acceptTerms: false as unknown as true,
}

export function WizardRegisterStep({ onRegistered }: { onRegistered: (restaurant: Restaurant) => void }) {
  const { user } = useCurrentUser()
  const [askSignIn, setAskSignIn] = useState(false)
  const [locating, setLocating] = useState(false)
  const create = useCreateRestaurant()
  const form = useForm<RestaurantWizardValues, unknown, RestaurantWizard>({
    resolver: zodResolver(restaurantWizardSchema),
    defaultValues: DEFAULTS,
  })
  const draft = useFormDraft('restaurant-wizard', form)
  const { errors } = form.formState

  const send = (values: RestaurantWizard) =>
    create.mutate(wizardPayload(values), {
      onSuccess: (restaurant) => {
        toast({
          title: 'Restaurant Registered',
          description: `${restaurant.name} is registered. Next, connect a kitchen camera.`,
        })
        draft.clear()
        onRegistered(restaurant)
      },
      onError: () =>
        toast({
          title: 'Registration Failed',
          description: 'There was an error registering your restaurant. Please try again.',
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

  const detectLocation = async () => {
    setLocating(true)
    try {
      const position = await getDevicePosition()
      form.setValue('latitude', position.latitude.toFixed(6), { shouldValidate: true, shouldDirty: true })
      form.setValue('longitude', position.longitude.toFixed(6), { shouldValidate: true, shouldDirty: true })
      toast({
        title: 'Location Detected',
        description: `Coordinates set to ${position.latitude.toFixed(6)}, ${position.longitude.toFixed(6)}.`,
      })
    } catch (error) {
      if (error instanceof GeolocationUnsupportedError)
        toast({
          title: 'Geolocation Not Supported',
          description: "Your browser doesn't support geolocation. Please enter coordinates manually.",
          variant: 'destructive',
        })
      else
        toast({
          title: 'Location Error',
          description: 'Unable to get your location. Please enter coordinates manually.',
          variant: 'destructive',
        })
    } finally {
      setLocating(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="wiz-name" label="Restaurant name" error={errors.name?.message}>
          <Input
            placeholder="e.g. Casa Nueva"
            {...fieldProps('wiz-name', errors.name?.message)}
            {...form.register('name')}
          />
        </Field>
        <Field id="wiz-cuisine" label="Cuisine type" error={errors.cuisine?.message}>
          <NativeSelect {...fieldProps('wiz-cuisine', errors.cuisine?.message)} {...form.register('cuisine')}>
            <option value="">Select a cuisine</option>
            {RESTAURANT_CUISINES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id="wiz-description" label="Description" error={errors.description?.message}>
        <Textarea
          rows={3}
          placeholder="Tell diners what they will see cooking in your kitchen."
          {...fieldProps('wiz-description', errors.description?.message)}
          {...form.register('description')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="wiz-address" label="Address" error={errors.address?.message}>
          <Input
            autoComplete="street-address"
            placeholder="500 Congress Ave, Austin, TX 78701"
            {...fieldProps('wiz-address', errors.address?.message)}
            {...form.register('address')}
          />
        </Field>
        <Field id="wiz-price" label="Price range" error={errors.priceRange?.message}>
          <NativeSelect
            {...fieldProps('wiz-price', errors.priceRange?.message)}
            {...form.register('priceRange')}
          >
            <option value="">Select a price range</option>
            {PRICE_RANGES.map((p) => (
              <option key={p} value={p}>
                {p} ({WIZARD_PRICE_RANGE_LABELS[p]})
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <fieldset className="grid gap-3 rounded-xl border p-4">
        <legend className="px-1 text-sm font-medium">Location (optional)</legend>
        <p className="-mt-1 text-xs text-muted-foreground">
          Coordinates put you on the map in Discover for nearby diners.
        </p>
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Field id="wiz-latitude" label="Latitude" error={errors.latitude?.message}>
            <Input
              type="number"
              step="0.000001"
              inputMode="decimal"
              placeholder="30.267153"
              {...fieldProps('wiz-latitude', errors.latitude?.message)}
              {...form.register('latitude')}
            />
          </Field>
          <Field id="wiz-longitude" label="Longitude" error={errors.longitude?.message}>
            <Input
              type="number"
              step="0.000001"
              inputMode="decimal"
              placeholder="-97.743057"
              {...fieldProps('wiz-longitude', errors.longitude?.message)}
              {...form.register('longitude')}
            />
          </Field>
          <Button type="button" variant="outline" onClick={detectLocation} disabled={locating}>
            <LocateFixed aria-hidden="true" />
            {locating ? 'Locating...' : 'Use my location'}
          </Button>
        </div>
      </fieldset>
      <Field
        id="wiz-avatar"
        label="Logo URL (optional)"
        error={errors.avatar?.message}
        hint="A square image works best, e.g. https://yourrestaurant.com/logo.png"
      >
        <Input
          type="url"
          placeholder="https://"
          {...fieldProps('wiz-avatar', errors.avatar?.message)}
          {...form.register('avatar')}
        />
      </Field>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Experience features</legend>
        <Controller
          control={form.control}
          name="features"
          render={({ field }) => (
            <div className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-3">
              {WIZARD_FEATURES.map((feature) => {
                const id = `wiz-feature-${feature.toLowerCase().replace(/\W+/g, '-')}`
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
      <Controller
        control={form.control}
        name="acceptTerms"
        render={({ field }) => (
          <div className="grid gap-1.5">
            <div className="flex items-start gap-3">
              <Checkbox
                checked={field.value === true}
                onCheckedChange={(on) => field.onChange(on === true)}
                {...fieldProps('wiz-terms', errors.acceptTerms?.message)}
              />
              <Label htmlFor="wiz-terms" className="cursor-pointer font-normal leading-snug">
                I accept the partner terms and conditions.
              </Label>
            </div>
            {errors.acceptTerms?.message ? (
              <p id="wiz-terms-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.acceptTerms.message}
              </p>
            ) : null}
          </div>
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? 'Registering...' : 'Register Restaurant'}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
      <SignInDialog
        open={askSignIn}
        onOpenChange={setAskSignIn}
        reason="Your account becomes the owner of the restaurant you register."
        onSignedIn={() => void form.handleSubmit(send)()}
      />
    </form>
  )
}
