import type { Database } from '../db/client'
import { createAppSecretRepository } from './app-secret.repository'
import { createSecretBox, type SecretBox } from './secrets'

/**
 * The database keeps a known text sealed with APP_SECRET (the check value). An instance whose
 * secret cannot open it would start and show "••••" for every stored platform secret, and seal new
 * ones that the other instances cannot read: it refuses to start instead. To change the secret,
 * start once with the new APP_SECRET and the old one in APP_SECRET_PREVIOUS: every stored secret is
 * sealed again with the new one, in one transaction, and the check value with it.
 */

const CHECK_TEXT = 'clearplate app secret check'
const CHECK_FIELD = 'app_secret_check'

export class AppSecretMismatchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AppSecretMismatchError'
  }
}

const MISMATCH =
  'APP_SECRET cannot decrypt the secrets stored in this database: it is not the secret they were stored with. ' +
  'Start with the APP_SECRET used before; or, to change it, start once with the new APP_SECRET and the old ' +
  'one in APP_SECRET_PREVIOUS, which re-encrypts every stored secret with the new one.'

const opens = (box: SecretBox, sealed: string, field: string) => {
  try {
    box.open(sealed, field)
    return true
  } catch {
    return false
  }
}

export type AppSecretOutcome = 'created' | 'matched' | 'rotated'

/** Checks (or, on the first start, stores) the check value; throws AppSecretMismatchError. */
export async function checkAppSecret(
  database: Pick<Database, 'db'>,
  secret: string,
  previous?: string | undefined,
): Promise<AppSecretOutcome> {
  const repo = createAppSecretRepository(database.db)
  const box = createSecretBox(secret)
  const stored = await repo.readCheck()
  if (stored !== undefined && opens(box, stored, CHECK_FIELD)) return 'matched'

  const old = previous ? createSecretBox(previous) : undefined
  if (stored === undefined) {
    // A database from before the check value: judge the secret by the secrets already stored.
    const sealed = await repo.sealedSecrets()
    const first = sealed.flatMap((row) => [
      ...(row.apiKey ? [{ value: row.apiKey, field: 'apiKey' }] : []),
      ...(row.clientSecret ? [{ value: row.clientSecret, field: 'clientSecret' }] : []),
    ])[0]
    if (!first || opens(box, first.value, first.field)) {
      const kept = await repo.keepCheck(box.seal(CHECK_TEXT, CHECK_FIELD))
      if (opens(box, kept, CHECK_FIELD)) return 'created'
      // Another instance with another secret stored its check value first.
      if (!old || !opens(old, kept, CHECK_FIELD)) throw new AppSecretMismatchError(MISMATCH)
    } else if (!old || !opens(old, first.value, first.field)) {
      throw new AppSecretMismatchError(MISMATCH)
    }
  } else if (!old || !opens(old, stored, CHECK_FIELD)) {
    throw new AppSecretMismatchError(MISMATCH)
  }
  await rotate(database, old!, box)
  return 'rotated'
}

/** Seals every stored secret again with the new secret; all of them, or none. */
async function rotate(database: Pick<Database, 'db'>, old: SecretBox, box: SecretBox) {
  await database.db.transaction(async (tx) => {
    const repo = createAppSecretRepository(tx)
    for (const row of await repo.sealedSecrets(tx)) {
      const reseal = (value: string | null, field: string) => {
        if (value === null) return null
        // Already sealed with the new secret (a rotation interrupted earlier): keep it.
        if (opens(box, value, field)) return value
        if (!opens(old, value, field))
          throw new AppSecretMismatchError(
            `A stored secret (integration ${row.id}, ${field}) opens neither with APP_SECRET nor with APP_SECRET_PREVIOUS; nothing was changed.`,
          )
        return box.seal(old.open(value, field), field)
      }
      await repo.resealSecrets(
        row.id,
        { apiKey: reseal(row.apiKey, 'apiKey'), clientSecret: reseal(row.clientSecret, 'clientSecret') },
        tx,
      )
    }
    await repo.replaceCheck(box.seal(CHECK_TEXT, CHECK_FIELD), tx)
  })
}
