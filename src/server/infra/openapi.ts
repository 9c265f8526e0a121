/**
 * The OpenAPI document's parts that the route schemas do not carry: servers, security schemes,
 * the error body, and for every operation its operationId, summary, who may call it and the
 * error answers it gives. `npm run lint` lints the generated document with Redocly.
 *
 * A new route adds its row to OPERATIONS (or declares `summary` in its own schema); without a
 * summary the lint fails.
 */

type Auth = 'none' | 'optional' | 'session' | 'device'

interface OperationDoc {
  operationId: string
  summary?: string
  /** Who may call it: nobody in particular, anyone (signed in or not), a signed-in user, a device. */
  auth: Auth
  /** Error statuses beyond those read from the operation's shape (400, 401, 403, 404). */
  errors?: number[]
  /** Only the restaurant's owner (or the user named in the path): 403 for anyone else. */
  owner?: boolean
}

const OPERATIONS: Record<string, OperationDoc> = {
  'POST /api/register': {
    operationId: 'register',
    summary: 'Create an account and sign in',
    auth: 'none',
    errors: [409, 429],
  },
  'POST /api/login': { operationId: 'login', summary: 'Sign in', auth: 'none', errors: [401, 429] },
  'POST /api/logout': { operationId: 'logout', summary: 'Sign out: the session ends', auth: 'optional' },
  'GET /api/user': { operationId: 'getCurrentUser', summary: 'The signed-in user', auth: 'session' },
  'GET /api/restaurants': { operationId: 'listRestaurants', auth: 'none' },
  'POST /api/restaurants': { operationId: 'createRestaurant', auth: 'session' },
  'GET /api/restaurants/{id}': { operationId: 'getRestaurant', summary: 'One restaurant', auth: 'none' },
  'GET /api/restaurants/{id}/menu': { operationId: 'getMenu', auth: 'none' },
  'GET /api/restaurants/{id}/cameras': { operationId: 'listCameras', auth: 'optional' },
  'POST /api/cameras': { operationId: 'createCamera', auth: 'session', owner: true },
  'GET /api/users/{id}/restaurants': { operationId: 'listOwnedRestaurants', auth: 'session' },
  'GET /api/orders/{id}': {
    operationId: 'getOrder',
    summary: 'One order, for its diner, its restaurant’s owner, or anyone for the showcase',
    auth: 'optional',
  },
  'GET /api/users/{id}/orders': {
    operationId: 'listOrders',
    summary: 'The user’s orders, newest first',
    auth: 'session',
  },
  'GET /api/users/{id}/active-orders': {
    operationId: 'listActiveOrders',
    summary: 'The user’s orders still in the kitchen or on the way',
    auth: 'session',
  },
  'POST /api/orders': {
    operationId: 'placeOrder',
    summary: 'Place an order: priced by the server and charged to the wallet',
    auth: 'session',
    errors: [402, 409],
  },
  'POST /api/stream-access': {
    operationId: 'grantStreamAccess',
    summary: 'Watch an order’s live kitchen: granted for an active order of yours, or the showcase',
    auth: 'optional',
  },
  'GET /api/showcase': {
    operationId: 'getShowcase',
    summary: 'The showcase order the home page’s Featured Kitchen shows',
    auth: 'none',
  },
  'GET /api/users/{id}/wallet-balance': {
    operationId: 'getWalletBalance',
    summary: 'The wallet balance',
    auth: 'session',
  },
  'GET /api/users/{id}/wallet/transactions': {
    operationId: 'listWalletTransactions',
    summary: 'The wallet’s transactions, newest first',
    auth: 'session',
  },
  'POST /api/users/{id}/wallet/add-funds': {
    operationId: 'addFunds',
    summary: 'Add funds to the wallet',
    auth: 'session',
    errors: [409],
  },
  'GET /api/orders/{orderId}/chef-shouts': {
    operationId: 'listChefShouts',
    summary: 'The chef shouts sent on an order',
    auth: 'optional',
  },
  'POST /api/orders/{orderId}/chef-shouts': {
    operationId: 'sendChefShout',
    summary: 'Send a chef shout, priced by the server and charged to the wallet',
    auth: 'session',
    errors: [402, 409],
  },
  'POST /api/orders/{orderId}/tip-chef': {
    operationId: 'tipChef',
    summary: 'Tip the chef from the wallet; every viewer of the order hears of it',
    auth: 'session',
    errors: [402, 409],
  },
  'PUT /api/upsells/{upsellId}/response': {
    operationId: 'answerUpsell',
    summary: 'Accept (charged to the wallet) or decline the kitchen’s offer',
    auth: 'session',
    errors: [402, 409],
  },
  'GET /api/users/{id}/allergen-profile': { operationId: 'getAllergenProfile', auth: 'session' },
  'POST /api/users/{id}/allergen-profile': {
    operationId: 'createAllergenProfile',
    auth: 'session',
    errors: [409],
  },
  'PATCH /api/users/{id}/allergen-profile': { operationId: 'updateAllergenProfile', auth: 'session' },
  'GET /api/users/{id}/allergen-check/{restaurantId}': { operationId: 'checkAllergens', auth: 'session' },
  'GET /api/restaurants/{id}/delivery-integrations': {
    operationId: 'listDeliveryIntegrations',
    auth: 'session',
    owner: true,
  },
  'POST /api/restaurants/{id}/delivery-integrations': {
    operationId: 'connectDeliveryPlatform',
    auth: 'session',
    owner: true,
    errors: [409],
  },
  'PUT /api/delivery-integrations/{id}': {
    operationId: 'updateDeliveryIntegration',
    auth: 'session',
    owner: true,
  },
  'DELETE /api/delivery-integrations/{id}': {
    operationId: 'deleteDeliveryIntegration',
    auth: 'session',
    owner: true,
  },
  'POST /api/installations': { operationId: 'requestInstallation', auth: 'session', owner: true },
  'GET /api/users/{id}/installations': { operationId: 'listInstallations', auth: 'session' },
  'POST /api/restaurants/{id}/devices': {
    operationId: 'registerDevice',
    auth: 'session',
    owner: true,
  },
  'GET /api/restaurants/{id}/devices': { operationId: 'listDevices', auth: 'session', owner: true },
  'DELETE /api/devices/{id}': { operationId: 'revokeDevice', auth: 'session', owner: true },
  'POST /api/telemetry': { operationId: 'ingestReadings', auth: 'device', errors: [429] },
  'GET /media/restaurants/{slug}/{file}': { operationId: 'getRestaurantImage', auth: 'none' },
  'GET /media/dishes/{file}': { operationId: 'getDishImage', auth: 'none' },
  'PATCH /api/restaurants/{id}': {
    operationId: 'updateRestaurant',
    auth: 'session',
    owner: true,
    errors: [409],
  },
  'POST /api/restaurants/{id}/menu': { operationId: 'createMenuItem', auth: 'session', owner: true },
  'PATCH /api/menu-items/{id}': { operationId: 'updateMenuItem', auth: 'session', owner: true },
  'DELETE /api/menu-items/{id}': { operationId: 'deleteMenuItem', auth: 'session', owner: true },
  'PUT /api/restaurants/{id}/menu/order': { operationId: 'orderMenu', auth: 'session', owner: true },
  'PATCH /api/cameras/{id}': { operationId: 'updateCamera', auth: 'session', owner: true },
  'DELETE /api/cameras/{id}': { operationId: 'deleteCamera', auth: 'session', owner: true },
  'POST /api/cameras/{id}/check': {
    operationId: 'checkCameraStream',
    auth: 'session',
    owner: true,
    errors: [429],
  },
  'POST /api/uploads': { operationId: 'uploadImage', auth: 'session', errors: [413, 429] },
  'GET /images/{file}': { operationId: 'getUploadedImage', auth: 'none' },
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: the message says what, `errors` which field',
  401: 'Not signed in',
  402: 'Not enough funds in the wallet',
  403: 'Not yours',
  404: 'Not found',
  409: 'Conflicts with the current state (or a reused Idempotency-Key)',
  429: 'Too many requests',
}

