/**
 * Who may call a route, said once in its options:
 *
 *   app.post('/restaurants', { ...signedIn, schema }, async (request) => create(userOf(request).id, ...))
 *   app.get('/users/:id/wallet', { ...self(), schema }, ...)          // that user only
 *   app.patch('/restaurants/:id', { ...restaurantAccess('manage_restaurant', { param: 'id' }), schema }, ...)
 *
 * All three answer 401 to a visitor in preValidation, before the body is read. Once the params
 * and body are parsed, `self` answers 403 to another user, and `restaurantAccess` asks whether
 * the user may do that `capability` in the restaurant (404 for an unknown one, 403 otherwise). What a
 * capability needs is decided in one place, the `restaurantAccess` decorator (app.ts): the
 * restaurant's owner holds every capability, its staff those of their role (`ROLE_CAPABILITIES`).
 * Handlers read the user with `userOf(request)`. Routes open to visitors that still care who asks
 * (the showcase, an order's page) use `currentUser`.
 */
import type { FastifyRequest } from 'fastify'
import type { StaffRole } from '../../shared/schemas/staff'
import { forbidden, unauthorized } from '../infra/errors'
import { currentUser, type SignedInUser } from './auth.guard'

/**
 * What someone does in a restaurant; each route that touches one names the capability it needs.
 * This list and `ROLE_CAPABILITIES` below are the single source of who may do what.
 */
export const RESTAURANT_CAPABILITIES = [
  /** The kitchen console: see tickets (and its live channel), answer shouts. */
  'run_kitchen',
  /** Bump, recall and line bumps; a cook only on tickets of their own stations. */
  'bump_tickets',
  /** Cancel an order with its refund, from the kitchen. */
  'cancel_orders',
  /** Accept or deny an order that came from a delivery platform. */
  'accept_platform_orders',
  /** Switch the kitchen between autopilot and staffed. */
  'set_kitchen_mode',
  /** Sell a dish out ("86") or back. */
  'set_availability',
  /** Dishes, their photos, prices and order. */
  'manage_menu',
  /** Profile, go live, cameras, devices, installations, the kitchen's settings (stations). */
  'manage_restaurant',
  /** Delivery-platform integrations (their secrets are never shown in full to anyone). */
  'manage_integrations',
  /** Invite, change and remove staff (a manager: expo and cooks only; see staff.service.ts). */
  'manage_staff',
  /** Insights: sales, item mix, speed of service, reviews, their CSV. */
  'read_insights',
  /** The restaurant's activity log: who did what. */
  'read_activity',
  /** Earnings, payouts and the payout account. */
  'manage_earnings',
  /** Hand the restaurant to a member of its staff (the owner's alone; see staff/ownership.ts). */
  'transfer_ownership',
] as const
export type RestaurantCapability = (typeof RESTAURANT_CAPABILITIES)[number]

const KITCHEN: RestaurantCapability[] = ['run_kitchen', 'bump_tickets', 'set_availability']
const PASS: RestaurantCapability[] = [
  ...KITCHEN,
  'cancel_orders',
  'accept_platform_orders',
  'set_kitchen_mode',
]
const MANAGER: RestaurantCapability[] = [
  ...PASS,
  'manage_menu',
  'manage_restaurant',
  'manage_integrations',
  'manage_staff',
  'read_insights',
  'read_activity',
]

/** What each role may do (docs/decisions/048-a-restaurant-is-a-team.md). */
export const ROLE_CAPABILITIES: Record<StaffRole, ReadonlySet<RestaurantCapability>> = {
  owner: new Set(RESTAURANT_CAPABILITIES),
  manager: new Set(MANAGER),
  expo: new Set(PASS),
  cook: new Set(KITCHEN),
}

/** Someone's place in a restaurant: their role and, for a cook, their stations. */
export interface RestaurantMember {
  restaurantId: number
  userId: number
  role: StaffRole
  stations: string[]
}

/**
 * Throws 404 for an unknown restaurant and 403 when the user may not do `capability` in it;
 * returns their place in it otherwise.
 */
export type RestaurantAccessCheck = (
  restaurantId: number,
  userId: number,
  capability: RestaurantCapability,
) => Promise<RestaurantMember>

declare module 'fastify' {
  interface FastifyInstance {
    /** The one rule for who may do what in a restaurant. */
    restaurantAccess: RestaurantAccessCheck
  }
}

const users = new WeakMap<FastifyRequest, SignedInUser>()
const members = new WeakMap<FastifyRequest, RestaurantMember>()

async function authenticate(request: FastifyRequest) {
  const user = await currentUser(request)
  if (!user) throw unauthorized()
  users.set(request, user)
}

/** Route option: only a signed-in user (401 otherwise). */
export const signedIn = { preValidation: authenticate }

/**
 * Route option for `/users/{id}/...`: only that user. 401 to a visitor at once; 403 to anyone
 * else once the path is parsed (a malformed id is a 400 first).
 */
export function self(param = 'id') {
  return {
    preValidation: authenticate,
    async preHandler(request: FastifyRequest) {
      const id = (request.params as Record<string, unknown>)[param]
      if (userOf(request).id !== id) throw forbidden()
    },
  }
}

/**
 * Route option: a signed-in user who may do `capability` in the restaurant named by a path
 * parameter or a body field.
 */
export function restaurantAccess(
  capability: RestaurantCapability,
  from: { param: string } | { body: string },
) {
  return {
    preValidation: authenticate,
    async preHandler(request: FastifyRequest) {
      const source = ('param' in from ? request.params : request.body) as Record<string, unknown>
      await requireRestaurantAccess(
        request,
        Number(source['param' in from ? from.param : from.body]),
        capability,
      )
    },
  }
}

/**
 * The same rule inside a handler, where the restaurant is known only there (a camera's
 * restaurant) or only sometimes needs checking: 401, 404 or 403, else the user.
 */
export async function requireRestaurantAccess(
  request: FastifyRequest,
  restaurantId: number,
  capability: RestaurantCapability,
): Promise<SignedInUser & { member: RestaurantMember }> {
  if (!users.has(request)) await authenticate(request)
  const user = users.get(request)!
  const member = await request.server.restaurantAccess(restaurantId, user.id, capability)
  members.set(request, member)
  return { ...user, member }
}

/** The user's place in the restaurant a `restaurantAccess` route checked. */
export function memberOf(request: FastifyRequest): RestaurantMember {
  const member = members.get(request)
  if (!member) throw unauthorized()
  return member
}

/** The signed-in user of a route declared with `signedIn`, `self` or `restaurantAccess`. */
export function userOf(request: FastifyRequest): SignedInUser {
  const user = users.get(request)
  if (!user) throw unauthorized()
  return user
}
