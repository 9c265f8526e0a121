/**
 * Invitations to a restaurant's staff: a link whose token is random, shown once and stored
 * hashed, valid 7 days and used once. Accepting is one conditional update in the transaction
 * that adds the member, so of concurrent accepts of one token exactly one wins.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  INVITE_TTL_MS,
  type InvitableRole,
  ROLE_LABELS,
  type StaffInvite,
  type StaffInviteCreate,
  type StaffInvitePreview,
  type StaffRole,
} from '../../shared/schemas/staff'
import type { RestaurantMember } from '../auth/access'
import type { Db } from '../db/client'
import { alreadyOwner, inviteGone, inviteNotFound, invitePending } from './staff.errors'
import { createStaffRepository, type InviteRow } from './staff.repository'
import type { ActivityInput, StaffChange } from './staff.service'

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function inviteDto(row: InviteRow): StaffInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role as InvitableRole,
    stations: row.stations ?? [],
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

export function createInvitations(deps: {
  db: Db
  clock: () => number
  record: (input: ActivityInput) => Promise<void>
  changed: (change: StaffChange) => void
  /** 403 unless `actor` may give `role` (below their own). */
  requireRank: (actor: RestaurantMember, role: StaffRole) => void
  /** The cook's stations, checked against the kitchen's; none for other roles. */
  checkStations: (restaurantId: number, role: StaffRole, stations: string[] | undefined) => Promise<string[]>
}) {
  const { db, clock, record, changed, requireRank, checkStations } = deps
  const repo = createStaffRepository(db)

  return {
    /** A new invitation; the token is in the link returned here and nowhere else. */
    async invite(actor: RestaurantMember, input: StaffInviteCreate, origin: string) {
      requireRank(actor, input.role)
      const stations = await checkStations(actor.restaurantId, input.role, input.stations)
      await repo.retireExpired(actor.restaurantId, input.email)
      const token = randomBytes(32).toString('base64url')
      const row = await repo.createInvite({
        restaurantId: actor.restaurantId,
        email: input.email,
        role: input.role,
        stations,
        tokenHash: hashToken(token),
        invitedBy: actor.userId,
        expiresAt: new Date(clock() + INVITE_TTL_MS),
      })
      if (!row) throw invitePending()
      await record({
        restaurantId: actor.restaurantId,
        actor,
        action: 'staff_invited',
        summary: `Invited ${input.email} as ${ROLE_LABELS[input.role].toLowerCase()}${stations.length ? ` (${stations.join(', ')})` : ''}`,
      })
      return { invite: inviteDto(row), link: `${origin}/join/${token}` }
    },

    async revokeInvite(actor: RestaurantMember, inviteId: number) {
      const row = await repo.revokeInvite(actor.restaurantId, inviteId)
      if (!row) throw inviteNotFound()
      await record({
        restaurantId: actor.restaurantId,
        actor,
        action: 'invite_revoked',
        summary: `Revoked the invitation of ${row.email}`,
      })
    },

    /** What the link invites to, before it is accepted: 410 once it cannot be. */
    async preview(token: string): Promise<StaffInvitePreview> {
      const row = await repo.inviteByHash(hashToken(token))
      if (!row) throw inviteNotFound('This invitation link is not valid')
      if (row.usedAt || row.revokedAt || row.expiresAt.getTime() <= clock()) throw goneFor(row)
      const restaurant = await repo.restaurant(row.restaurantId)
      return {
        restaurantId: row.restaurantId,
        restaurantName: restaurant?.name ?? '',
        role: row.role as InvitableRole,
        stations: row.stations ?? [],
        email: row.email,
        expiresAt: row.expiresAt.toISOString(),
      }
    },

    /** Uses the invitation (exactly once, whoever races) and makes `userId` staff. */
    async accept(token: string, userId: number) {
      const tokenHash = hashToken(token)
      const result = await db.transaction(async (tx) => {
        const txRepo = createStaffRepository(tx)
        const used = await txRepo.useInvite(tokenHash, userId)
        if (!used) {
          const row = await txRepo.inviteByHash(tokenHash)
          if (!row) throw inviteNotFound('This invitation link is not valid')
          throw goneFor(row)
        }
        const restaurant = await txRepo.restaurant(used.restaurantId)
        if (!restaurant) throw inviteGone()
        if (restaurant.ownerId === userId) throw alreadyOwner()
        const role = used.role as InvitableRole
        await txRepo.addMember({
          restaurantId: used.restaurantId,
          userId,
          role,
          stations: used.stations ?? [],
        })
        return {
          restaurantId: used.restaurantId,
          restaurantName: restaurant.name,
          role,
          stations: used.stations ?? [],
        }
      })
      await record({
        restaurantId: result.restaurantId,
        actor: { userId, role: result.role },
        action: 'staff_joined',
        summary: `Joined as ${ROLE_LABELS[result.role].toLowerCase()}${result.stations.length ? ` (${result.stations.join(', ')})` : ''}`,
      })
      changed({ restaurantId: result.restaurantId, userId })
      return result
    },
  }
}

function goneFor(row: InviteRow) {
  if (row.usedAt) return inviteGone('This invitation has already been used')
  if (row.revokedAt) return inviteGone('This invitation was revoked')
  return inviteGone('This invitation has expired: ask for a new one')
}