const SECURITY: Record<Auth, Array<Record<string, string[]>>> = {
  none: [],
  optional: [{}, { sessionCookie: [] }],
  session: [{ sessionCookie: [] }],
  device: [{ deviceKey: [] }],
}

export const openApiBase = {
  info: {
    title: 'Clearplate API',
    description: 'Order dinner and watch it cooked live.',
    version: '1.0.0',
  },
  servers: [{ url: '/', description: 'The server that serves this document' }],
  components: {
    securitySchemes: {
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'clearplate_session',
        description: 'The session cookie that signing in sets (httpOnly, SameSite=Lax).',
      },
      deviceKey: {
        type: 'http',
        scheme: 'bearer',
        description: 'A device’s own key, shown once when the device is added, for sensor ingest.',
      },
    },
  },
} as const

/** The error body every error answer has. */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, for a person' },
    code: { type: 'string', description: 'A stable code to decide on, e.g. wallet.insufficient_funds' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Field messages, by field',
    },
  },
}

type Json = Record<string, unknown>

/** `GET /api/orders/{orderId}/chef-shouts` -> `getApiOrdersChefShouts`, for routes without a row. */
function derivedOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((part) => part && !part.startsWith('{'))
    .flatMap((part) => part.split(/[^a-zA-Z0-9]+/))
    .filter(Boolean)
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('')
}

