/**
 * Prints the OpenAPI document the app serves at /api/docs/json, built from the route schemas.
 * `npm run lint` lints it with Redocly. Builds the app on an empty, migrated in-memory database
 * (start-up hooks read their tables); nothing listens.
 */
import { buildApp } from '../src/server/app'
import { parseConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { demoWorld } from '../src/demo/world'

const config = parseConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  APP_SECRET: process.env.APP_SECRET ?? 'openapi-document-only-openapi-document',
  KITCHEN_ENABLED: 'false',
  CAMERAS_ENABLED: 'false',
})
const database = await openDatabase({ memory: true })
await database.migrate()
const app = await buildApp({ world: demoWorld, config, database, logger: false })
await app.ready()
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`)
await app.close()
await database.close()
