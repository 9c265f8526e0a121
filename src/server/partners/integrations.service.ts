import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import {
  type DeliveryIntegration,
  type integrationCreateSchema,
  integrationFieldErrors,
  type integrationUpdateSchema,
} from '../../shared/schemas/partners'
import { badRequest } from '../infra/errors'
import { outboundAddressProblem } from '../infra/source-policy'
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
  app: Pick<FastifyInstance, 'db' | 'restaurants' | 'config' | 'log' | 'restaurantAccess'>,
) {
  const repo = createIntegrationRepository(app.db)
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

  /** A restaurant's webhook URL is user input the server connects to: the outbound address policy. */
  const checkWebhookUrl = (url: string | undefined | null) => {
    const problem = url ? outboundAddressProblem(url, app.config.outbound.allowPrivateHosts) : undefined
    if (problem) throw badRequest(problem, { webhookUrl: problem })
  }

  const toIntegration = (row: IntegrationRow, origin: string): DeliveryIntegration => ({
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
    autoAccept: row.autoAccept,
    lastError: row.lastError,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    inboundUrl: `${app.config.platforms.publicUrl ?? origin}/api/integrations/${row.id}/webhook`,
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
    await app.restaurantAccess(row.restaurantId, userId, 'manage_integrations').catch((error: unknown) => {
      // A stranger learns nothing of the integration; a member whose role may not, a 403.
      if ((error as { code?: string }).code === 'staff.role_not_allowed') throw error
      throw integrationNotFound()
    })
    return row
  }

  return {
    /** `origin`: this server's address as the request reached it, for the inbound URL. */
    async list(restaurantId: number, userId: number, origin: string): Promise<DeliveryIntegration[]> {
      await app.restaurantAccess(restaurantId, userId, 'manage_integrations')
      return (await repo.listForRestaurant(restaurantId)).map((row) => toIntegration(row, origin))
    },

    /** The integration when `userId` owns its restaurant (404 otherwise), for the platform routes. */
    owned: ownedIntegration,

    async create(
      restaurantId: number,
      userId: number,
      input: CreateInput,
      origin: string,
    ): Promise<DeliveryIntegration> {
      await app.restaurantAccess(restaurantId, userId, 'manage_integrations')
      checkWebhookUrl(input.webhookUrl)
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
        autoAccept: input.autoAccept,
      })
      return toIntegration(row, origin)
    },

    /**
     * Fields left out (or empty) keep their value; new credentials put the integration back to
     * pending until its menu is published with them. With new credentials, what the platform
     * needs must all be there afterwards (an integration stored before a field was asked for gets
     * it this way, "Uber Eats needs a store ID" until it does); a switch alone is never refused for
     * a missing credential.
     */
    async update(
      id: number,
      userId: number,
      input: UpdateInput,
      origin: string,
    ): Promise<DeliveryIntegration> {
      const current = await ownedIntegration(id, userId)
      checkWebhookUrl(input.webhookUrl)
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      ) as UpdateInput
      const newCredentials = CREDENTIAL_FIELDS.some((field) => changes[field] !== undefined)
      if (newCredentials) {
        const after = Object.fromEntries(
          CREDENTIAL_FIELDS.map((field) => [field, changes[field] ?? current[field]]),
        )
        const errors = integrationFieldErrors(current.platform, after)
        const [first] = Object.values(errors)
        if (first) throw integrationIncomplete(first, errors)
      }
      const row = await repo.update(id, {
        ...seal(changes),
        // The menu is published again with the new credentials (within seconds, as for a new
        // integration): the platform's answer turns "pending" into connected or an error.
        ...(newCredentials ? { status: 'pending', publishedMenuHash: null } : {}),
      })
      if (!row) throw integrationNotFound()
      return toIntegration(row, origin)
    },

    async remove(id: number, userId: number): Promise<void> {
      await ownedIntegration(id, userId)
      if (!(await repo.delete(id))) throw integrationNotFound()
    },
  }
}
export type IntegrationService = ReturnType<typeof createIntegrationService>
