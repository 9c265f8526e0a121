import { z } from 'zod'
import { CAMERA_POSITION_VALUES, PRICE_RANGES } from '../constants'
import { idField, MAX_ID, singleLineText } from './common'
import { timeZoneName } from './insights'
import { optionGroupSchema } from './menu-options'

export const restaurantSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  cuisine: z.string(),
  address: z.string(),
  priceRange: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number(),
  avatar: z.string().nullable(),
  images: z.array(z.string()),
  features: z.array(z.string()),
  isLive: z.boolean(),
  /** One of the seeded demo world's restaurants: its order pages offer testing controls. */
  isDemo: z.boolean(),
  /** Kilometres from the searched location; null when no location was given. */
  distance: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** How far from the restaurant it delivers, in km; anyone farther can still pick up. */
  deliveryRadiusKm: z.number(),
  /** The IANA zone of the restaurant's days ("America/Chicago"): insights read days and hours in it. */
  timeZone: z.string(),
  /** The kitchen paused new orders until then; null when it takes orders. A past time means taking orders again. */
  pausedUntil: z.string().nullable(),
})
export type Restaurant = z.infer<typeof restaurantSchema>

const optionalUrl = (message: string) =>
  z
    .union([z.literal(''), singleLineText(message).pipe(z.url(message).max(2000, message))])
    .optional()
    .nullable()
    .transform((v) => v || undefined)

/** A trimmed text that `message` refuses when it is missing, empty or shorter than `min`. */
export const requiredText = (message: string, min = 1) => singleLineText(message).min(min, message)

/** One of the spec's price ranges; `message` for anything else. */
export const priceRangeField = (message: string) => z.enum(PRICE_RANGES, { error: message })

/**
 * A picture the app can show: an image uploaded here (`/images/...`), a generated illustration
 * (`/media/...`) or an absolute http(s) address.
 */
export const imageUrlSchema = z
  .string({ error: 'Please provide a valid image address' })
  .trim()
  .max(2000, 'Please provide a valid image address')
  .refine(
    (v) =>
      (/^\/(images|media)\/[\w./-]+$/.test(v) && !v.includes('..')) ||
      (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)),
    'Please provide a valid image address',
  )

export const DELIVERY_RADIUS_KM = { min: 0.5, max: 50 } as const
export const DELIVERY_RADIUS_MESSAGE = `Delivery radius must be between ${DELIVERY_RADIUS_KM.min} and ${DELIVERY_RADIUS_KM.max} km, with at most one decimal`

/** The owner's delivery radius in km: 0.5 to 50, in steps of 0.1. */
export const deliveryRadiusField = z
  .number({ error: DELIVERY_RADIUS_MESSAGE })
  .min(DELIVERY_RADIUS_KM.min, DELIVERY_RADIUS_MESSAGE)
  .max(DELIVERY_RADIUS_KM.max, DELIVERY_RADIUS_MESSAGE)
  .refine((km) => Math.abs(km * 10 - Math.round(km * 10)) < 1e-9, DELIVERY_RADIUS_MESSAGE)

/** What the application page and the wizard send; the server accepts either form's fields. */
export const restaurantCreateSchema = z.object({
  name: requiredText('Restaurant name must be at least 2 characters', 2).max(
    100,
    'Restaurant name must be at most 100 characters',
  ),
  description: requiredText('Description must be at least 10 characters.', 10).max(
    2000,
    'Description must be at most 2000 characters',
  ),
  cuisine: requiredText('Please select a cuisine type.').max(50, 'Cuisine must be at most 50 characters'),
  address: requiredText('Please provide a valid address.', 5).max(200, 'Please provide a valid address.'),
  priceRange: priceRangeField('Please select a price range.'),
  avatar: optionalUrl('Please provide a valid URL for the restaurant logo.'),
  features: z
    .array(singleLineText().min(1, 'A feature cannot be empty').max(60, 'Features are at most 60 characters'))
    .max(20, 'At most 20 features')
    .default([]),
  images: z
    .array(singleLineText().min(1, 'An image cannot be empty').max(2000, 'Image addresses are too long'))
    .max(20, 'At most 20 images')
    .default([]),
  latitude: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .optional()
    .nullable(),
  longitude: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .optional()
    .nullable(),
  /** Ignored: new restaurants always start off the air. */
  isLive: z.boolean().optional(),
})
export type RestaurantCreateInput = z.input<typeof restaurantCreateSchema>

