import { join, resolve } from 'node:path'
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
  /** Where the demo's pictures drawn as WebP are kept between starts; DATA_DIR/media-cache when unset. */
  MEDIA_CACHE_DIR: z.string().optional(),
  /** Redis for live messages shared between server instances; in-process when unset. */
  REDIS_URL: z.string().url().optional(),
  /** Key material for encrypting integration secrets; generated into DATA_DIR when unset. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  /** The APP_SECRET before a rotation: stored secrets are re-encrypted from it at start. */
  APP_SECRET_PREVIOUS: z.string().min(32, 'APP_SECRET_PREVIOUS must be at least 32 characters').optional(),
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
  /** Serve cameras over WebRTC (WHEP) beside HLS; "false" leaves HLS only. */
  WEBRTC_ENABLED: flag(true),
  /** Seconds a WebRTC viewer may stay silent (not connected, no receiver reports) before its session closes. */
  WEBRTC_IDLE_SECONDS: z.coerce.number().positive().default(15),
  /** WebRTC viewers this instance serves at once; past that players fall back to HLS. */
  WEBRTC_MAX_VIEWERS: z.coerce.number().int().min(0).default(200),
  /** The UDP ports WebRTC media uses, e.g. "40000-40999"; unset: any free port. */
  WEBRTC_UDP_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'WEBRTC_UDP_PORTS is a range like 40000-40999')
    .optional(),
  /** The address WebRTC's UDP sockets bind to (and offer to viewers); unset: every interface. */
  WEBRTC_BIND_ADDRESS: z.string().optional(),
  /** STUN/TURN servers for the server's side of WebRTC, comma-separated (turn:user:password@host:3478). */
  WEBRTC_ICE_SERVERS: z.string().default(''),
  /** This instance's own address as the other instances reach it (e.g. http://10.0.0.5:3000). */
  INSTANCE_URL: z.string().url().optional(),
  /** Every instance's INSTANCE_URL, comma-separated: a camera's encoder and its WebRTC viewers live on one of them. */
  CAMERA_INSTANCES: z.string().default(''),
  /** Allow every URL a user gives (camera sources, webhooks, push) on loopback, link-local and private addresses. */
  OUTBOUND_PRIVATE_HOSTS: flag(false),
  /** The older name of OUTBOUND_PRIVATE_HOSTS. */
  CAMERA_PRIVATE_HOSTS: flag(false),
  /**
   * A Nominatim-compatible geocoding service (e.g. https://nominatim.openstreetmap.org) that places
   * addresses; unset: the offline US ZIP code dataset places them by their ZIP code.
   */
  GEOCODER_URL: z.string().url('GEOCODER_URL must be an http(s) address').optional(),
  /** Seconds a geocoding service has to answer before the ZIP code is used instead. */
  GEOCODER_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5),
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
  /** The platform's share of what diners pay restaurants for food (orders and add-ons). */
  PLATFORM_COMMISSION_PERCENT: z.coerce
    .number({ error: 'PLATFORM_COMMISSION_PERCENT must be a number' })
    .min(0, 'PLATFORM_COMMISSION_PERCENT must be between 0 and 100')
    .max(100, 'PLATFORM_COMMISSION_PERCENT must be between 0 and 100')
    .default(15),
  /** Stripe's secret key: set, top-ups and payouts go through Stripe; unset, the test provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's publishable key, handed to the browser's Payment Element. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Another address for Stripe's API (a local fake in tests); Stripe's own when unset. */
  STRIPE_API_URL: z.string().url().optional(),
  /** The VAPID key pair that signs Web Push (base64url, as `web-push generate-vapid-keys` prints); generated into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about this sender: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .optional(),
  /** Push endpoints of any http(s) host, not only the known push services' (tests, a self-hosted push service). */
  PUSH_ANY_ENDPOINT: flag(false),
  /** Uber Eats' API (orders, menus); a local simulator in tests and demos. */
  UBEREATS_API_URL: z.string().url('UBEREATS_API_URL must be an http(s) address').optional(),
  /** Uber Eats' token service; defaults to Uber's auth host, or to UBEREATS_API_URL when only that is set. */
  UBEREATS_AUTH_URL: z.string().url('UBEREATS_AUTH_URL must be an http(s) address').optional(),
  /** DoorDash's Marketplace API. */
  DOORDASH_API_URL: z.string().url('DOORDASH_API_URL must be an http(s) address').optional(),
  /** Seconds the kitchen has to accept a platform's order, for every platform (tests); each platform's own when unset. */
  PLATFORM_ACCEPT_SECONDS: z.coerce.number().positive().optional(),
  /** Seconds between demo Uber Eats orders sent to the demo's first restaurant by an in-process simulator; off when unset. */
  DEMO_PLATFORM_ORDERS: z.coerce
    .number()
    .min(5, 'DEMO_PLATFORM_ORDERS is seconds between orders, at least 5')
    .optional(),
  /** This server's public address (https://orders.example.com): watch links sent to platforms; the webhook's host when unset. */
  PUBLIC_URL: z.string().url('PUBLIC_URL must be an http(s) address').optional(),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  logLevel: string
  databaseUrl: string | undefined
  dataDir: string
  /** The demo's pictures drawn as WebP, kept by content so each is drawn once (MEDIA_CACHE_DIR). */
  mediaCacheDir: string
  redisUrl: string | undefined
  appSecret: string | undefined
  /** The secret before a rotation (APP_SECRET_PREVIOUS). */
  appSecretPrevious: string | undefined
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
    /** The same as outbound.allowPrivateHosts. */
    allowPrivateHosts: boolean
  }
  webrtc: {
    enabled: boolean
    idleMs: number
    maxViewers: number
    portRange: { begin: number; end: number } | undefined
    bindAddress: string | undefined
    iceServers: string[]
    /** This instance's address and every instance's, for placing a camera on one of them. */
    instanceUrl: string | undefined
    instances: string[]
  }
  /** URLs users give the server (camera sources, webhook URLs, push endpoints). */
  outbound: {
    /** Loopback, link-local and private addresses allowed (OUTBOUND_PRIVATE_HOSTS). */
    allowPrivateHosts: boolean
  }
  sensors: { offlineMs: number }
  /** Where addresses are placed: a geocoding service, or (url unset) the offline ZIP code dataset. */
  geocoder: { url: string | undefined; timeoutMs: number }
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
  push: {
    /** Both halves, or neither (then generated into DATA_DIR on first start). */
    vapid: { publicKey: string; privateKey: string } | undefined
    subject: string
    /** Any http(s) endpoint, not only the known push services' (PUSH_ANY_ENDPOINT). */
    anyEndpoint: boolean
  }
  /** Delivery platforms: their API hosts, the acceptance deadline override, the public address. */
  platforms: {
    ubereatsApiUrl: string
    ubereatsAuthUrl: string
    doordashApiUrl: string
    acceptSeconds: number | undefined
    publicUrl: string | undefined
    /** Seconds between the demo's simulated Uber Eats orders, when on. */
    demoOrdersEverySeconds: number | undefined
  }
  payments: {
    /** `stripe` when STRIPE_SECRET_KEY is set, else `test`. */
    provider: 'test' | 'stripe'
    commissionPercent: number
    stripe?: { secretKey: string; webhookSecret: string; publishableKey?: string; apiUrl?: string }
  }
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
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n- VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: give both halves of the key pair, or neither.',
    )
  }
  if (e.DATABASE_URL && !(e.VAPID_PUBLIC_KEY && e.VAPID_SUBJECT)) {
    throw new ConfigError(
      'Invalid configuration:\n- VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: required with DATABASE_URL. Every ' +
        'instance must sign pushes with the same key, the one browsers subscribed with (`npx web-push generate-vapid-keys`).',
    )
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n- STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (wallets are credited only by signed webhooks).',
    )
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    mediaCacheDir: resolve(e.MEDIA_CACHE_DIR ?? join(e.DATA_DIR, 'media-cache')),
    redisUrl: e.REDIS_URL,
    appSecret: e.APP_SECRET,
    appSecretPrevious: e.APP_SECRET_PREVIOUS,
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
      allowPrivateHosts: e.OUTBOUND_PRIVATE_HOSTS || e.CAMERA_PRIVATE_HOSTS,
    },
    webrtc: {
      enabled: e.WEBRTC_ENABLED && e.CAMERAS_ENABLED,
      idleMs: e.WEBRTC_IDLE_SECONDS * 1000,
      maxViewers: e.WEBRTC_MAX_VIEWERS,
      portRange: portRange(e.WEBRTC_UDP_PORTS),
      bindAddress: e.WEBRTC_BIND_ADDRESS,
      iceServers: list(e.WEBRTC_ICE_SERVERS),
      instanceUrl: e.INSTANCE_URL?.replace(/\/+$/, ''),
      instances: list(e.CAMERA_INSTANCES).map((url) => url.replace(/\/+$/, '')),
    },
    outbound: { allowPrivateHosts: e.OUTBOUND_PRIVATE_HOSTS || e.CAMERA_PRIVATE_HOSTS },
    trustProxy: e.TRUST_PROXY,
    sensors: { offlineMs: e.SENSOR_OFFLINE_SECONDS * 1000 },
    geocoder: { url: e.GEOCODER_URL, timeoutMs: e.GEOCODER_TIMEOUT_SECONDS * 1000 },
    telemetryRetentionMs: e.TELEMETRY_RETENTION_DAYS * 24 * 60 * 60_000,
    seedDemo: e.SEED_DEMO,
    clientDir: resolve('dist/client'),
    pagesRenderedAhead: e.PAGES_RENDERED_AHEAD,
    cookieSecure:
      e.COOKIE_SECURE === undefined || e.COOKIE_SECURE === ''
        ? undefined
        : e.COOKIE_SECURE === 'true' || e.COOKIE_SECURE === '1',
    metricsToken: e.METRICS_TOKEN,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? 'mailto:operator@clearplate.example',
      anyEndpoint: e.PUSH_ANY_ENDPOINT,
    },
    platforms: {
      ubereatsApiUrl: trimSlash(e.UBEREATS_API_URL ?? 'https://api.uber.com'),
      ubereatsAuthUrl: trimSlash(
        e.UBEREATS_AUTH_URL ?? (e.UBEREATS_API_URL ? e.UBEREATS_API_URL : 'https://auth.uber.com'),
      ),
      doordashApiUrl: trimSlash(e.DOORDASH_API_URL ?? 'https://openapi.doordash.com'),
      acceptSeconds: e.PLATFORM_ACCEPT_SECONDS,
      publicUrl: e.PUBLIC_URL ? trimSlash(e.PUBLIC_URL) : undefined,
      demoOrdersEverySeconds: e.DEMO_PLATFORM_ORDERS,
    },
    payments: {
      provider: e.STRIPE_SECRET_KEY ? 'stripe' : 'test',
      commissionPercent: e.PLATFORM_COMMISSION_PERCENT,
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    },
    limits: {
      registerPerHour: e.REGISTER_LIMIT_PER_HOUR,
      loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
      restaurantsPerDay: e.RESTAURANTS_PER_DAY,
      liveConnectionsPerAddress: e.LIVE_CONNECTIONS_PER_ADDRESS,
    },
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

function portRange(value: string | undefined): { begin: number; end: number } | undefined {
  if (!value) return undefined
  const [begin, end] = value.split('-').map(Number) as [number, number]
  if (begin < 1024 || end > 65535 || begin > end)
    throw new Error('WEBRTC_UDP_PORTS must be a range within 1024-65535, low end first')
  return { begin, end }
}
