import { resolve } from 'node:path'
import { z } from 'zod'

/** A yes/no variable: true/false/1/0; unset or empty means `fallback`. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''], { error: 'Use true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'))

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Redis for live messages shared between server instances; in-process when unset. */
  REDIS_URL: z.string().url().optional(),
  /** Key material for encrypting integration secrets; generated into DATA_DIR when unset. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  /** Seconds a whole order takes in the kitchen, preparing to completed. */
  KITCHEN_ORDER_SECONDS: z.coerce.number().positive().default(900),
  /** Milliseconds between telemetry readings. */
  KITCHEN_TICK_MS: z.coerce.number().int().min(50).default(2000),
  KITCHEN_ENABLED: flag(true),
  /** Origins allowed to open the live channel besides the request's own host (comma-separated). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Serve live test pictures for demo cameras (needs ffmpeg); "false" to turn off. */
  CAMERAS_ENABLED: flag(true),
  FFMPEG_PATH: z.string().optional(),
  /** For srt:// cameras, also try an ffmpeg on PATH (Debian's reads SRT); "false" to use only the two above. */
  SRT_SYSTEM_FFMPEG: flag(true),
  /** Seconds without a viewer after which a demo camera's encoder stops. */
  CAMERAS_IDLE_SECONDS: z.coerce.number().positive().default(30),
  /** Demo camera encoders allowed at once; each uses a few percent of a core. */
  CAMERAS_MAX_ENCODERS: z.coerce.number().int().min(1).default(4),
  /** Restaurants' own camera sources pulled at once (copying H.264 costs little; transcoding more). */
  CAMERAS_MAX_RESTREAMS: z.coerce.number().int().min(1).default(8),
  /** Allow camera sources on loopback, link-local and private addresses (a self-hosted LAN install). */
  CAMERA_PRIVATE_HOSTS: flag(false),
  /** Seconds without a reading after which a sensor is offline and the estimate comes back. */
  SENSOR_OFFLINE_SECONDS: z.coerce.number().positive().default(30),
  /** Days sensor readings are kept; older ones are deleted hourly. */
  TELEMETRY_RETENTION_DAYS: z.coerce
    .number({ error: 'TELEMETRY_RETENTION_DAYS must be a number of days' })
    .int('TELEMETRY_RETENTION_DAYS must be a whole number of days')
    .min(1, 'TELEMETRY_RETENTION_DAYS must be at least 1')
    .max(3650, 'TELEMETRY_RETENTION_DAYS must be at most 3650')
    .default(30),
  TRUST_PROXY: flag(false),
  SEED_DEMO: flag(true),
  PAGES_RENDERED_AHEAD: flag(true),
  /** Session cookie's Secure flag; unset: Secure when the request came over HTTPS (as TRUST_PROXY judges). */
  COOKIE_SECURE: z.enum(['true', 'false', '1', '0', ''], { error: 'Use true or false' }).optional(),
  /** Bearer token that GET /metrics asks for; open when unset. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Accounts one address may register per hour. */
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Failed sign-ins one address may make per 15 minutes, whatever usernames it tries. */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Restaurants one user may create per day. */
  RESTAURANTS_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Live-channel connections open at once from one address. */
  LIVE_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  logLevel: string
  databaseUrl: string | undefined
  dataDir: string
  redisUrl: string | undefined
  appSecret: string | undefined
  kitchen: { enabled: boolean; orderMs: number; tickMs: number }
  allowedOrigins: string[]
  cameras: {
    enabled: boolean
    ffmpegPath: string | undefined
    /** srt:// sources may fall back to an ffmpeg found on PATH. */
    systemFfmpegForSrt: boolean
    idleMs: number
    maxEncoders: number
    maxRestreams: number
    allowPrivateHosts: boolean
  }
  sensors: { offlineMs: number }
  /** How long sensor readings are kept. */
  telemetryRetentionMs: number
  trustProxy: boolean
  seedDemo: boolean
  clientDir: string
  /** Home, restaurant and stream pages sent with their first screen rendered by the server. */
  pagesRenderedAhead: boolean
  /** true/false forces the flag; undefined follows the request's protocol. */
  cookieSecure: boolean | undefined
  metricsToken: string | undefined
  limits: {
    registerPerHour: number
    loginFailuresPerAddress: number
    restaurantsPerDay: number
    liveConnectionsPerAddress: number
  }
}

export class ConfigError extends Error {}

/** One parse of the environment into a typed config; throws with every problem listed. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.DATABASE_URL && !e.APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n- APP_SECRET: required with DATABASE_URL. Every instance on one database must ' +
        'share it to read the delivery-platform secrets the others stored (32+ characters).',
    )
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    appSecret: e.APP_SECRET,
    kitchen: {
      enabled: e.KITCHEN_ENABLED,
      orderMs: e.KITCHEN_ORDER_SECONDS * 1000,
      tickMs: e.KITCHEN_TICK_MS,
    },
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cameras: {
      enabled: e.CAMERAS_ENABLED,
      ffmpegPath: e.FFMPEG_PATH,
      systemFfmpegForSrt: e.SRT_SYSTEM_FFMPEG,
      idleMs: e.CAMERAS_IDLE_SECONDS * 1000,
      maxEncoders: e.CAMERAS_MAX_ENCODERS,
      maxRestreams: e.CAMERAS_MAX_RESTREAMS,
      allowPrivateHosts: e.CAMERA_PRIVATE_HOSTS,
    },
    trustProxy: e.TRUST_PROXY,
    sensors: { offlineMs: e.SENSOR_OFFLINE_SECONDS * 1000 },
    telemetryRetentionMs: e.TELEMETRY_RETENTION_DAYS * 24 * 60 * 60_000,
    seedDemo: e.SEED_DEMO,
    clientDir: resolve('dist/client'),
    pagesRenderedAhead: e.PAGES_RENDERED_AHEAD,
    cookieSecure:
      e.COOKIE_SECURE === undefined || e.COOKIE_SECURE === ''
        ? undefined
        : e.COOKIE_SECURE === 'true' || e.COOKIE_SECURE === '1',
    metricsToken: e.METRICS_TOKEN,
    limits: {
      registerPerHour: e.REGISTER_LIMIT_PER_HOUR,
      loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
      restaurantsPerDay: e.RESTAURANTS_PER_DAY,
      liveConnectionsPerAddress: e.LIVE_CONNECTIONS_PER_ADDRESS,
    },
  }
}