/** OpenAPI 3.0 wants `type` beside `nullable`; zod's nullable unions give an anyOf without one. */
function fixNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item)
    return
  }
  if (!node || typeof node !== 'object') return
  const schema = node as Json
  if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
    const types = new Set((schema.anyOf as Json[]).map((s) => s.type))
    if (types.size === 1 && typeof [...types][0] === 'string') schema.type = [...types][0]
  }
  for (const value of Object.values(schema)) fixNullable(value)
}

/** The document's finishing pass (@fastify/swagger's transformObject). */
export function completeOpenApi(document: Json): Json {
  const components = (document.components ?? {}) as Json
  document.components = {
    ...components,
    ...openApiBase.components,
    schemas: { ...((components.schemas as Json) ?? {}), Error: ERROR_SCHEMA },
  }
  document.servers = openApiBase.servers
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const doc = OPERATIONS[`${method.toUpperCase()} ${path}`]
      operation.operationId ??= doc?.operationId ?? derivedOperationId(method, path)
      if (doc?.summary && !operation.summary) operation.summary = doc.summary
      const auth = doc?.auth ?? 'optional'
      operation.security = SECURITY[auth]
      const statuses = new Set(doc?.errors ?? [])
      const hasInput =
        Boolean(operation.requestBody) || (operation.parameters as unknown[] | undefined)?.length
      if (hasInput) statuses.add(400)
      if (auth === 'session' || auth === 'device') statuses.add(401)
      if (doc?.owner || path.startsWith('/api/users/{id}')) statuses.add(403)
      if (path.includes('{')) statuses.add(404)
      const responses = (operation.responses ?? {}) as Json
      for (const status of [...statuses].sort()) {
        responses[String(status)] ??= { description: ERROR_DESCRIPTIONS[status] ?? 'Error' }
      }
      // Every error answer, declared by the route or added here, has the one error body.
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400)
          (response as Json).content = {
            'application/json': { schema: { $ref: '#/components/schemas/Error' } },
          }
      }
      operation.responses = responses
    }
  }
  fixNullable(document.paths)
  fixNullable(document.components)
  return document
}
