import { Alert } from '@client/components/ui/alert'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Label } from '@client/components/ui/label'
import { Switch } from '@client/components/ui/switch'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { sizedImage } from '@client/lib/images'
import { useMenu } from '@client/lib/queries/restaurants'
import { zodResolver } from '@hookform/resolvers/zod'
import { RESTAURANT_FEATURES, WIZARD_PRICE_RANGE_LABELS } from '@shared/constants'
import {
  profilePayload,
  type RestaurantProfile,
  type RestaurantProfileValues,
  restaurantProfileSchema,
} from '@shared/schemas/restaurant-forms'
import { DELIVERY_RADIUS_KM, type Restaurant } from '@shared/schemas/restaurants'
import { CircleCheck, CircleDashed, Radio, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { useOwnerCameras } from '../api/get-owner-cameras'
import { useUpdateRestaurant } from '../api/update-restaurant'
import { InputField, SelectField, TextareaField } from '../components/form-fields'
import {
  AddressField,
  CuisineField,
  FeaturesField,
  NameField,
  PriceRangeField,
} from '../components/restaurant-fields'
import { ImagePicker, UploadButton } from './image-picker'
import { workspacePath } from './sections'

export function OverviewSection({ restaurant }: { restaurant: Restaurant }) {
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_22rem] xl:items-start">
      <ProfileForm restaurant={restaurant} />
      <GoLiveCard restaurant={restaurant} />
    </div>
  )
}

