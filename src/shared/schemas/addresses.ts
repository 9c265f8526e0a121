import { z } from 'zod'
import { optionalText, singleLineText } from './common'

/** A delivery address saved to a diner's account. */
export const addressSchema = z.object({
  id: z.number(),
  userId: z.number(),
  label: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
})
export type Address = z.infer<typeof addressSchema>

const line = (message: string, max: number) =>
  singleLineText(message).min(1, message).max(max, `Must be at most ${max} characters`)

const latitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90')
const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180')

const addressFields = {
  label: optionalText(40),
  line1: line('Please enter the street address', 120),
  line2: optionalText(120),
  city: line('Please enter the city', 80),
  postcode: singleLineText('Please enter the postcode').regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/,
    'Please enter a valid postcode',
  ),
  latitude: latitude.optional().nullable(),
  longitude: longitude.optional().nullable(),
  isDefault: z.boolean().optional(),
}

function bothOrNeither(a: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  const hasLat = a.latitude !== undefined && a.latitude !== null
  const hasLon = a.longitude !== undefined && a.longitude !== null
  if (hasLat && !hasLon)
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'Give a longitude with the latitude' })
  if (hasLon && !hasLat)
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Give a latitude with the longitude' })
}

/** POST /api/users/{id}/addresses; the client's address form uses the same rules. */
export const addressCreateSchema = z.object(addressFields).superRefine(bothOrNeither)
export type AddressCreateInput = z.input<typeof addressCreateSchema>

/** PATCH /api/addresses/{id}: any of the fields; `isDefault: true` makes it the default. */
export const addressUpdateSchema = z
  .object({
    label: addressFields.label,
    line1: addressFields.line1.optional(),
    line2: addressFields.line2,
    city: addressFields.city.optional(),
    postcode: addressFields.postcode.optional(),
    latitude: addressFields.latitude,
    longitude: addressFields.longitude,
    isDefault: z.literal(true, { error: 'Make another address the default instead' }).optional(),
  })
  .superRefine(bothOrNeither)
export type AddressUpdateInput = z.input<typeof addressUpdateSchema>
