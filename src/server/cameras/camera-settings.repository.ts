import { and, asc, eq } from 'drizzle-orm'
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
      // A change of nothing (`{}`, or only fields the schema does not know) answers the camera as it is.
      if (Object.values(patch).every((v) => v === undefined)) {
        const [row] = await tx.select().from(cameras).where(eq(cameras.id, id))
        return row!
      }
      const [current] = await tx.select().from(cameras).where(eq(cameras.id, id))
      // A new address has not been checked yet.
      const moved = patch.streamUrl !== undefined && patch.streamUrl !== current?.streamUrl
      const [row] = await tx
        .update(cameras)
        .set(moved ? { ...patch, streamVerifiedAt: null } : patch)
        .where(eq(cameras.id, id))
        .returning()
      return row!
    },

    /** What "Check stream" found, kept only while the camera still has the address it checked. */
    async recordCheck(id: number, streamUrl: string, ok: boolean, tx: Tx = db): Promise<void> {
      await tx
        .update(cameras)
        .set({ streamVerifiedAt: ok ? new Date() : null })
        .where(and(eq(cameras.id, id), eq(cameras.streamUrl, streamUrl)))
    },

    async delete(id: number, tx: Tx = db): Promise<void> {
      await tx.delete(cameras).where(eq(cameras.id, id))
    },
  }
}
export type CameraSettingsRepository = ReturnType<typeof createCameraSettingsRepository>