/** The switch diners depend on: live needs a location, an active camera and a dish that is not sold out. */
function GoLiveCard({ restaurant }: { restaurant: Restaurant }) {
  const update = useUpdateRestaurant()
  const menu = useMenu(restaurant.id)
  const cameras = useOwnerCameras(restaurant.id)
  const [refusal, setRefusal] = useState<string | null>(null)
  const active = (cameras.data ?? []).filter((c) => c.isActive)
  const hasCamera = active.some((c) => c.pictureChecked)
  const hasDish = (menu.data ?? []).some((m) => m.isAvailable)
  const located = restaurant.latitude !== null && restaurant.longitude !== null
  // An item whose reads are still on their way is neither done nor missing yet.
  const checklist = [
    {
      done: located,
      checking: false,
      text: located ? 'A location on the map' : 'A location on the map (an address with a ZIP code)',
      href: `${workspacePath(restaurant.id, 'overview')}#ws-address`,
    },
    {
      done: hasCamera,
      checking: cameras.isPending,
      // Saving a camera does not reach it: diners get a picture once "Check stream" has found one.
      text:
        hasCamera || active.length === 0
          ? 'An active kitchen camera'
          : 'An active camera whose “Check stream” found a picture',
      href: workspacePath(restaurant.id, 'cameras'),
    },
    {
      done: hasDish,
      checking: menu.isPending,
      text: 'A dish that is not sold out',
      href: workspacePath(restaurant.id, 'menu'),
    },
  ]

  const toggle = (isLive: boolean) => {
    setRefusal(null)
    update.mutate(
      { id: restaurant.id, isLive },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isLive ? 'You are live' : 'You are off the air',
            description: saved.isLive
              ? `${saved.name} now shows as live to diners.`
              : `${saved.name} no longer shows as live.`,
          }),
        onError: (error) =>
          setRefusal(errorMessage(error, 'The switch could not be changed. Please try again.')),
      },
    )
  }

  return (
    // Above the long profile form until the wide layout puts it beside it.
    <Card className="order-first h-fit xl:order-none" data-testid="go-live-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Radio className="size-5 text-primary" aria-hidden="true" />
          Go live
        </CardTitle>
        <CardDescription>
          Live restaurants appear under Live Now and take orders with a kitchen view.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-3 rounded-xl border p-3">
          <Label htmlFor="go-live" className="font-semibold">
            {restaurant.isLive ? 'Live' : 'Off the air'}
          </Label>
          <Switch
            id="go-live"
            aria-label="Go live"
            checked={restaurant.isLive}
            disabled={update.isPending}
            onCheckedChange={toggle}
          />
        </div>
        {refusal ? (
          <Alert variant="warning" role="alert" data-testid="go-live-refusal">
            <p>{refusal}</p>
          </Alert>
        ) : null}
        <ul className="grid gap-2 text-sm">
          {checklist.map((item) => (
            <li key={item.text} className="flex items-center gap-2">
              {item.done ? (
                <CircleCheck className="size-4 shrink-0 text-green-600" aria-hidden="true" />
              ) : (
                <CircleDashed className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className={item.done ? '' : 'text-muted-foreground'}>{item.text}</span>
              {item.done ? (
                <span className="sr-only">(done)</span>
              ) : item.checking ? (
                <span className="ml-auto shrink-0 text-xs text-muted-foreground">Checking…</span>
              ) : (
                <Link
                  href={item.href}
                  className="ml-auto shrink-0 text-primary underline-offset-4 hover:underline"
                >
                  Add
                </Link>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function profileValues(r: Restaurant): RestaurantProfileValues {
  return {
    name: r.name,
    description: r.description,
    cuisine: r.cuisine,
    address: r.address,
    priceRange: r.priceRange as RestaurantProfileValues['priceRange'],
    avatar: r.avatar ?? '',
    images: r.images,
    features: r.features,
    latitude: r.latitude === null ? '' : String(r.latitude),
    longitude: r.longitude === null ? '' : String(r.longitude),
    deliveryRadiusKm: String(r.deliveryRadiusKm),
    timeZone: r.timeZone,
  }
}

/** Every zone the browser knows, the restaurant's own listed even if it does not. */
function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set([current, 'UTC', ...known])].sort((a, b) => a.localeCompare(b))
}

const COORDINATE_INPUT = { type: 'number', step: '0.000001', inputMode: 'decimal' } as const

function ProfileForm({ restaurant }: { restaurant: Restaurant }) {
  const update = useUpdateRestaurant()
  const form = useForm<RestaurantProfileValues, unknown, RestaurantProfile>({
    resolver: zodResolver(restaurantProfileSchema),
    defaultValues: profileValues(restaurant),
  })
  const { errors, isDirty } = form.formState
  const avatar = useController({ control: form.control, name: 'avatar' })
  const images = useController({ control: form.control, name: 'images' })
  const photos: string[] = images.field.value ?? []

  const onSubmit = form.handleSubmit((values) => {
    const { dirtyFields } = form.formState
    // A new address with the old coordinates would keep the old pin: the server places it anew.
    const moved = dirtyFields.address && !dirtyFields.latitude && !dirtyFields.longitude
    // An unchanged time zone is left out, so that a move places it with the address.
    const { timeZone, ...payload } = profilePayload(values)
    if (dirtyFields.timeZone) Object.assign(payload, { timeZone })
    return update.mutate(
      { id: restaurant.id, ...payload, ...(moved ? { latitude: null, longitude: null } : {}) },
      {
        onSuccess: (saved) => {
          form.reset(profileValues(saved))
          toast({ title: 'Profile saved', description: `${saved.name} is up to date for diners.` })
        },
        onError: (error) => {
          toast({
            title: 'Profile not saved',
            description: errorMessage(error, 'Please check the form and try again.'),
            variant: 'destructive',
          })
        },
      },
    )
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Profile</CardTitle>
        <CardDescription>What diners see on your restaurant page and in Discover.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Restaurant profile">
          <div className="grid gap-5 md:grid-cols-2">
            <NameField id="ws-name" error={errors.name?.message} {...form.register('name')} />
            <CuisineField id="ws-cuisine" error={errors.cuisine?.message} {...form.register('cuisine')} />
          </div>
          <TextareaField
            id="ws-description"
            label="Description"
            rows={3}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <AddressField id="ws-address" error={errors.address?.message} {...form.register('address')} />
            <PriceRangeField
              id="ws-price"
              describe={(range) => `${range} (${WIZARD_PRICE_RANGE_LABELS[range]})`}
              error={errors.priceRange?.message}
              {...form.register('priceRange')}
            />
          </div>
          <div className="grid items-start gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <InputField
              id="ws-latitude"
              label="Latitude"
              hint="Leave empty to place the address by its ZIP code."
              error={errors.latitude?.message}
              {...COORDINATE_INPUT}
              {...form.register('latitude')}
            />
            <InputField
              id="ws-longitude"
              label="Longitude"
              error={errors.longitude?.message}
              {...COORDINATE_INPUT}
              {...form.register('longitude')}
            />
            <InputField
              id="ws-delivery-radius"
              label="Delivery radius (km)"
              type="number"
              step="0.1"
              min={DELIVERY_RADIUS_KM.min}
              max={DELIVERY_RADIUS_KM.max}
              inputMode="decimal"
              hint="Diners farther than this can still pick up."
              error={errors.deliveryRadiusKm?.message}
              {...form.register('deliveryRadiusKm')}
            />
            <SelectField
              id="ws-time-zone"
              label="Time zone"
              placeholder="Select a time zone"
              hint="Insights count your days and hours in it. Placed from your address; change it if it is wrong."
              options={timeZoneOptions(restaurant.timeZone)}
              error={errors.timeZone?.message}
              {...form.register('timeZone')}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Logo</legend>
            <ImagePicker
              value={avatar.field.value ?? ''}
              onChange={(url) => avatar.field.onChange(url)}
              alt={`${restaurant.name} logo`}
              noun="logo"
            />
            {errors.avatar?.message ? (
              <p className="text-sm font-medium text-destructive">{errors.avatar.message}</p>
            ) : null}
          </fieldset>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Photos</legend>
            {photos.length > 0 ? (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
                {photos.map((url, index) => (
                  <li key={url} className="group relative overflow-hidden rounded-xl border">
                    <img
                      src={sizedImage(url, 320)}
                      alt={`${restaurant.name}, gallery ${index + 1}`}
                      className="aspect-video w-full object-cover"
                    />
                    <Button
                      type="button"
                      size="icon"
                      variant="secondary"
                      className="absolute right-2 top-2 size-8"
                      aria-label={`Remove photo ${index + 1}`}
                      onClick={() => images.field.onChange(photos.filter((_, i) => i !== index))}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No photos yet. The first one leads your page.</p>
            )}
            <div>
              <UploadButton label="Add photo" onUploaded={(url) => images.field.onChange([...photos, url])}>
                Add photo
              </UploadButton>
            </div>
            {errors.images?.message ? (
              <p className="text-sm font-medium text-destructive">{errors.images.message}</p>
            ) : null}
          </fieldset>
          <FeaturesField
            control={form.control}
            name="features"
            legend="Experience features"
            features={RESTAURANT_FEATURES}
            idPrefix="ws-feature"
            className="xl:grid-cols-3"
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="ghost"
              disabled={!isDirty || update.isPending}
              onClick={() => form.reset(profileValues(restaurant))}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
