/** Business constants from the product spec. Shared by client and server. */

export const DELIVERY_FEE_CENTS = 299
/** Delivery brings the order to an address; pickup has the diner collect it, with no fee. */
export const FULFILMENTS = ['delivery', 'pickup'] as const
export type Fulfilment = (typeof FULFILMENTS)[number]
/** A restaurant delivers this far unless it sets its own radius. */
export const DEFAULT_DELIVERY_RADIUS_KM = 10
export const REVIEW_COMMENT_MAX = 500
/** A delivered order may be reviewed for this long. */
export const REVIEW_WINDOW_DAYS = 14
export const STREAM_ACCESS_MS = 20 * 60 * 1000
export const STREAM_ACCESS_WARNING_MS = 60 * 1000
export const STREAM_EXPIRY_REDIRECT_MS = 3000
export const LIVE_RECONNECT_CHECK_MS = 5000
export const WALLET_POLL_MS = 10_000
export const CHEF_SHOUTS_POLL_MS = 5000
export const ORDER_REDIRECT_MS = 2000
export const HOME_ACTIVE_ORDERS = 3
export const POPULAR_RESTAURANTS = 3
export const DEFAULT_TEMPERATURE_F = 375
export const DEFAULT_COOKING_TIME_S = 765

/** Progress thresholds at which an order reaches preparing-started, cooking, plating, delivering. */
export const PROGRESS = { prepStarted: 10, cooking: 30, plating: 75, delivering: 95 } as const
/** Minutes after creation shown for the last four timeline steps. */
export const TIMELINE_OFFSETS_MIN = [5, 15, 25, 35] as const

export const ORDER_STATUSES = [
  /** A delivery platform's order waiting for the kitchen to accept it. */
  'received',
  'preparing',
  'cooking',
  'plating',
  'delivering',
  'completed',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const ACTIVE_ORDER_STATUSES = [
  'received',
  'preparing',
  'cooking',
  'plating',
  'delivering',
] as const satisfies readonly OrderStatus[]
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  received: 'Waiting to be accepted',
  preparing: 'Preparing',
  cooking: 'Cooking',
  plating: 'Plating',
  delivering: 'Out for Delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
}
export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? 'Unknown'
}
export function isActiveStatus(status: string): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly string[]).includes(status)
}

export const CHEF_SHOUTS = [
  { key: 'cheese', name: 'Add Cheese!', priceCents: 200 },
  { key: 'crispy', name: 'Extra Crispy!', priceCents: 150 },
  { key: 'blackened', name: 'Blackened!', priceCents: 150 },
  { key: 'spicy', name: 'Make it Spicy!', priceCents: 100 },
  { key: 'garlic', name: 'Extra Garlic!', priceCents: 75 },
] as const
export type ShoutType = (typeof CHEF_SHOUTS)[number]['key']
export const SHOUT_TYPES = CHEF_SHOUTS.map((s) => s.key) as [ShoutType, ...ShoutType[]]
export const CHEF_SHOUT_STATUSES = ['pending', 'acknowledged', 'done'] as const

export const TIP_PRESETS = [2, 5, 10, 15, 20] as const
export const TIP_DEFAULT = 5
export const TIP_SLIDER = { min: 1, max: 25, step: 1 } as const
export const TIP_CUSTOM = { min: 0.5, step: 0.5 } as const
export const TIP_LIMITS_CENTS = { min: 50, max: 10_000 } as const
export const TIP_RANGE = 'Tips are between $0.50 and $100.00'
export const TIP_INVALID = 'Please enter a valid tip amount'
export const TIP_MESSAGE_MAX = 100

export const ADD_FUNDS_LIMITS_CENTS = { min: 1, max: 100_000 } as const
/** A top-up through the payment provider: $5 to $500. */
export const TOP_UP_LIMITS_CENTS = { min: 500, max: 50_000 } as const
export const ORDER_QUANTITY = { min: 1, max: 20 } as const

export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const
export const PRICE_RANGE_LABELS: Record<string, string> = {
  $: 'Budget',
  $$: 'Moderate',
  $$$: 'Upscale',
  $$$$: 'Fine Dining',
}
export const WIZARD_PRICE_RANGE_LABELS: Record<string, string> = {
  $: 'Under $15',
  $$: '$15-$30',
  $$$: '$31-$60',
  $$$$: 'Over $60',
}

/** Cuisines shown on the diner side (discover filters). */
export const DINER_CUISINES = [
  'Italian',
  'French',
  'Japanese',
  'Chinese',
  'Mexican',
  'Mediterranean',
  'Indian',
  'American',
  'Thai',
  'Seafood',
  'Steakhouse',
  'Vegetarian',
  'Vegan',
  'BBQ',
  'Fusion',
] as const
/** Cuisines offered to restaurants in the application and the wizard. */
export const RESTAURANT_CUISINES = [
  'Italian',
  'Mexican',
  'Chinese',
  'Japanese',
  'Thai',
  'Indian',
  'French',
  'American',
  'Mediterranean',
  'Korean',
  'Middle Eastern',
  'Spanish',
  'Greek',
  'Vietnamese',
  'Brazilian',
  'African',
  'Caribbean',
  'Fusion',
  'Other',
] as const

export const RESTAURANT_FEATURES = [
  'Live Kitchen View',
  'Chef Interaction',
  'Temperature Monitoring',
  'Cooking Timeline',
  'Premium Experience',
  'Chef Collaboration',
  'Detailed Telemetry',
  'High-Definition Stream',
  'Multi-Angle Cameras',
] as const
export const WIZARD_FEATURES = RESTAURANT_FEATURES.slice(0, 5)

