/**
 * A restaurant's team: the one rule for who may do what (`access`, the `restaurantAccess`
 * decorator), the staff's roles and stations, invitations (`invitations.ts`), handing the
 * restaurant to another owner (`ownership.ts`), and the activity log of who did what. A change to
 * a member is published on the bus (`STAFF_CHANNEL`), so every instance's live channel checks that
 * member's kitchen subscriptions again at once.
 */
import { stationsOf } from '../../shared/schemas/kitchen'
import {
  type ActivityAction,
  type ActivityPage,
  type InvitableRole,
  type MyWorkplace,
  ROLE_LABELS,
  ROLE_RANK,
  type StaffList,
  type StaffRole,
  type StaffUpdate,
} from '../../shared/schemas/staff'
import { type RestaurantCapability, type RestaurantMember, ROLE_CAPABILITIES } from '../auth/access'
import type { Db } from '../db/client'
import { setBounded } from '../infra/bounded-map'
import { type Bus, STAFF_CHANNEL } from '../infra/bus'
import type { Logger } from '../infra/logger'
import { notRestaurantOwner, restaurantNotFound } from '../restaurants/restaurants.errors'
import { createInvitations, inviteDto } from './invitations'
import { createOwnershipTransfer } from './ownership'
import { memberNotFound, ownerFixed, roleNotAllowed, roleTooHigh, unknownStation } from './staff.errors'
import { createStaffRepository } from './staff.repository'

export interface StaffChange {
  restaurantId: number
  userId: number
}

export interface ActivityInput {
  restaurantId: number
  /** Who did it; undefined for the system. */
  actor?: Pick<RestaurantMember, 'userId' | 'role'>
  action: ActivityAction
  orderId?: number | null
  summary: string
}

const TOUCH_EVERY_MS = 60_000
const MAX_TOUCHED = 10_000

