import { Button } from '@client/components/ui/button'
import { toast } from '@client/components/ui/use-toast'
import { GeolocationUnsupportedError, getDevicePosition } from '@client/lib/geolocation'
import { zodResolver } from '@hookform/resolvers/zod'
import { WIZARD_FEATURES, WIZARD_PRICE_RANGE_LABELS } from '@shared/constants'
import {
  type RestaurantWizard,
  type RestaurantWizardValues,
  restaurantWizardSchema,
  wizardPayload,
} from '@shared/schemas/restaurant-forms'
import type { Restaurant } from '@shared/schemas/restaurants'
import { ArrowRight, LocateFixed } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useCreateRestaurant } from '../api/create-restaurant'
import { useFormDraft } from '../lib/form-draft'
import { useSignInToSubmit } from '../lib/sign-in-to-submit'
import { InputField, TermsField, TextareaField } from './form-fields'
import { AddressField, CuisineField, FeaturesField, NameField, PriceRangeField } from './restaurant-fields'
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

/** Six decimals: about 10 cm, finer than any restaurant needs. */
const COORDINATE_INPUT = { type: 'number', step: '0.000001', inputMode: 'decimal' } as const

export function WizardRegisterStep({ onRegistered }: { onRegistered: (restaurant: Restaurant) => void }) {
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

  const { onSubmit, signIn } = useSignInToSubmit(form, send)

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
        <NameField id="wiz-name" error={errors.name?.message} {...form.register('name')} />
        <CuisineField
          id="wiz-cuisine"
          label="Cuisine type"
          error={errors.cuisine?.message}
          {...form.register('cuisine')}
        />
      </div>
      <TextareaField
        id="wiz-description"
        label="Description"
        error={errors.description?.message}
        rows={3}
        placeholder="Tell diners what they will see cooking in your kitchen."
        {...form.register('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <AddressField id="wiz-address" error={errors.address?.message} {...form.register('address')} />
        <PriceRangeField
          id="wiz-price"
          describe={(range) => `${range} (${WIZARD_PRICE_RANGE_LABELS[range]})`}
          error={errors.priceRange?.message}
          {...form.register('priceRange')}
        />
      </div>
      <fieldset className="grid gap-3 rounded-xl border p-4">
        <legend className="px-1 text-sm font-medium">Location (optional)</legend>
        <p className="-mt-1 text-xs text-muted-foreground">
          Coordinates put you on the map in Discover for nearby diners.
        </p>
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <InputField
            id="wiz-latitude"
            label="Latitude"
            placeholder="30.267153"
            error={errors.latitude?.message}
            {...COORDINATE_INPUT}
            {...form.register('latitude')}
          />
          <InputField
            id="wiz-longitude"
            label="Longitude"
            placeholder="-97.743057"
            error={errors.longitude?.message}
            {...COORDINATE_INPUT}
            {...form.register('longitude')}
          />
          <Button type="button" variant="outline" onClick={detectLocation} disabled={locating}>
            <LocateFixed aria-hidden="true" />
            {locating ? 'Locating...' : 'Use my location'}
          </Button>
        </div>
      </fieldset>
      <InputField
        id="wiz-avatar"
        label="Logo URL (optional)"
        error={errors.avatar?.message}
        hint="A square image works best, e.g. https://yourrestaurant.com/logo.png"
        type="url"
        placeholder="https://"
        {...form.register('avatar')}
      />
      <FeaturesField
        control={form.control}
        name="features"
        legend="Experience features"
        features={WIZARD_FEATURES}
        idPrefix="wiz-feature"
        className="lg:grid-cols-3"
      />
      <TermsField control={form.control} name="acceptTerms" id="wiz-terms">
        I accept the partner terms and conditions.
      </TermsField>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? 'Registering...' : 'Register Restaurant'}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
      <SignInDialog {...signIn} reason="Your account becomes the owner of the restaurant you register." />
    </form>
  )
}