/** The owner's changes to the profile and the go-live switch; a field left out keeps its value. */
export const restaurantUpdateSchema = z
  .object({
    name: restaurantCreateSchema.shape.name,
    description: restaurantCreateSchema.shape.description,
    cuisine: restaurantCreateSchema.shape.cuisine,
    address: restaurantCreateSchema.shape.address,
    priceRange: restaurantCreateSchema.shape.priceRange,
    /** null removes the logo. */
    avatar: imageUrlSchema.nullable(),
    images: z.array(imageUrlSchema).max(12, 'At most 12 photos'),
    features: z.array(z.string().trim().min(1).max(60)).max(20),
    latitude: restaurantCreateSchema.shape.latitude,
    longitude: restaurantCreateSchema.shape.longitude,
    deliveryRadiusKm: deliveryRadiusField,
    /** Placed from the address when it changes, unless sent too. */
    timeZone: timeZoneName,
    isLive: z.boolean({ error: 'isLive is true or false' }),
  })
  .partial()
export type RestaurantUpdateInput = z.input<typeof restaurantUpdateSchema>
export type RestaurantUpdate = z.output<typeof restaurantUpdateSchema>

/** Restaurants a page holds unless `limit` says otherwise, and the most it may ask for. */
export const RESTAURANT_PAGE_SIZE = 24
export const RESTAURANT_PAGE_MAX = 100

/**
 * Where the next page starts: after restaurant `id` in the list's order, which is live ones
 * first, then by id, or with a location by distance (`km`, null for a restaurant without
 * coordinates, listed last) then id. Sent as base64url JSON; clients pass it back as they got it.
 */
export interface RestaurantCursor {
  id: number
  /** Whether the restaurant was live when the page was cut. */
  live: boolean
  km?: number | null
}

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')

export function encodeRestaurantCursor(cursor: RestaurantCursor): string {
  const live = cursor.live ? 1 : 0
  return toBase64Url(
    JSON.stringify(cursor.km === undefined ? [live, cursor.id] : [live, cursor.km, cursor.id]),
  )
}

/** The cursor, or undefined for anything this list did not give out. */
export function decodeRestaurantCursor(value: string): RestaurantCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(value)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(atob(value.replaceAll('-', '+').replaceAll('_', '/')))
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || parsed.length > 3) return undefined
  const id = parsed[parsed.length - 1]
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return undefined
  if (parsed[0] !== 0 && parsed[0] !== 1) return undefined
  const live = parsed[0] === 1
  if (parsed.length === 2) return { id, live }
  const km = parsed[1]
  if (km === null || (typeof km === 'number' && Number.isFinite(km) && km >= 0)) return { id, live, km }
  return undefined
}

export const restaurantSearchQuery = z
  .object({
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    radius: z.coerce.number().positive('Radius must be positive').max(20_000).optional(),
    /** One cuisine, any case. */
    cuisine: singleLineText('cuisine must be text')
      .min(1, 'cuisine must not be empty')
      .max(50, 'cuisine must be at most 50 characters')
      .optional(),
    price: priceRangeField(`price must be one of ${PRICE_RANGES.join(', ')}`).optional(),
    /** true: only kitchens on the air; false: only those off it. */
    live: z.enum(['true', 'false'], { error: 'live must be true or false' }).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, `limit must be between 1 and ${RESTAURANT_PAGE_MAX}`)
      .max(RESTAURANT_PAGE_MAX, `limit must be between 1 and ${RESTAURANT_PAGE_MAX}`)
      .default(RESTAURANT_PAGE_SIZE),
    /** The `nextCursor` of the page before. */
    cursor: z
      .string()
      .transform((value, ctx) => {
        const cursor = decodeRestaurantCursor(value)
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: 'cursor is not one this list gave out' })
          return z.NEVER
        }
        return cursor
      })
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.latitude !== undefined && q.longitude === undefined)
      ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'Give a longitude with the latitude' })
    if (q.longitude !== undefined && q.latitude === undefined)
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Give a latitude with the longitude' })
    if (q.radius !== undefined && (q.latitude === undefined || q.longitude === undefined))
      ctx.addIssue({ code: 'custom', path: ['radius'], message: 'A radius needs a latitude and longitude' })
    const located = q.latitude !== undefined && q.longitude !== undefined
    if (q.cursor && (q.cursor.km !== undefined) !== located)
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor belongs to another search' })
  })
