import { z } from 'zod'
import {
  DELIVERY_PLATFORM_VALUES,
  DELIVERY_PLATFORMS,
  INSTALLATION_TIME_SLOTS,
  SPECIAL_INSTRUCTIONS_MAX,
} from '../constants'
import { idField, multilineText, optionalText, singleLineText } from './common'

export const deliveryIntegrationSchema = z.object({
  id: z.number(),
  restaurantId: z.number(),
  platform: z.string(),
  status: z.string(),
  /** Secrets are never returned whole: only "••••" and their last four characters. */
  apiKey: z.string().nullable(),
  clientId: z.string().nullable(),
  clientSecret: z.string().nullable(),
  merchantId: z.string().nullable(),
  storeId: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  syncEnabled: z.boolean(),
  streamEnabled: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  /** Accept this platform's orders at once instead of asking the kitchen. */
  autoAccept: z.boolean(),
  /** The platform's reason for the last failure (check, menu sync), until one succeeds. */
  lastError: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  /** The absolute address to paste into the platform's dashboard as the webhook. */
  inboundUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type DeliveryIntegration = z.infer<typeof deliveryIntegrationSchema>

/** One line of an integration's recent activity. */
export const integrationActivitySchema = z.object({
  id: z.number(),
  /** received, duplicate, accepted, denied, missed, cancelled, bad_signature, failed, menu_synced, menu_failed, checked */
  kind: z.string(),
  message: z.string(),
  orderId: z.number().nullable(),
  at: z.string(),
})
export type IntegrationActivity = z.infer<typeof integrationActivitySchema>

export const connectionCheckSchema = z.object({
  status: z.enum(['connected', 'error']),
  message: z.string(),
})
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>

const webhookUrl = z
  .union([
    z.literal(''),
    singleLineText('Please enter a valid URL').pipe(
      z
        .url({ protocol: /^https?$/, error: 'Please enter a valid URL' })
        .max(2000, 'Please enter a valid URL'),
    ),
  ])
  .optional()
  .nullable()
  .transform((v) => v || undefined)

export const integrationCreateSchema = z.object({
  platform: z.enum(DELIVERY_PLATFORM_VALUES, { error: 'Please choose a delivery platform' }),
  apiKey: optionalText(200),
  clientId: optionalText(200),
  clientSecret: optionalText(200),
  merchantId: optionalText(200),
  storeId: optionalText(200),
  webhookUrl,
  syncEnabled: z.boolean().default(true),
  streamEnabled: z.boolean().default(true),
  autoAccept: z.boolean().default(false),
})
export type IntegrationCreateInput = z.input<typeof integrationCreateSchema>

type IntegrationField = 'apiKey' | 'clientId' | 'clientSecret' | 'merchantId' | 'storeId'
const INTEGRATION_FIELD_NAMES: Record<IntegrationField, string> = {
  apiKey: 'an API key',
  clientId: 'a client ID',
  clientSecret: 'a client secret',
  merchantId: 'a merchant ID',
  storeId: 'a store ID',
}

/**
 * The credentials a platform needs to connect: an API key for every platform, plus Uber Eats'
 * client ID, secret and store ID, DoorDash's store ID, Grubhub's and Seamless' merchant ID. Returns a
 * message per missing field ("Uber Eats needs a client secret"); empty when complete.
 */
export function integrationFieldErrors(
  platform: string,
  values: Partial<Record<IntegrationField, string | null | undefined>>,
): Record<string, string> {
  const spec = DELIVERY_PLATFORMS.find((p) => p.value === platform)
  if (!spec) return {}
  const needed: IntegrationField[] = ['apiKey', ...spec.fields]
  const errors: Record<string, string> = {}
  for (const field of needed) {
    if (!values[field]?.trim()) errors[field] = `${spec.label} needs ${INTEGRATION_FIELD_NAMES[field]}`
  }
  return errors
}

export const integrationUpdateSchema = z
  .object({
    apiKey: optionalText(200),
    clientId: optionalText(200),
    clientSecret: optionalText(200),
    merchantId: optionalText(200),
    storeId: optionalText(200),
    webhookUrl,
    syncEnabled: z.boolean(),
    streamEnabled: z.boolean(),
    autoAccept: z.boolean(),
  })
  .partial()
export type IntegrationUpdateInput = z.input<typeof integrationUpdateSchema>

/** The earliest bookable date: tomorrow, counted in the earliest time zone on Earth (UTC-12). */
export function earliestInstallationDate(now = new Date()): string {
  const d = new Date(now.getTime() - 12 * 3600_000)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

const dateString = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => isCalendarDate(v), message)

/** A real day of the calendar: Date.parse would roll 2099-02-30 over into March. */
function isCalendarDate(v: string): boolean {
  const time = Date.parse(`${v}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v
}

const notBeforeTomorrow = (v: string | undefined) => !v || v >= earliestInstallationDate()

export const installationCreateSchema = z.object({
  restaurantId: idField('Please select a restaurant')
    .or(z.undefined())
    .refine((v) => v !== undefined, 'Please select a restaurant'),
  preferredDate: dateString('Please select a preferred installation date').refine(
    notBeforeTomorrow,
    'The installation date must be tomorrow or later',
  ),
  preferredTimeSlot: z.enum(INSTALLATION_TIME_SLOTS, { error: 'Please select a preferred time slot' }),
  secondaryDate: z
    .union([z.literal(''), dateString('Please select a valid alternative date')])
    .optional()
    .nullable()
    .transform((v) => v || undefined)
    .refine(notBeforeTomorrow, 'The alternative date must be tomorrow or later'),
  secondaryTimeSlot: z
    .union([z.literal(''), z.enum(INSTALLATION_TIME_SLOTS)], { error: 'Please select a valid time slot' })
    .optional()
    .nullable()
    .transform((v) => v || undefined),
  specialInstructions: multilineText()
    .max(SPECIAL_INSTRUCTIONS_MAX, 'Special instructions cannot exceed 500 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  contactName: singleLineText('Contact name must be at least 2 characters')
    .min(2, 'Contact name must be at least 2 characters')
    .max(100, 'Contact name must be at most 100 characters'),
  contactPhone: singleLineText('Please enter a valid phone number')
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number'),
  contactEmail: singleLineText('Please enter a valid email address').pipe(
    z.email('Please enter a valid email address'),
  ),
  termsAccepted: z.literal(true, { error: 'You must accept the terms to continue' }),
})
export type InstallationCreateInput = z.input<typeof installationCreateSchema>

export const installationSchema = z.object({
  id: z.number(),
  restaurantId: z.number(),
  userId: z.number(),
  preferredDate: z.string(),
  preferredTimeSlot: z.string(),
  secondaryDate: z.string().nullable(),
  secondaryTimeSlot: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  status: z.string(),
  createdAt: z.string(),
})
export type Installation = z.infer<typeof installationSchema>
