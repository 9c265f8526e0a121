// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prerenderedPages } from './router'

const root = process.cwd()
const client = join(root, 'src/client')
const pageFiles = readdirSync(join(client, 'features'), { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('-page.tsx'),
)

/** Packages for forms: a page rendered ahead loads them only with a form, once it is opened. */
const FORM_PACKAGES = ['zod', 'react-hook-form', '@hookform/resolvers']

function resolveFile(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@client/')
    ? join(client, spec.slice('@client/'.length))
    : spec.startsWith('@shared/')
      ? join(root, 'src/shared', spec.slice('@shared/'.length))
      : join(dirname(from), spec)
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(existsSync)
}

/**
 * What loading `file` loads before anything runs: its static imports, followed through the
 * project's files; an import of types only is left out, as the build leaves it out. A dynamic
 * `import()` (a lazy part, a page) is not followed.
 */
function staticGraph(entries: string[]) {
  const parent = new Map<string, string | undefined>(entries.map((entry) => [entry, undefined]))
  const packages = new Map<string, string>()
  const queue = [...entries]
  for (let file = queue.shift(); file; file = queue.shift()) {
    const text = readFileSync(file, 'utf8')
    const specs = [
      ...[...text.matchAll(/^\s*(?:import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gm)]
        .filter(([, clause]) => !isTypeOnly(clause!))
        .map((m) => m[2]!),
      ...[...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ]
    for (const spec of specs) {
      if (spec.startsWith('.') || spec.startsWith('@client/') || spec.startsWith('@shared/')) {
        const target = resolveFile(file, spec)
        if (target && !parent.has(target)) {
          parent.set(target, file)
          queue.push(target)
        }
      } else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!
        if (!packages.has(name)) packages.set(name, file)
      }
    }
  }
  /** "a.tsx <- b.tsx <- page.tsx": how `file` came to be loaded. */
  const chain = (file: string) => {
    const links: string[] = []
    for (let at: string | undefined = file; at; at = parent.get(at)) links.push(relative(root, at))
    return links.join(' <- ')
  }
  return { files: parent, packages, chain }
}

/** `type X`, `{ type A, type B }`: nothing of the module is loaded for it. */
function isTypeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim())
  if (!named) return false
  const names = named[1]!
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  return names.length > 0 && names.every((n) => n.startsWith('type '))
}

describe('what a page rendered ahead loads before it is taken over', () => {
  const start = join(client, 'app/start.tsx')
  const pages = Object.keys(prerenderedPages).map((name) => {
    const file = pageFiles.find((f) => f.endsWith(`/${name}-page.tsx`) || f === `${name}-page.tsx`)
    return { name, file: file && join(client, 'features', file) }
  })

  it.each(pages)('$name loads no form package (zod, react-hook-form) until a form is opened', ({ file }) => {
    expect(file).toBeDefined()
    const graph = staticGraph([start, file!])
    expect(graph.files.size).toBeGreaterThan(20)
    expect(graph.packages.has('react')).toBe(true)
    for (const name of FORM_PACKAGES) {
      const from = graph.packages.get(name)
      expect(from, from && `${name} is imported by ${graph.chain(from)}`).toBeUndefined()
    }
  })

  it('follows imports of values and leaves out imports of types', () => {
    expect(isTypeOnly('type { Order }')).toBe(true)
    expect(isTypeOnly('{ type Order, type Line }')).toBe(true)
    expect(isTypeOnly('{ type Order, lineTotal }')).toBe(false)
    expect(isTypeOnly('{ z }')).toBe(false)
    expect(isTypeOnly('Default, { type A }')).toBe(false)
    // A form's own module does load them.
    const form = staticGraph([join(client, 'features/restaurants/components/add-to-cart-form.tsx')])
    expect(form.packages.has('zod')).toBe(true)
  })
})
