import { z } from 'zod'
import { singleLineText } from './common'
import { timeZoneName } from './insights'
import {
  cameraCreateSchema,
  DELIVERY_RADIUS_MESSAGE,
  deliveryRadiusField,
  imageUrlSchema,
  priceRangeField,
  type RestaurantCreateInput,
  type RestaurantUpdateInput,
  requiredText,
  restaurantCreateSchema,
  restaurantUpdateSchema,
} from './restaurants'

/**
 * The two restaurant forms of the partner pages: the application (/for-restaurants, two steps)
 * and the registration wizard (/restaurant-partners). Their messages are the spec's; what they
 * send is accepted by `restaurantCreateSchema` on the server.
 */

// Application, step 1: Restaurant Details.
export const applicationDetailsSchema = z.object({
  name: restaurantCreateSchema.shape.name,
  description: requiredText('Description should be at least 20 characters', 20).max(
    2000,
    'Description must be at most 2000 characters',
  ),
  cuisine: requiredText('Please select a cuisine type'),
  address: requiredText('Please enter the restaurant address')
    .min(5, 'Please provide a valid address.')
    .max(200, 'Please provide a valid address.'),
  priceRange: priceRangeField('Please select a price range'),
  features: z.array(singleLineText()).default([]),
})

// Application, step 2: Contact and Submit.
export const applicationContactSchema = z.object({
  email: singleLineText('Please enter a valid email address').pipe(
    z.email('Please enter a valid email address'),
  ),
  phone: singleLineText('Please enter a valid phone number')
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number'),
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
})

export const restaurantApplicationSchema = applicationDetailsSchema.extend(applicationContactSchema.shape)
export type RestaurantApplicationValues = z.input<typeof restaurantApplicationSchema>
export type RestaurantApplication = z.output<typeof restaurantApplicationSchema>
export const APPLICATION_STEP_ONE_FIELDS = Object.keys(
  applicationDetailsSchema.shape,
) as (keyof RestaurantApplicationValues)[]

/** What the application sends: contact details and the agreement stay out of the restaurant. */
export function applicationPayload(application: RestaurantApplication): RestaurantCreateInput {
  const { email: _email, phone: _phone, agreeToTerms: _agree, ...restaurant } = application
  return { ...restaurant, images: [], isLive: false }
}

/** A coordinate typed into a number field: empty means unset. */
function coordinate(min: number, max: number, message: string) {
  return singleLineText()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === '' ? undefined : Number(v)))
}

// Registration wizard, step Register.
export const restaurantWizardSchema = z.object({
  name: requiredText('Restaurant name must be at least 3 characters.', 3).max(
    100,
    'Restaurant name must be at most 100 characters.',
  ),
  description: requiredText('Description must be at least 10 characters.', 10).max(
    2000,
    'Description must be at most 2000 characters.',
  ),
  cuisine: requiredText('Please select a cuisine type.'),
  address: requiredText('Please provide a valid address.', 5).max(200, 'Please provide a valid address.'),
  priceRange: restaurantCreateSchema.shape.priceRange,
  avatar: singleLineText().refine(
    (v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    'Please provide a valid URL for the restaurant logo.',
  ),
  features: z.array(singleLineText()).default([]),
  latitude: coordinate(-90, 90, 'Latitude must be between -90 and 90'),
  longitude: coordinate(-180, 180, 'Longitude must be between -180 and 180'),
  acceptTerms: z.literal(true, { error: 'You must accept the terms and conditions.' }),
})
export type RestaurantWizardValues = z.input<typeof restaurantWizardSchema>
export type RestaurantWizard = z.output<typeof restaurantWizardSchema>

/** What the wizard sends: the terms acceptance is not part of the restaurant. */
export function wizardPayload(values: RestaurantWizard): RestaurantCreateInput {
  const { acceptTerms: _accepted, avatar, latitude, longitude, ...restaurant } = values
  return {
    ...restaurant,
    avatar: avatar || undefined,
    ...(latitude === undefined ? {} : { latitude }),
    ...(longitude === undefined ? {} : { longitude }),
  }
}

// Workspace, Overview: the wizard's rules for the profile, plus the logo and photos as uploaded.
export const restaurantProfileSchema = restaurantWizardSchema
  .omit({ acceptTerms: true, avatar: true })
  .extend({
    avatar: z.union([z.literal(''), imageUrlSchema]),
    images: restaurantUpdateSchema.shape.images.unwrap(),
    /** Typed into a number field, in km. */
    deliveryRadiusKm: singleLineText(DELIVERY_RADIUS_MESSAGE)
      .min(1, DELIVERY_RADIUS_MESSAGE)
      .transform(Number)
      .pipe(deliveryRadiusField),
    /** The zone of the restaurant's days (insights); left out, the server keeps or places it. */
    timeZone: timeZoneName.optional(),
  })
export type RestaurantProfileValues = z.input<typeof restaurantProfileSchema>
export type RestaurantProfile = z.output<typeof restaurantProfileSchema>

/** What the profile form sends: an empty logo or coordinate clears it. */
export function profilePayload(values: RestaurantProfile): RestaurantUpdateInput {
  const { avatar, latitude, longitude, ...profile } = values
  return { ...profile, avatar: avatar || null, latitude: latitude ?? null, longitude: longitude ?? null }
}

// Registration wizard, step Camera Setup.
export const cameraFormSchema = cameraCreateSchema.omit({ restaurantId: true })
export type CameraFormValues = z.input<typeof cameraFormSchema>
export const CAMERA_FORM_DEFAULTS: CameraFormValues = {
  name: 'Main Kitchen',
  position: 'main',
  streamUrl: '',
}
