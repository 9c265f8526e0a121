import { asc, eq } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { cameras } from '../db/schema'

export type CameraRow = typeof cameras.$inferSelect
export type CameraPatch = Partial<Pick<CameraRow, 'name' | 'position' | 'streamUrl' | 'isActive'>>

/** A restaurant's cameras as its owner manages them, deactivated ones included. */
export function createCameraSettingsRepository(db: Tx) {
  return {
    async findById(id: number, tx: Tx = db): Promise<CameraRow | undefined> {
      const [row] = await tx.select().from(cameras).where(eq(cameras.id, id))
      return row
    },

    async listAll(restaurantId: number, tx: Tx = db): Promise<CameraRow[]> {
      return tx.select().from(cameras).where(eq(cameras.restaurantId, restaurantId)).orderBy(asc(cameras.id))
    },

    async update(id: number, patch: CameraPatch, tx: Tx = db): Promise<CameraRow> {
      const [row] = await tx.update(cameras).set(patch).where(eq(cameras.id, id)).returning()
      return row!
    },

    async delete(id: number, tx: Tx = db): Promise<void> {
      await tx.delete(cameras).where(eq(cameras.id, id))
    },
  }
}
export type CameraSettingsRepository = ReturnType<typeof createCameraSettingsRepository>
