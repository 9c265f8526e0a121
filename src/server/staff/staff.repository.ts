import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { InvitableRole, StaffRole } from '../../shared/schemas/staff'
import type { Db, Tx } from '../db/client'
import { restaurantActivity, restaurantStaff, restaurants, staffInvites, users } from '../db/schema'

export type InviteRow = typeof staffInvites.$inferSelect

/** Who works where, the invitations that bring them in, and what they did. */
export function createStaffRepository(db: Db | Tx) {
  return {
    /**
     * The restaurant (undefined when there is none) and `userId`'s place in it: `owner`, their
     * staff role, or null for someone who is neither.
     */
    async membership(restaurantId: number, userId: number) {
      const [row] = await db
        .select({
          ownerId: restaurants.ownerId,
          role: restaurantStaff.role,
          stations: restaurantStaff.stations,
        })
        .from(restaurants)
        .leftJoin(
          restaurantStaff,
          and(eq(restaurantStaff.restaurantId, restaurants.id), eq(restaurantStaff.userId, userId)),
        )
        .where(eq(restaurants.id, restaurantId))
      if (!row) return undefined
      if (row.ownerId === userId) return { role: 'owner' as StaffRole, stations: [] as string[] }
      if (row.role) return { role: row.role as StaffRole, stations: row.stations ?? [] }
      return null
    },

    /** The restaurant's owner, its row locked until the transaction ends (ownership transfer). */
    async lockOwner(restaurantId: number) {
      const [row] = await db
        .select({ ownerId: restaurants.ownerId, name: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
        .for('update')
      return row
    },

    async setOwner(restaurantId: number, userId: number) {
      await db.update(restaurants).set({ ownerId: userId }).where(eq(restaurants.id, restaurantId))
    },

    /** Marks the member active now, at most once a minute. */
    async touch(restaurantId: number, userId: number) {
      await db
        .update(restaurantStaff)
        .set({ lastActiveAt: sql`now()` })
        .where(
          and(
            eq(restaurantStaff.restaurantId, restaurantId),
            eq(restaurantStaff.userId, userId),
            or(
              isNull(restaurantStaff.lastActiveAt),
              lt(restaurantStaff.lastActiveAt, sql`now() - interval '1 minute'`),
            ),
          ),
        )
    },

    async restaurant(restaurantId: number) {
      const [row] = await db
        .select({
          id: restaurants.id,
          name: restaurants.name,
          ownerId: restaurants.ownerId,
          kitchenSettings: restaurants.kitchenSettings,
        })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
      return row
    },

    async owner(restaurantId: number) {
      const [row] = await db
        .select({
          userId: users.id,
          fullName: users.fullName,
          username: users.username,
          email: users.email,
          createdAt: restaurants.createdAt,
        })
        .from(restaurants)
        .innerJoin(users, eq(users.id, restaurants.ownerId))
        .where(eq(restaurants.id, restaurantId))
      return row
    },

    async members(restaurantId: number) {
      return db
        .select({
          userId: users.id,
          fullName: users.fullName,
          username: users.username,
          email: users.email,
          role: restaurantStaff.role,
          stations: restaurantStaff.stations,
          lastActiveAt: restaurantStaff.lastActiveAt,
          createdAt: restaurantStaff.createdAt,
        })
        .from(restaurantStaff)
        .innerJoin(users, eq(users.id, restaurantStaff.userId))
        .where(eq(restaurantStaff.restaurantId, restaurantId))
        .orderBy(restaurantStaff.createdAt, users.id)
    },

    async userName(userId: number): Promise<string> {
      const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId))
      return row?.fullName ?? `User #${userId}`
    },

    async member(restaurantId: number, userId: number) {
      const [row] = await db
        .select()
        .from(restaurantStaff)
        .where(and(eq(restaurantStaff.restaurantId, restaurantId), eq(restaurantStaff.userId, userId)))
      return row
    },

    async updateMember(
      restaurantId: number,
      userId: number,
      patch: { role?: InvitableRole; stations?: string[] },
    ) {
      const [row] = await db
        .update(restaurantStaff)
        .set(patch)
        .where(and(eq(restaurantStaff.restaurantId, restaurantId), eq(restaurantStaff.userId, userId)))
        .returning()
      return row
    },

    /** Takes the member off the staff: their row (with the role they had), or undefined when none. */
    async removeMember(restaurantId: number, userId: number) {
      const rows = await db
        .delete(restaurantStaff)
        .where(and(eq(restaurantStaff.restaurantId, restaurantId), eq(restaurantStaff.userId, userId)))
        .returning({ userId: restaurantStaff.userId, role: restaurantStaff.role })
      return rows[0]
    },

    /** Adds the user to the staff, or gives a member already there the invitation's role. */
    async addMember(input: {
      restaurantId: number
      userId: number
      role: InvitableRole
      stations: string[]
    }) {
      await db
        .insert(restaurantStaff)
        .values(input)
        .onConflictDoUpdate({
          target: [restaurantStaff.restaurantId, restaurantStaff.userId],
          set: { role: input.role, stations: input.stations },
        })
    },

    /** The restaurants where `userId` works, owned ones first. */
    async workplaces(userId: number) {
      const owned = await db
        .select({ restaurantId: restaurants.id, restaurantName: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.ownerId, userId))
        .orderBy(restaurants.id)
      const staffed = await db
        .select({
          restaurantId: restaurants.id,
          restaurantName: restaurants.name,
          role: restaurantStaff.role,
          stations: restaurantStaff.stations,
        })
        .from(restaurantStaff)
        .innerJoin(restaurants, eq(restaurants.id, restaurantStaff.restaurantId))
        .where(eq(restaurantStaff.userId, userId))
        .orderBy(restaurantStaff.createdAt)
      return [
        ...owned.map((r) => ({ ...r, role: 'owner' as StaffRole, stations: [] as string[] })),
        ...staffed.map((r) => ({ ...r, role: r.role as StaffRole, stations: r.stations ?? [] })),
      ]
    },

    async pendingInvites(restaurantId: number) {
      return db
        .select()
        .from(staffInvites)
        .where(
          and(
            eq(staffInvites.restaurantId, restaurantId),
            isNull(staffInvites.usedAt),
            isNull(staffInvites.revokedAt),
            gt(staffInvites.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(staffInvites.createdAt))
    },

    /** Retires an expired invitation still pending for the address, so a new one may be sent. */
    async retireExpired(restaurantId: number, email: string) {
      await db
        .update(staffInvites)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(staffInvites.restaurantId, restaurantId),
            sql`lower(${staffInvites.email}) = ${email.toLowerCase()}`,
            isNull(staffInvites.usedAt),
            isNull(staffInvites.revokedAt),
            lt(staffInvites.expiresAt, sql`now()`),
          ),
        )
    },

    async createInvite(input: typeof staffInvites.$inferInsert) {
      const [row] = await db.insert(staffInvites).values(input).onConflictDoNothing().returning()
      return row
    },

    async inviteByHash(tokenHash: string) {
      const [row] = await db.select().from(staffInvites).where(eq(staffInvites.tokenHash, tokenHash))
      return row
    },

    /** Revokes a pending invitation of the restaurant; false when there is none such. */
    async revokeInvite(restaurantId: number, inviteId: number) {
      const rows = await db
        .update(staffInvites)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(staffInvites.id, inviteId),
            eq(staffInvites.restaurantId, restaurantId),
            isNull(staffInvites.usedAt),
            isNull(staffInvites.revokedAt),
          ),
        )
        .returning({ id: staffInvites.id, email: staffInvites.email })
      return rows[0]
    },

    /**
     * Uses the invitation: one conditional update, so of two accepts of one token exactly one
     * finds it unused. Undefined when it is used, revoked, expired or unknown.
     */
    async useInvite(tokenHash: string, userId: number) {
      const [row] = await db
        .update(staffInvites)
        .set({ usedAt: sql`now()`, usedBy: userId })
        .where(
          and(
            eq(staffInvites.tokenHash, tokenHash),
            isNull(staffInvites.usedAt),
            isNull(staffInvites.revokedAt),
            gt(staffInvites.expiresAt, sql`now()`),
          ),
        )
        .returning()
      return row
    },

    async recordActivity(input: typeof restaurantActivity.$inferInsert) {
      await db.insert(restaurantActivity).values(input)
    },

    /** A page of the restaurant's activity, newest first, with each actor's name. */
    async activity(restaurantId: number, before: number | undefined, limit: number) {
      return db
        .select({
          id: restaurantActivity.id,
          at: restaurantActivity.at,
          action: restaurantActivity.action,
          summary: restaurantActivity.summary,
          orderId: restaurantActivity.orderId,
          actorRole: restaurantActivity.actorRole,
          actorName: users.fullName,
        })
        .from(restaurantActivity)
        .leftJoin(users, eq(users.id, restaurantActivity.actorUserId))
        .where(
          and(
            eq(restaurantActivity.restaurantId, restaurantId),
            before === undefined ? undefined : lt(restaurantActivity.id, before),
          ),
        )
        .orderBy(desc(restaurantActivity.id))
        .limit(limit)
    },
  }
}
export type StaffRepository = ReturnType<typeof createStaffRepository>
