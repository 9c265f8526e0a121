import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script, without types
import { loadEsbuild, SERVER_INPUTS, serverBuildOptions } from './build-server.mjs'
// @ts-expect-error: a plain ES module script, without types
import { root } from './build-stamp.mjs'

describe('the server build', () => {
  // One build in memory, read by each test.
  type Built = { metafile: { inputs: unknown; outputs: unknown } }
  let built: Promise<Built> | undefined
  const build = () =>
    (built ??= loadEsbuild().then((esbuild: { build: (options: object) => Promise<Built> }) =>
      esbuild.build({ ...serverBuildOptions, write: false, metafile: true, sourcemap: false }),
    ))

  it('is rebuilt when any file it bundles changes: every bundled source lies under its inputs', async () => {
    const result = await build()
    const bundled = Object.keys(result.metafile.inputs as Record<string, unknown>)
      .map((path) => relative(root, path).split('\\').join('/'))
      .filter((path) => !path.startsWith('node_modules/'))
    // The pages rendered ahead come from the client's components.
    expect(bundled.some((path) => path.startsWith('src/client/'))).toBe(true)
    const uncovered = bundled.filter(
      (path) => !(SERVER_INPUTS as string[]).some((input) => path === input || path.startsWith(`${input}/`)),
    )
    expect(uncovered).toEqual([])
  }, 60_000)

  it('loads the browser’s packages only with the renderer: none is imported before the server listens', async () => {
    const result = await build()
    const outputs = result.metafile.outputs as Record<
      string,
      { imports: { path: string; kind: string; external?: boolean }[] }
    >
    // Every module main.mjs loads on start: itself and the chunks it imports statically.
    const loaded = new Set<string>()
    const visit = (file: string) => {
      if (loaded.has(file)) return
      loaded.add(file)
      for (const imported of outputs[file]!.imports)
        if (!imported.external && imported.kind === 'import-statement') visit(imported.path)
    }
    visit('dist/server/main.mjs')
    const packages = [...loaded].flatMap((file) =>
      outputs[file]!.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path),
    )
    expect(packages).toContain('fastify')
    for (const browserOnly of ['react', 'react-dom/static', 'recharts', 'lucide-react', 'react-hook-form'])
      expect(packages).not.toContain(browserOnly)
  }, 60_000)
})
