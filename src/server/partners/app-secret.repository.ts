import { eq, isNotNull, or } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { appSettings, deliveryPlatformIntegrations } from '../db/schema'

const CHECK_KEY = 'app_secret_check'

/** The stored check value of APP_SECRET, and the secrets sealed with it. */
export function createAppSecretRepository(db: Tx) {
  return {
    async readCheck(tx: Tx = db): Promise<string | undefined> {
      const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, CHECK_KEY))
      return row?.value
    },

    /** Stores the check value unless another instance stored one first; answers the one kept. */
    async keepCheck(value: string, tx: Tx = db): Promise<string> {
      await tx.insert(appSettings).values({ key: CHECK_KEY, value }).onConflictDoNothing()
      const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, CHECK_KEY))
      return row!.value
    },

    async replaceCheck(value: string, tx: Tx = db): Promise<void> {
      await tx
        .insert(appSettings)
        .values({ key: CHECK_KEY, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } })
    },

    /** Every delivery integration that holds a sealed secret. */
    async sealedSecrets(tx: Tx = db) {
      return tx
        .select({
          id: deliveryPlatformIntegrations.id,
          apiKey: deliveryPlatformIntegrations.apiKey,
          clientSecret: deliveryPlatformIntegrations.clientSecret,
        })
        .from(deliveryPlatformIntegrations)
        .where(
          or(
            isNotNull(deliveryPlatformIntegrations.apiKey),
            isNotNull(deliveryPlatformIntegrations.clientSecret),
          ),
        )
        .orderBy(deliveryPlatformIntegrations.id)
    },

    async resealSecrets(
      id: number,
      values: { apiKey: string | null; clientSecret: string | null },
      tx: Tx = db,
    ): Promise<void> {
      await tx.update(deliveryPlatformIntegrations).set(values).where(eq(deliveryPlatformIntegrations.id, id))
    },
  }
}
export type AppSecretRepository = ReturnType<typeof createAppSecretRepository>