export type RestaurantSearchQuery = z.input<typeof restaurantSearchQuery>

/** A page of restaurants: `total` counts every restaurant the filters match, on all pages. */
export const restaurantPageSchema = z.object({
  restaurants: z.array(restaurantSchema),
  total: z.number(),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
})
export type RestaurantPage = z.infer<typeof restaurantPageSchema>

export const cameraSchema = z.object({
  id: z.number(),
  restaurantId: z.number(),
  name: z.string(),
  position: z.string(),
  streamUrl: z.string(),
  isActive: z.boolean(),
  /**
   * The owner's list only: whether diners get a picture from it (its last "Check stream" found
   * one; a demo camera's is made by the app), as going live needs.
   */
  pictureChecked: z.boolean().optional(),
})
export type Camera = z.infer<typeof cameraSchema>

/**
 * A live HLS playlist or a video file that the browser plays (http or https), or a camera's own
 * RTSP, RTMP, SRT or HTTP video that the server restreams as HLS.
 */
export const streamUrlSchema = singleLineText('Please provide a valid streaming URL.')
  .max(2000, 'Please provide a valid streaming URL.')
  .refine(
    (v) => /^(https?|rtsp|rtmp|srt):\/\/[^\s]+$/i.test(v) && URL.canParse(v),
    'Please provide a valid streaming URL.',
  )

export const cameraCreateSchema = z.object({
  restaurantId: idField('Choose a restaurant'),
  name: singleLineText('Camera name must be at least 2 characters.')
    .min(2, 'Camera name must be at least 2 characters.')
    .max(60, 'Camera name must be at most 60 characters.'),
  position: z.enum(CAMERA_POSITION_VALUES, { error: 'Please select a camera position.' }),
  streamUrl: streamUrlSchema,
})
export type CameraCreateInput = z.input<typeof cameraCreateSchema>

/** The owner's changes to a camera; a field left out keeps its value. */
export const cameraUpdateSchema = z
  .object({
    name: cameraCreateSchema.shape.name,
    position: cameraCreateSchema.shape.position,
    streamUrl: streamUrlSchema,
    isActive: z.boolean({ error: 'isActive is true or false' }),
  })
  .partial()
export type CameraUpdateInput = z.input<typeof cameraUpdateSchema>

/** `include=inactive` (owner only) also lists deactivated cameras. */
export const cameraListQuery = z.object({ include: z.enum(['inactive']).optional() })

/** What "Check stream" found: the picture's codec and size, or why nothing could be read. */
export const cameraCheckSchema = z.object({
  ok: z.boolean(),
  codec: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  message: z.string().optional(),
})
export type CameraCheck = z.infer<typeof cameraCheckSchema>

/** An uploaded picture: its largest size; smaller ones are at the same address with `-320`/`-640`. */
export const uploadSchema = z.object({ url: z.string() })
export type Upload = z.infer<typeof uploadSchema>

export const menuItemSchema = z.object({
  id: z.number(),
  restaurantId: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  category: z.string(),
  image: z.string().nullable(),
  isAvailable: z.boolean(),
  ingredients: z.array(z.string()),
  allergens: z.array(z.string()),
  /** Always sent by the server (empty for a dish without options). */
  optionGroups: z.array(optionGroupSchema).optional(),
})
export type MenuItem = z.infer<typeof menuItemSchema>

export const userRestaurantSchema = z.object({ id: z.number(), name: z.string() })