export const CAMERA_POSITIONS = [
  { value: 'main', label: 'Main Kitchen' },
  { value: 'prep', label: 'Prep Station' },
  { value: 'grill', label: 'Grill Area' },
  { value: 'plating', label: 'Plating Station' },
  { value: 'dessert', label: 'Dessert Station' },
  { value: 'bar', label: 'Bar Area' },
] as const
export const CAMERA_POSITION_VALUES = CAMERA_POSITIONS.map((p) => p.value) as [string, ...string[]]

export const ALLERGENS = [
  { id: 'peanuts', label: 'Peanuts' },
  { id: 'treenuts', label: 'Tree Nuts' },
  { id: 'milk', label: 'Milk/Dairy' },
  { id: 'eggs', label: 'Eggs' },
  { id: 'fish', label: 'Fish' },
  { id: 'shellfish', label: 'Shellfish' },
  { id: 'soy', label: 'Soy' },
  { id: 'wheat', label: 'Wheat' },
  { id: 'gluten', label: 'Gluten' },
  { id: 'sesame', label: 'Sesame' },
  { id: 'mustard', label: 'Mustard' },
  { id: 'celery', label: 'Celery' },
  { id: 'lupin', label: 'Lupin' },
  { id: 'sulfites', label: 'Sulfites' },
  { id: 'msg', label: 'MSG' },
] as const
export type AllergenId = (typeof ALLERGENS)[number]['id']
export const ALLERGEN_IDS = ALLERGENS.map((a) => a.id) as [AllergenId, ...AllergenId[]]
export function allergenLabel(id: string): string {
  return ALLERGENS.find((a) => a.id === id.toLowerCase())?.label ?? id
}

export const SEVERITIES = [
  { value: 'mild', label: 'Mild', description: 'Uncomfortable' },
  { value: 'moderate', label: 'Moderate', description: 'Sick' },
  { value: 'severe', label: 'Severe', description: 'Medical Attention' },
  { value: 'life-threatening', label: 'Life-threatening', description: 'Emergency' },
] as const
export const SEVERITY_VALUES = ['mild', 'moderate', 'severe', 'life-threatening'] as const
export type Severity = (typeof SEVERITY_VALUES)[number]
export function isHighSeverity(severity: string): boolean {
  return severity === 'severe' || severity === 'life-threatening'
}

export const DELIVERY_PLATFORMS = [
  // Uber Eats publishes a menu to one store (`/v2/eats/stores/{store_id}/menus`): its store ID too.
  { value: 'ubereats', label: 'Uber Eats', fields: ['clientId', 'clientSecret', 'storeId'] },
  { value: 'doordash', label: 'DoorDash', fields: ['storeId'] },
  { value: 'grubhub', label: 'Grubhub', fields: ['merchantId'] },
  { value: 'postmates', label: 'Postmates', fields: [] },
  { value: 'seamless', label: 'Seamless', fields: ['merchantId'] },
] as const
export const DELIVERY_PLATFORM_VALUES = DELIVERY_PLATFORMS.map((p) => p.value) as [string, ...string[]]
/** Where an order came from, as a kitchen reads it: "Clearplate", "Uber Eats". */
export function orderSourceLabel(source: string): string {
  if (source === 'clearplate') return 'Clearplate'
  return (
    DELIVERY_PLATFORMS.find((p) => p.value === source)?.label ??
    source.replaceAll('_', ' ').replace(/\b\w/g, (c) => c.toUpperCase())
  )
}

/** "8:40 PM" in the restaurant's time zone (its own zone when the name is unknown to this runtime). */
export function formatClockTime(at: string | Date, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at
  try {
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      date,
    )
  }
}

/** What a paused restaurant says to diners: "Not taking orders until 8:40 PM". */
export function pausedMessage(pausedUntil: string | Date, timeZone: string): string {
  return `Not taking orders until ${formatClockTime(pausedUntil, timeZone)}`
}
export const INTEGRATION_STATUSES = ['pending', 'connected', 'error'] as const

export const INSTALLATION_TIME_SLOTS = [
  '8:00 AM - 12:00 PM',
  '10:00 AM - 2:00 PM',
  '12:00 PM - 4:00 PM',
  '2:00 PM - 6:00 PM',
  '4:00 PM - 8:00 PM',
] as const
export const SPECIAL_INSTRUCTIONS_MAX = 500

export const DISTANCE_OPTIONS_KM = [1, 5, 10, 25] as const
export const DEFAULT_RADIUS_KM = 25

export const PACKAGES = [
  { name: 'Standard', setup: 599, monthly: 99, cameras: 3, sensors: '2 temperature sensors' },
  { name: 'Premium', setup: 999, monthly: 149, cameras: 5, sensors: '4 temperature sensors plus humidity' },
  { name: 'Enterprise', setup: null, monthly: null, cameras: null, sensors: 'Custom sensor suite' },
] as const

/** How long a technician's installation visit takes, said the same way on every page. */
export const INSTALLATION_HOURS = { from: 2, to: 4 } as const
export const INSTALLATION_TIME = `${INSTALLATION_HOURS.from}-${INSTALLATION_HOURS.to} hours`

export const THEME_STORAGE_KEY = 'clearplate-theme'
export const STREAM_ACCESS_STORAGE_KEY = 'clearplate-stream-access'

export const CONTACT = {
  founder: 'Maya Okafor',
  support: 'support@clearplate.app',
  partners: 'partners@clearplate.app',
  location: 'Austin, Texas, USA',
} as const

/**
 * A sensor silent this long is offline (the server's default; tests shorten it). Here rather than
 * in schemas/devices so the player's overlay does not pull zod into every page that shows it.
 */
export const SENSOR_OFFLINE_MS = 30_000
