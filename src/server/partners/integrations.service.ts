import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import {
  type DeliveryIntegration,
  type integrationCreateSchema,
  integrationFieldErrors,
  type integrationUpdateSchema,
} from '../../shared/schemas/partners'
import { integrationIncomplete, integrationNotFound } from './integrations.errors'
import { createIntegrationRepository, type IntegrationRow } from './integrations.repository'
import { createSecretBox, loadAppSecret, MASK, maskSecret, type SecretBox } from './secrets'

type CreateInput = z.output<typeof integrationCreateSchema>
type UpdateInput = z.output<typeof integrationUpdateSchema>
const SEALED_FIELDS = ['apiKey', 'clientSecret'] as const
const CREDENTIAL_FIELDS = ['apiKey', 'clientId', 'clientSecret', 'merchantId', 'storeId'] as const

/**
 * Delivery-platform integrations of a restaurant, for its owner only. API keys and client secrets
 * are sealed before they are stored and only ever leave the server masked.
 */
export function createIntegrationService(
  app: Pick<FastifyInstance, 'db' | 'restaurants' | 'config' | 'log'>,
) {
  const repo = createIntegrationRepository(app.db)
  const restaurants = app.restaurants
  let box: SecretBox | undefined
  const secrets = () => (box ??= createSecretBox(loadAppSecret(app.config)))

  const seal = <T extends Partial<Record<(typeof SEALED_FIELDS)[number], string | undefined>>>(
    values: T,
  ): T => {
    const sealed = { ...values }
    for (const field of SEALED_FIELDS) {
      const plain = values[field]
      if (plain !== undefined) sealed[field] = secrets().seal(plain, field) as T[typeof field]
    }
    return sealed
  }

  const masked = (row: IntegrationRow, field: (typeof SEALED_FIELDS)[number]) => {
    const stored = row[field]
    if (stored === null) return null
    try {
      return maskSecret(secrets().open(stored, field))
    } catch (error) {
      app.log.warn(
        { err: error, integrationId: row.id, field },
        'stored secret does not decrypt with the current APP_SECRET',
      )
      return MASK
    }
  }

  const toIntegration = (row: IntegrationRow): DeliveryIntegration => ({
    id: row.id,
    restaurantId: row.restaurantId,
    platform: row.platform,
    status: row.status,
    apiKey: masked(row, 'apiKey'),
    clientId: row.clientId,
    clientSecret: masked(row, 'clientSecret'),
    merchantId: row.merchantId,
    storeId: row.storeId,
    webhookUrl: row.webhookUrl,
    syncEnabled: row.syncEnabled,
    streamEnabled: row.streamEnabled,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  })

  /**
   * The integration when `userId` owns its restaurant. Someone else's integration answers 404
   * like a missing one, so integration ids cannot be enumerated.
   */
  const ownedIntegration = async (id: number, userId: number) => {
    const row = await repo.find(id)
    if (!row) throw integrationNotFound()
    const owner = await repo.restaurantOwner(row.restaurantId)
    if (owner !== userId) throw integrationNotFound()
    return row
  }

  return {
    async list(restaurantId: number, userId: number): Promise<DeliveryIntegration[]> {
      await restaurants.requireOwner(restaurantId, userId)
      return (await repo.listForRestaurant(restaurantId)).map(toIntegration)
    },

    async create(restaurantId: number, userId: number, input: CreateInput): Promise<DeliveryIntegration> {
      await restaurants.requireOwner(restaurantId, userId)
      const errors = integrationFieldErrors(input.platform, input)
      const [first] = Object.values(errors)
      if (first) throw integrationIncomplete(first, errors)
      const row = await repo.create({
        restaurantId,
        platform: input.platform,
        status: 'pending',
        ...seal({ apiKey: input.apiKey, clientSecret: input.clientSecret }),
        clientId: input.clientId ?? null,
        merchantId: input.merchantId ?? null,
        storeId: input.storeId ?? null,
        webhookUrl: input.webhookUrl ?? null,
        syncEnabled: input.syncEnabled,
        streamEnabled: input.streamEnabled,
      })
      return toIntegration(row)
    },

    /** Fields left out (or empty) keep their value; new credentials put the integration back to pending. */
    async update(id: number, userId: number, input: UpdateInput): Promise<DeliveryIntegration> {
      await ownedIntegration(id, userId)
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      ) as UpdateInput
      const newCredentials = CREDENTIAL_FIELDS.some((field) => changes[field] !== undefined)
      const row = await repo.update(id, {
        ...seal(changes),
        ...(newCredentials ? { status: 'pending' } : {}),
      })
      if (!row) throw integrationNotFound()
      return toIntegration(row)
    },

    async remove(id: number, userId: number): Promise<void> {
      await ownedIntegration(id, userId)
      if (!(await repo.delete(id))) throw integrationNotFound()
    },
  }
}
export type IntegrationService = ReturnType<typeof createIntegrationService>
