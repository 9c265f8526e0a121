import { desc, eq } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { installations } from '../db/schema'

export type InstallationRow = typeof installations.$inferSelect
export type NewInstallation = Omit<typeof installations.$inferInsert, 'id' | 'status' | 'createdAt'>

export function createInstallationRepository(db: Tx) {
  return {
    async create(values: NewInstallation, tx: Tx = db): Promise<InstallationRow> {
      const [row] = await tx
        .insert(installations)
        .values({ ...values, status: 'pending' })
        .returning()
      return row!
    },

    async listForUser(userId: number, tx: Tx = db): Promise<InstallationRow[]> {
      return tx
        .select()
        .from(installations)
        .where(eq(installations.userId, userId))
        .orderBy(desc(installations.createdAt), desc(installations.id))
    },
  }
}
export type InstallationRepository = ReturnType<typeof createInstallationRepository>
