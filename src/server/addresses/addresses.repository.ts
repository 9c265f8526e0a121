import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { addresses } from '../db/schema'

export type AddressRow = typeof addresses.$inferSelect
export type NewAddress = Omit<typeof addresses.$inferInsert, 'id' | 'createdAt'>

export function createAddressesRepository(tx: Tx) {
  return {
    /** The default first, then newest first. */
    async listForUser(userId: number): Promise<AddressRow[]> {
      return tx
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), desc(addresses.id))
    },

    async findById(id: number): Promise<AddressRow | undefined> {
      const [row] = await tx.select().from(addresses).where(eq(addresses.id, id))
      return row
    },

    async findDefault(userId: number): Promise<AddressRow | undefined> {
      const [row] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
      return row
    },

    async countForUser(userId: number): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId))
      return row?.n ?? 0
    },

    async insert(values: NewAddress): Promise<AddressRow> {
      const [row] = await tx.insert(addresses).values(values).returning()
      return row!
    },

    async update(id: number, values: Partial<NewAddress>): Promise<AddressRow> {
      const [row] = await tx.update(addresses).set(values).where(eq(addresses.id, id)).returning()
      return row!
    },

    async remove(id: number): Promise<void> {
      await tx.delete(addresses).where(eq(addresses.id, id))
    },

    /** Clears the user's default, except on `keepId`. */
    async clearDefault(userId: number, keepId?: number): Promise<void> {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(
          and(
            eq(addresses.userId, userId),
            eq(addresses.isDefault, true),
            keepId === undefined ? undefined : ne(addresses.id, keepId),
          ),
        )
    },

    /** The oldest remaining address becomes the default. */
    async promoteOldest(userId: number): Promise<void> {
      const [oldest] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.id))
        .limit(1)
      if (oldest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, oldest.id))
    },
  }
}
