import { z } from 'zod'
import { idField, singleLineText } from './common'

/** What a sensor measures; `humidity` sensors report humidityPct, the others a temperature. */
export const DEVICE_KINDS = ['oven', 'grill', 'fryer', 'probe', 'fridge', 'humidity'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]
export const DEVICE_KIND_LABELS: Record<DeviceKind, string> = {
  oven: 'Oven',
  grill: 'Grill',
  fryer: 'Fryer',
  probe: 'Probe thermometer',
  fridge: 'Fridge',
  humidity: 'Humidity',
}

/** Readings a request may carry, and a device's requests a second. */
export const INGEST_MAX_READINGS = 100
export const INGEST_MAX_REQUESTS_PER_SECOND = 20
export { SENSOR_OFFLINE_MS } from '../constants'
/** How far in the future a reading's time may lie (clocks drift). */
export const READING_MAX_FUTURE_MS = 60_000

/** Physical range of a reading, in °F: from a walk-in freezer to a wood-fired oven's floor. */
export const TEMPERATURE_RANGE_F = { min: -60, max: 1000 } as const
export const fahrenheitToCelsiusExact = (f: number) => ((f - 32) * 5) / 9
export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32
const TEMPERATURE_RANGE_C = {
  min: Math.round(fahrenheitToCelsiusExact(TEMPERATURE_RANGE_F.min) * 10) / 10,
  max: Math.round(fahrenheitToCelsiusExact(TEMPERATURE_RANGE_F.max) * 10) / 10,
}

export const deviceNameSchema = singleLineText('Device name must be at least 2 characters.')
  .min(2, 'Device name must be at least 2 characters.')
  .max(60, 'Device name must be at most 60 characters.')

export const deviceCreateSchema = z.object({
  name: deviceNameSchema,
  kind: z.enum(DEVICE_KINDS, { error: 'Please choose what the device measures.' }),
  /** The camera (station) the device watches, one of the restaurant's cameras. */
  cameraId: idField('Choose one of the restaurant’s cameras').optional().nullable(),
})
export type DeviceCreateInput = z.input<typeof deviceCreateSchema>

export const lastReadingSchema = z.object({
  temperatureF: z.number().nullable(),
  humidityPct: z.number().nullable(),
  orderId: z.number().nullable(),
  recordedAt: z.string(),
})
export type LastReading = z.infer<typeof lastReadingSchema>

export const deviceSchema = z.object({
  id: z.number(),
  restaurantId: z.number(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  cameraId: z.number().nullable(),
  keyLast4: z.string(),
  lastSeenAt: z.string().nullable(),
  /** True while the device has reported within the offline window. */
  online: z.boolean(),
  lastReading: lastReadingSchema.nullable(),
  createdAt: z.string(),
})
export type Device = z.infer<typeof deviceSchema>

/** The answer to registering: the only time the key is ever shown. */
export const deviceCreatedSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  cameraId: z.number().nullable(),
  key: z.string(),
  keyLast4: z.string(),
})
export type DeviceCreated = z.infer<typeof deviceCreatedSchema>

const finite = (message: string) => z.number({ error: message }).refine(Number.isFinite, message)

const temperatureFMessage = `Temperature must be between ${TEMPERATURE_RANGE_F.min} and ${TEMPERATURE_RANGE_F.max} °F`
const temperatureCMessage = `Temperature must be between ${TEMPERATURE_RANGE_C.min} and ${TEMPERATURE_RANGE_C.max} °C`
const humidityMessage = 'Humidity must be between 0 and 100 %'

/** One sensor reading as a device sends it. */
export const readingSchema = z
  .object({
    /** The order being cooked; without it the reading is the station's. */
    orderId: idField('orderId must be an order number').optional(),
    temperatureF: finite(temperatureFMessage)
      .refine((v) => v >= TEMPERATURE_RANGE_F.min && v <= TEMPERATURE_RANGE_F.max, temperatureFMessage)
      .optional(),
    temperatureC: finite(temperatureCMessage)
      .refine((v) => v >= TEMPERATURE_RANGE_C.min && v <= TEMPERATURE_RANGE_C.max, temperatureCMessage)
      .optional(),
    humidityPct: finite(humidityMessage)
      .refine((v) => v >= 0 && v <= 100, humidityMessage)
      .optional(),
    /** Seconds of cooking left, when the device knows (a probe with a target, an oven's timer). */
    cookingTimeLeft: z
      .number({ error: 'Cooking time left must be a number of seconds' })
      .int('Cooking time left must be whole seconds')
      .min(0, 'Cooking time left cannot be negative')
      .max(86_400, 'Cooking time left must be at most a day')
      .optional(),
    /** When the device measured it; the time of arrival when left out. */
    recordedAt: z.iso
      .datetime({ offset: true, error: 'recordedAt must be an ISO 8601 date and time' })
      .refine(
        (v) => Date.parse(v) <= Date.now() + READING_MAX_FUTURE_MS,
        'recordedAt is more than a minute in the future',
      )
      .optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.temperatureF !== undefined && r.temperatureC !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['temperatureC'],
        message: 'Send temperatureF or temperatureC, not both',
      })
    if (r.temperatureF === undefined && r.temperatureC === undefined && r.humidityPct === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['temperatureF'],
        message: 'A reading needs temperatureF, temperatureC or humidityPct',
      })
  })
export type ReadingInput = z.input<typeof readingSchema>

export const ingestSchema = z.object({
  readings: z
    .array(readingSchema, { error: 'readings must be a list' })
    .min(1, 'Send at least one reading')
    .max(INGEST_MAX_READINGS, `Send at most ${INGEST_MAX_READINGS} readings a request`),
})
export type IngestInput = z.input<typeof ingestSchema>

export const ingestResponseSchema = z.object({ accepted: z.number() })
