// Compiles the server into ES modules, dist/server/main.mjs and the chunks it imports when it needs
// them, when its sources changed since the last build (`--force`: always). `npm start` runs that
// module: no TypeScript is transpiled and no source file resolved on start. Packages stay in
// node_modules (not bundled).
//
// The inputs (src/server, src/demo, src/shared, src/client, whose components the server renders pages ahead
// with, the TypeScript and package configuration, this script) are hashed by content; the hash of
// the last successful build is kept in dist/server-build.json.
import { readdirSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fingerprint, isCurrent, root, writeStamp } from './build-stamp.mjs'

export const SERVER_INPUTS = [
  'src/server',
  'src/demo',
  'src/shared',
  'src/client',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
]
const STAMP = join(root, 'dist/server-build.json')
export const SERVER_ENTRY = join(root, 'dist/server/main.mjs')

/**
 * Source files that find things beside themselves (`new URL('../../../drizzle', import.meta.url)`)
 * keep doing so from the bundle: their `import.meta.url` becomes their own file's URL, computed
 * from the bundle's location so that the checkout can move.
 */
const ownUrlPlugin = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      const fromBundle = relative(dirname(SERVER_ENTRY), args.path).split('\\').join('/')
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      }
    })
  },
}

/** esbuild is the compiler tsx itself runs on, so it is always installed with the app. */
export async function loadEsbuild() {
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))
  return import(fromTsx.resolve('esbuild'))
}

/**
 * How the server is bundled: `main.ts` and everything it imports from the checkout. What the
 * server imports only when it needs it (the renderer of the pages rendered ahead, which loads once
 * the server listens, and through it the client's pages; the Redis bus) is a chunk of its own,
 * beside `main.mjs`, with the packages only it imports: the server does not load what it never
 * runs (the charts of the owner's workspace, the forms of pages it never renders ahead).
 */
export const serverBuildOptions = {
  entryPoints: { main: join(root, 'src/server/main.ts') },
  outdir: dirname(SERVER_ENTRY),
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunk-[hash]',
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [ownUrlPlugin],
}

/** Whether dist/server/main.mjs was built from the sources as they are now. */
export function serverBuildIsCurrent() {
  return isCurrent(STAMP, SERVER_ENTRY, fingerprint(SERVER_INPUTS))
}

/** Builds when needed; returns whether it built. Throws when the build fails. */
export async function ensureServerBuilt({ force = false } = {}) {
  const print = fingerprint(SERVER_INPUTS)
  if (!force && isCurrent(STAMP, SERVER_ENTRY, print)) return false
  const esbuild = await loadEsbuild()
  const { metafile } = await esbuild.build({ ...serverBuildOptions, metafile: true })
  // The last build's chunks go once this one's are written (a server started before it has
  // loaded its own by then: the renderer loads as it starts listening).
  const written = new Set(Object.keys(metafile.outputs).map((file) => join(root, file)))
  const outdir = dirname(SERVER_ENTRY)
  for (const file of readdirSync(outdir))
    if (!written.has(join(outdir, file))) rmSync(join(outdir, file), { force: true })
  writeStamp(STAMP, print)
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await ensureServerBuilt({ force: process.argv.includes('--force') })
}
