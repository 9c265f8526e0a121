import type { Address, AddressCreateInput, AddressUpdateInput } from '../../shared/schemas/addresses'
import type { OrderAddress } from '../../shared/schemas/orders'
import type { Db } from '../db/client'
import { forbidden } from '../infra/errors'
import { addressNotFound, tooManyAddresses } from './addresses.errors'
import { type AddressRow, createAddressesRepository } from './addresses.repository'
import type { Geocoder } from './geocoding'

export const MAX_ADDRESSES = 20

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    userId: row.userId,
    label: row.label,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  }
}

/** What an order keeps of its address. */
export function toOrderAddress(row: AddressRow): OrderAddress {
  return {
    label: row.label,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
  }
}

/** Coordinates as given, else where the geocoder places the address, else none. */
async function locate(
  geocoder: Geocoder,
  input: {
    latitude?: number | null | undefined
    longitude?: number | null | undefined
    line1: string
    line2?: string | null | undefined
    city: string
    postcode: string
  },
) {
  if (input.latitude != null && input.longitude != null)
    return { latitude: input.latitude, longitude: input.longitude }
  const text = [input.line1, input.line2, input.city, input.postcode].filter(Boolean).join(', ')
  return (await geocoder.locate({ text, postcode: input.postcode })) ?? { latitude: null, longitude: null }
}

/**
 * A diner's saved addresses: several, at most one default. The first address saved is the
 * default; making another the default, or deleting the default, keeps exactly one.
 */
export function createAddressesService({ db, geocoder }: { db: Db; geocoder: Geocoder }) {
  async function requireOwn(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0] | Db,
    id: number,
    userId: number,
  ) {
    const row = await createAddressesRepository(tx).findById(id)
    if (!row) throw addressNotFound()
    if (row.userId !== userId) throw forbidden('This address belongs to another account')
    return row
  }

  return {
    async list(userId: number): Promise<Address[]> {
      return (await createAddressesRepository(db).listForUser(userId)).map(toAddress)
    },

    async create(
      userId: number,
      input: AddressCreateInput & { line1: string; city: string; postcode: string },
    ) {
      // Placed before the transaction: a geocoding service may take a moment.
      const coordinates = await locate(geocoder, input)
      return db.transaction(async (tx) => {
        const repo = createAddressesRepository(tx)
        const count = await repo.countForUser(userId)
        if (count >= MAX_ADDRESSES) throw tooManyAddresses()
        const isDefault = count === 0 || input.isDefault === true
        if (isDefault) await repo.clearDefault(userId)
        const row = await repo.insert({
          userId,
          label: input.label ?? null,
          line1: input.line1,
          line2: input.line2 ?? null,
          city: input.city,
          postcode: input.postcode.toUpperCase(),
          ...coordinates,
          isDefault,
        })
        return toAddress(row)
      })
    },

    async update(userId: number, id: number, patch: AddressUpdateInput): Promise<Address> {
      // Placed before the transaction (a geocoding service may take a moment), from the address
      // as it will be.
      const before = await requireOwn(db, id, userId)
      const postcode = patch.postcode?.toUpperCase() ?? before.postcode
      const moved =
        patch.postcode !== undefined ||
        patch.line1 !== undefined ||
        patch.city !== undefined ||
        patch.latitude !== undefined ||
        patch.longitude !== undefined
      const coordinates = moved
        ? await locate(geocoder, {
            latitude: patch.latitude,
            longitude: patch.longitude,
            line1: patch.line1 ?? before.line1,
            line2: 'line2' in patch ? patch.line2 : before.line2,
            city: patch.city ?? before.city,
            postcode,
          })
        : {}
      return db.transaction(async (tx) => {
        const repo = createAddressesRepository(tx)
        await requireOwn(tx, id, userId)
        if (patch.isDefault) await repo.clearDefault(userId, id)
        const row = await repo.update(id, {
          // A label or second line sent empty clears it (the schema turns '' into undefined).
          ...('label' in patch ? { label: patch.label ?? null } : {}),
          ...(patch.line1 !== undefined ? { line1: patch.line1 } : {}),
          ...('line2' in patch ? { line2: patch.line2 ?? null } : {}),
          ...(patch.city !== undefined ? { city: patch.city } : {}),
          postcode,
          ...coordinates,
          ...(patch.isDefault ? { isDefault: true } : {}),
        })
        return toAddress(row)
      })
    },

    async remove(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = createAddressesRepository(tx)
        const row = await requireOwn(tx, id, userId)
        await repo.remove(id)
        if (row.isDefault) await repo.promoteOldest(userId)
      })
    },
  }
}
export type AddressesService = ReturnType<typeof createAddressesService>
