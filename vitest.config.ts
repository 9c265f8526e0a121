import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
}
const ci = process.env.CI === 'true'
const postgresUrl = process.env.TEST_DATABASE_URL
if (ci && !postgresUrl)
  throw new Error('CI needs TEST_DATABASE_URL: the API suite must also run on PostgreSQL')

const serverTests = [
  'src/server/**/*.test.ts',
  'src/demo/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'scripts/**/*.test.ts',
]
const setupFiles = ['src/testing-setup.ts']

/*
 * Server suites share their worker's modules (`isolate: false`): each file builds its own app on
 * its own database copy, and no suite mocks a module, so what a fresh module graph per file would
 * give is nothing but the cost of importing the whole server again: half of the server suites'
 * time. Client suites share theirs too: importing React, Radix and jsdom's window again for each
 * file was four fifths of their time. What a file leaves behind (what it rendered, the app's
 * module-level stores, what it stubbed on the window) is put back after it
 * (src/client/testing-library-setup.ts).
 */

/**
 * Server suites that run once, on the embedded database: they never open a database (pure logic,
 * config, the bus, frames), or what they test is ffmpeg and the cameras' pipes (restreaming, SRT,
 * WebRTC, the probe) or the demo's pictures, which do not change with the database underneath.
 * Every other server suite runs on both.
 */
const notOnPostgres = [
  'src/server/cameras/camera-probe.test.ts',
  'src/server/cameras/clock-strip.test.ts',
  'src/server/cameras/restream.test.ts',
  'src/server/cameras/srt-cameras.test.ts',
  'src/server/cameras/whep.test.ts',
  'src/server/realtime/hub.test.ts',
  'src/server/realtime/frames.test.ts',
  'src/server/push/push-kinds.test.ts',
  'src/server/push/vapid-keys.test.ts',
  'src/server/config.test.ts',
  'src/server/partners/secrets.test.ts',
  'src/server/db/pglite-turns.test.ts',
  'src/server/infra/bounded-map.test.ts',
  'src/server/infra/dependency-engines.test.ts',
  'src/server/infra/source-policy.test.ts',
  'src/server/upsells/upsell-choice.test.ts',
  'src/demo/demo-tip.test.ts',
  'src/demo/telemetry-model.test.ts',
  'src/demo/media/**/*.test.ts',
]

/**
 * What is the embedded database's own: its turn-taking under load (and the sign-in lanes that use
 * it), a server started on a data folder (the APP_SECRET check), and the demo world, which
 * `npm start` runs on it. Money under concurrent requests is kept here too: on PGlite it rests
 * on the turns, on PostgreSQL on row locks.
 */
const embeddedOwn = [
  'src/server/db/**/*.test.ts',
  'src/server/infra/database-turns.test.ts',
  'src/server/auth/abuse-limits.test.ts',
  'src/server/partners/app-secret-check.test.ts',
  'src/server/wallet/**/*.test.ts',
  'src/server/orders/**/*.test.ts',
  'src/demo/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'scripts/**/*.test.ts',
]

/**
 * Tiers: server tests against the real app, client unit tests in jsdom, browser journeys in
 * Chromium. Without TEST_DATABASE_URL (a fresh clone's `npm test`) every server suite runs on
 * PGlite. With it (CI) every server suite runs on PostgreSQL, production's database, and PGlite
 * runs what is its own (`embeddedOwn`) and the suites that open no database (`notOnPostgres`);
 * every browser journey starts its server on PGlite, so the embedded path is also tested end to
 * end. Each suite on both cost about 450 CPU-seconds of a run's 2,900 on a two-core machine.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Most files wait on timers, sockets, a browser or a server more than they compute: on a
    // two-core machine three at a time (journeys among them, each with its own server and data
    // directory) finishes the suite in about half the time of Vitest's default of one.
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server:pglite',
          include: postgresUrl ? [...embeddedOwn, ...notOnPostgres] : serverTests,
          environment: 'node',
          isolate: false,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/testing/global-setup.ts'],
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server:postgres',
                include: ['src/server/**/*.test.ts', 'src/demo/**/*.test.ts'],
                exclude: notOnPostgres,
                environment: 'node' as const,
                isolate: false,
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
                globalSetup: ['src/server/testing/global-setup.ts'],
                setupFiles,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        resolve: { alias },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: [...setupFiles, 'src/client/testing-library-setup.ts'],
          // jsdom renders slowly on a busy machine; a timeout here is never a finding.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // A page's app can take seconds to start on a loaded two-core machine: `expect.poll`
          // waits as long as a locator does instead of its default second.
          expect: { poll: { timeout: 30_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
