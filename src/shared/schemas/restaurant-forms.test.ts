import { describe, expect, it } from 'vitest'
import {
  applicationDetailsSchema,
  applicationPayload,
  CAMERA_FORM_DEFAULTS,
  cameraFormSchema,
  profilePayload,
  restaurantApplicationSchema,
  restaurantProfileSchema,
  restaurantWizardSchema,
  wizardPayload,
} from './restaurant-forms'
import { restaurantCreateSchema, restaurantUpdateSchema } from './restaurants'

function messages(result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) {
  const byField: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message
  return byField
}

const application = {
  name: 'Casa Nueva',
  description: 'Tacos al pastor carved from the trompo in front of you.',
  cuisine: 'Mexican',
  address: '500 Congress Ave, Austin, TX',
  priceRange: '$$',
  features: ['Live Kitchen View'],
  email: 'owner@casanueva.com',
  phone: '512-555-0199',
  agreeToTerms: true,
}

const wizard = {
  name: 'Casa Nueva',
  description: 'Tacos from the trompo.',
  cuisine: 'Mexican',
  address: '500 Congress Ave',
  priceRange: '$$$',
  avatar: '',
  features: [],
  latitude: '',
  longitude: '',
  acceptTerms: true,
}

describe('the restaurant application form', () => {
  it('gives the spec’s messages for a short name, a short description and missing details', () => {
    const result = applicationDetailsSchema.safeParse({
      name: 'A',
      description: 'Too short',
      cuisine: '',
      address: '',
      priceRange: '',
    })
    expect(messages(result)).toEqual({
      name: 'Restaurant name must be at least 2 characters',
      description: 'Description should be at least 20 characters',
      cuisine: 'Please select a cuisine type',
      address: 'Please enter the restaurant address',
      priceRange: 'Please select a price range',
    })
  })

  it('refuses a bad email, a short phone number and an unticked agreement', () => {
    const result = restaurantApplicationSchema.safeParse({
      ...application,
      email: 'owner@',
      phone: '555',
      agreeToTerms: false,
    })
    expect(messages(result)).toEqual({
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      agreeToTerms: 'You must agree to the terms and conditions',
    })
  })

  it('sends the restaurant without the contact details and the agreement, with no images', () => {
    const parsed = restaurantApplicationSchema.parse(application)
    const payload = applicationPayload(parsed)
    expect(payload).not.toHaveProperty('email')
    expect(payload).not.toHaveProperty('phone')
    expect(payload).not.toHaveProperty('agreeToTerms')
    expect(payload.images).toEqual([])
    expect(restaurantCreateSchema.safeParse(payload).success).toBe(true)
  })
})

describe('the registration wizard form', () => {
  it('gives the spec’s messages for every invalid field', () => {
    const result = restaurantWizardSchema.safeParse({
      ...wizard,
      name: 'Ab',
      description: 'Short',
      cuisine: '',
      address: 'Main',
      priceRange: '',
      avatar: 'not a url',
      acceptTerms: false,
    })
    expect(messages(result)).toEqual({
      name: 'Restaurant name must be at least 3 characters.',
      description: 'Description must be at least 10 characters.',
      cuisine: 'Please select a cuisine type.',
      address: 'Please provide a valid address.',
      priceRange: 'Please select a price range.',
      avatar: 'Please provide a valid URL for the restaurant logo.',
      acceptTerms: 'You must accept the terms and conditions.',
    })
  })

  it('treats empty coordinates and an empty logo as unset and drops the terms from the payload', () => {
    const payload = wizardPayload(restaurantWizardSchema.parse(wizard))
    expect(payload).not.toHaveProperty('latitude')
    expect(payload).not.toHaveProperty('longitude')
    expect(payload).not.toHaveProperty('acceptTerms')
    expect(payload.avatar).toBeUndefined()
    expect(restaurantCreateSchema.safeParse(payload).success).toBe(true)
  })

  it('reads typed coordinates as numbers and refuses ones off the globe', () => {
    const payload = wizardPayload(
      restaurantWizardSchema.parse({ ...wizard, latitude: '30.267153', longitude: '-97.743057' }),
    )
    expect(payload.latitude).toBe(30.267153)
    expect(payload.longitude).toBe(-97.743057)
    expect(
      messages(restaurantWizardSchema.safeParse({ ...wizard, latitude: '91', longitude: 'east' })),
    ).toEqual({
      latitude: 'Latitude must be between -90 and 90',
      longitude: 'Longitude must be between -180 and 180',
    })
  })
})

describe('the camera form', () => {
  it('starts as the main kitchen camera and asks for a streaming address', () => {
    expect(CAMERA_FORM_DEFAULTS).toMatchObject({ name: 'Main Kitchen', position: 'main' })
    expect(messages(cameraFormSchema.safeParse(CAMERA_FORM_DEFAULTS))).toEqual({
      streamUrl: 'Please provide a valid streaming URL.',
    })
    expect(
      messages(
        cameraFormSchema.safeParse({ name: 'A', position: '', streamUrl: 'https://cams.example.com/a.m3u8' }),
      ),
    ).toEqual({
      name: 'Camera name must be at least 2 characters.',
      position: 'Please select a camera position.',
    })
  })
})

describe('the workspace profile form', () => {
  const profile = {
    name: 'Casa Nueva',
    description: 'Tacos from the trompo.',
    cuisine: 'Mexican',
    address: '500 Congress Ave',
    priceRange: '$$$',
    avatar: '',
    images: [],
    features: [],
    latitude: '',
    longitude: '',
    deliveryRadiusKm: '2.5',
  }
  const radiusMessage = 'Delivery radius must be between 0.5 and 50 km, with at most one decimal'

  it('sends the delivery radius as a number of km', () => {
    expect(profilePayload(restaurantProfileSchema.parse(profile)).deliveryRadiusKm).toBe(2.5)
    expect(restaurantUpdateSchema.parse({ deliveryRadiusKm: 50 }).deliveryRadiusKm).toBe(50)
  })

  it.each(['', '0.4', '50.5', '2.55', 'far'])('refuses a delivery radius of "%s"', (km) => {
    expect(messages(restaurantProfileSchema.safeParse({ ...profile, deliveryRadiusKm: km }))).toEqual({
      deliveryRadiusKm: radiusMessage,
    })
  })
})