export function createStaffService(deps: {
  db: Db
  bus: Bus
  log?: Pick<Logger, 'warn'>
  now?: () => number
}) {
  const { db, bus, log } = deps
  const clock = deps.now ?? Date.now
  const repo = createStaffRepository(db)
  /**
   * When this instance last saved each member's activity: the database is written at most once a
   * minute per member, not on every request they make (its own condition covers the other instances).
   */
  const touchedAt = new Map<string, number>()
  function touch(restaurantId: number, userId: number) {
    const key = `${restaurantId}:${userId}`
    const now = clock()
    if (now - (touchedAt.get(key) ?? Number.NEGATIVE_INFINITY) < TOUCH_EVERY_MS) return
    setBounded(touchedAt, key, now, MAX_TOUCHED)
    repo.touch(restaurantId, userId).catch((err: unknown) => log?.warn({ err }, 'last active not saved'))
  }

  /** Stations a cook may be given: those of the kitchen's settings. */
  async function kitchenStations(restaurantId: number): Promise<string[]> {
    const row = await repo.restaurant(restaurantId)
    const settings = (row?.kitchenSettings ?? {}) as { stations?: Record<string, string> }
    return stationsOf({ stations: settings.stations ?? {} })
  }

  async function checkStations(restaurantId: number, role: StaffRole, stations: string[] | undefined) {
    if (role !== 'cook') return []
    const known = new Set(await kitchenStations(restaurantId))
    const list = stations ?? []
    const unknown = list.filter((s) => !known.has(s))
    if (unknown.length > 0)
      throw unknownStation(undefined, {
        stations: `Unknown station${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      })
    return list
  }

  /** No one grants or handles a role at or above their own (the owner handles every other). */
  function requireRank(actor: RestaurantMember, role: StaffRole) {
    if (actor.role === 'owner') return
    if (ROLE_RANK[role] >= ROLE_RANK[actor.role]) throw roleTooHigh()
  }

  function changed(change: StaffChange) {
    void bus.publish(STAFF_CHANNEL, change)
  }

  async function record(input: ActivityInput, tx: Db = db) {
    try {
      await createStaffRepository(tx).recordActivity({
        restaurantId: input.restaurantId,
        actorUserId: input.actor?.userId ?? null,
        actorRole: input.actor?.role ?? null,
        action: input.action,
        orderId: input.orderId ?? null,
        summary: input.summary,
      })
    } catch (err) {
      // The action itself has happened; a lost log line must not turn it into an error.
      log?.warn({ err, restaurantId: input.restaurantId }, 'activity not recorded')
    }
  }

  const invitations = createInvitations({
    db,
    clock,
    record,
    changed,
    requireRank,
    checkStations,
  })

  const ownership = createOwnershipTransfer({ db, changed })

  return {
    record,

    /** The one rule: 404 for an unknown restaurant, 403 unless `userId`'s role holds `capability`. */
    async access(restaurantId: number, userId: number, capability: RestaurantCapability) {
      const place = await repo.membership(restaurantId, userId)
      if (place === undefined) throw restaurantNotFound()
      if (place === null) throw notRestaurantOwner()
      if (!ROLE_CAPABILITIES[place.role].has(capability))
        throw roleNotAllowed(`A ${ROLE_LABELS[place.role].toLowerCase()} may not do that in this restaurant`)
      if (place.role !== 'owner') touch(restaurantId, userId)
      return { restaurantId, userId, role: place.role, stations: place.stations } satisfies RestaurantMember
    },

    /** The member's place, or undefined for someone who is not on the restaurant's team. */
    async placeOf(restaurantId: number, userId: number) {
      const place = await repo.membership(restaurantId, userId)
      return place ? { restaurantId, userId, ...place } : undefined
    },

    async list(restaurantId: number): Promise<StaffList> {
      const [owner, members, invites, stations] = await Promise.all([
        repo.owner(restaurantId),
        repo.members(restaurantId),
        repo.pendingInvites(restaurantId),
        kitchenStations(restaurantId),
      ])
      return {
        members: [
          ...(owner
            ? [
                {
                  userId: owner.userId,
                  fullName: owner.fullName,
                  username: owner.username,
                  email: owner.email,
                  role: 'owner' as const,
                  stations: [],
                  lastActiveAt: null,
                  joinedAt: owner.createdAt.toISOString(),
                },
              ]
            : []),
          ...members.map((m) => ({
            userId: m.userId,
            fullName: m.fullName,
            username: m.username,
            email: m.email,
            role: m.role as StaffRole,
            stations: m.stations ?? [],
            lastActiveAt: m.lastActiveAt?.toISOString() ?? null,
            joinedAt: m.createdAt.toISOString(),
          })),
        ],
        invites: invites.map(inviteDto),
        stations,
      }
    },

    ...invitations,

    /** Hands the restaurant to a member of its staff; answers the team as it is afterwards. */
    async transferOwnership(actor: RestaurantMember, toUserId: number): Promise<StaffList> {
      await ownership.transferOwnership(actor, toUserId)
      return this.list(actor.restaurantId)
    },

    async update(actor: RestaurantMember, userId: number, input: StaffUpdate) {
      const current = await repo.member(actor.restaurantId, userId)
      if (!current) {
        const place = await repo.membership(actor.restaurantId, userId)
        if (place?.role === 'owner') throw ownerFixed()
        throw memberNotFound()
      }
      requireRank(actor, current.role as StaffRole)
      const role = input.role ?? (current.role as InvitableRole)
      requireRank(actor, role)
      const stations =
        role === 'cook'
          ? await checkStations(actor.restaurantId, role, input.stations ?? current.stations ?? [])
          : []
      if (role === 'cook' && stations.length === 0)
        throw unknownStation('A cook needs at least one station', {
          stations: 'A cook needs at least one station',
        })
      await repo.updateMember(actor.restaurantId, userId, { role, stations })
      changed({ restaurantId: actor.restaurantId, userId })
      await record({
        restaurantId: actor.restaurantId,
        actor,
        action: 'staff_changed',
        summary: `Made ${await repo.userName(userId)} ${ROLE_LABELS[role].toLowerCase()}${stations.length ? ` (${stations.join(', ')})` : ''}`,
      })
      return (await this.list(actor.restaurantId)).members.find((m) => m.userId === userId)!
    },

    async remove(actor: RestaurantMember, userId: number) {
      const current = await repo.member(actor.restaurantId, userId)
      if (!current) {
        const place = await repo.membership(actor.restaurantId, userId)
        if (place?.role === 'owner') throw ownerFixed()
        throw memberNotFound()
      }
      requireRank(actor, current.role as StaffRole)
      await repo.removeMember(actor.restaurantId, userId)
      changed({ restaurantId: actor.restaurantId, userId })
      await record({
        restaurantId: actor.restaurantId,
        actor,
        action: 'staff_removed',
        summary: `Removed ${await repo.userName(userId)} (${ROLE_LABELS[current.role as StaffRole].toLowerCase()})`,
      })
    },

    async workplaces(userId: number): Promise<MyWorkplace[]> {
      return repo.workplaces(userId)
    },

    async activity(restaurantId: number, before: number | undefined, limit = 50): Promise<ActivityPage> {
      const rows = await repo.activity(restaurantId, before, limit + 1)
      const page = rows.slice(0, limit)
      return {
        entries: page.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          action: r.action,
          summary: r.summary,
          orderId: r.orderId,
          actor: r.actorRole
            ? { name: r.actorName ?? 'Former member', role: r.actorRole as StaffRole }
            : null,
        })),
        nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
      }
    },
  }
}
export type StaffService = ReturnType<typeof createStaffService>
