import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { userAllergenProfiles } from '../db/schema'

export type AllergenProfileRow = typeof userAllergenProfiles.$inferSelect
type ProfileFields = Pick<AllergenProfileRow, 'allergens' | 'severity' | 'notificationsEnabled'>

export function createAllergenRepository(db: Tx) {
  return {
    async findForUser(userId: number, tx: Tx = db): Promise<AllergenProfileRow | undefined> {
      const [row] = await tx
        .select()
        .from(userAllergenProfiles)
        .where(eq(userAllergenProfiles.userId, userId))
      return row
    },

    /** Undefined when the user already has a profile (one per user, enforced by a unique index). */
    async create(
      userId: number,
      fields: ProfileFields,
      tx: Tx = db,
    ): Promise<AllergenProfileRow | undefined> {
      const [row] = await tx
        .insert(userAllergenProfiles)
        .values({ userId, ...fields })
        .onConflictDoNothing({ target: userAllergenProfiles.userId })
        .returning()
      return row
    },

    async update(
      userId: number,
      fields: Partial<ProfileFields>,
      tx: Tx = db,
    ): Promise<AllergenProfileRow | undefined> {
      const [row] = await tx
        .update(userAllergenProfiles)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(userAllergenProfiles.userId, userId))
        .returning()
      return row
    },
  }
}
export type AllergenRepository = ReturnType<typeof createAllergenRepository>
