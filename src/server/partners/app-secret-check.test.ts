import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script, without types
import { SERVER_ENTRY, serverBuildIsCurrent } from '../../../scripts/build-server.mjs'
import { deliveryPlatformIntegrations, restaurants, users } from '../db/schema'
import { openTestDatabase } from '../testing/test-database'
import { AppSecretMismatchError, checkAppSecret } from './app-secret-check'
import { createSecretBox } from './secrets'

const OLD = 'the-secret-this-database-was-started-with'
const NEW = 'a-new-secret-the-operator-rotates-to-now'

async function databaseWithIntegration(secret: string) {
  const database = await openTestDatabase()
  const [owner] = await database.db
    .insert(users)
    .values({
      username: 'secret_owner',
      email: 'secret_owner@example.com',
      fullName: 'S O',
      passwordHash: 'x',
    })
    .returning()
  const [restaurant] = await database.db
    .insert(restaurants)
    .values({
      name: 'Sealed Kitchen',
      description: 'x',
      cuisine: 'American',
      address: '1 Main St',
      priceRange: '$$',
      ownerId: owner!.id,
    })
    .returning()
  const box = createSecretBox(secret)
  const [integration] = await database.db
    .insert(deliveryPlatformIntegrations)
    .values({
      restaurantId: restaurant!.id,
      platform: 'ubereats',
      apiKey: box.seal('ue_api_key_0001_ABCD', 'apiKey'),
      clientSecret: box.seal('client-secret-0001', 'clientSecret'),
    })
    .returning()
  return { database, integrationId: integration!.id }
}

describe('the APP_SECRET check value', () => {
  it('is stored on the first start, matches the same secret, and refuses another with a clear message', async () => {
    const database = await openTestDatabase()
    try {
      expect(await checkAppSecret(database, OLD)).toBe('created')
      expect(await checkAppSecret(database, OLD)).toBe('matched')
      const error = await checkAppSecret(database, NEW).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AppSecretMismatchError)
      expect((error as Error).message).toMatch(
        /^APP_SECRET cannot decrypt the secrets stored in this database/,
      )
      expect((error as Error).message).toContain('APP_SECRET_PREVIOUS')
    } finally {
      await database.close()
    }
  })

  it('judges a database stored before the check value by the secrets it holds', async () => {
    const { database } = await databaseWithIntegration(OLD)
    try {
      await expect(checkAppSecret(database, NEW)).rejects.toBeInstanceOf(AppSecretMismatchError)
      expect(await checkAppSecret(database, OLD)).toBe('created')
    } finally {
      await database.close()
    }
  })

  it('re-encrypts every stored secret with the new secret when told the previous one, once', async () => {
    const { database, integrationId } = await databaseWithIntegration(OLD)
    try {
      expect(await checkAppSecret(database, OLD)).toBe('created')
      // A wrong previous secret changes nothing.
      await expect(
        checkAppSecret(database, NEW, 'not-the-previous-secret-either-000000'),
      ).rejects.toBeInstanceOf(AppSecretMismatchError)
      expect(await checkAppSecret(database, NEW, OLD)).toBe('rotated')
      const [row] = await database.db
        .select()
        .from(deliveryPlatformIntegrations)
        .where(eq(deliveryPlatformIntegrations.id, integrationId))
      const box = createSecretBox(NEW)
      expect(box.open(row!.apiKey!, 'apiKey')).toBe('ue_api_key_0001_ABCD')
      expect(box.open(row!.clientSecret!, 'clientSecret')).toBe('client-secret-0001')
      expect(await checkAppSecret(database, NEW, OLD)).toBe('matched')
      await expect(checkAppSecret(database, OLD)).rejects.toBeInstanceOf(AppSecretMismatchError)
    } finally {
      await database.close()
    }
  })
})

// The server started here keeps its data in PGlite whichever database the other suites run on:
// on PostgreSQL the same starts would run again, unchanged.
describe.skipIf(process.env.TEST_DB === 'postgres')('starting the server', () => {
  // Made once the suite runs: a skipped suite's body is still read, and its hooks do not run.
  let dataDir = ''
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'clearplate-secret-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  // What `npm start` runs: the compiled server when it is built from these sources (the journeys'
  // setup builds it), else the sources through tsx, which compiles them at every start.
  const command: string[] = serverBuildIsCurrent()
    ? [SERVER_ENTRY]
    : ['--import', 'tsx', 'src/server/main.ts']

  function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, command, {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
          KITCHEN_ENABLED: 'false',
          CAMERAS_ENABLED: 'false',
          LOG_LEVEL: 'info',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      const read = (chunk: Buffer) => {
        output += chunk.toString()
        // Started: stop it the ordinary way.
        if (output.includes('"msg":"ready"')) child.kill('SIGTERM')
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
      child.on('close', (code) => {
        clearTimeout(timer)
        resolve({ code, output })
      })
    })
  }

  it('refuses to start with another APP_SECRET, saying why, and starts after a rotation', async () => {
    const first = await start({ APP_SECRET: OLD })
    expect(first.output).toContain('"msg":"ready"')
    const other = await start({ APP_SECRET: NEW })
    expect(other.code).toBe(1)
    expect(other.output).not.toContain('"msg":"ready"')
    expect(other.output).toContain('APP_SECRET cannot decrypt the secrets stored in this database')
    const rotated = await start({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD })
    expect(rotated.output).toContain('"msg":"ready"')
    expect(rotated.output).toContain('stored secrets re-encrypted with the new APP_SECRET')
  }, 240_000)
})
