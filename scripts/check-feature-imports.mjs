// Fails when one client feature imports another: shared pieces belong in components/ or lib/.
// Usage: node scripts/check-feature-imports.mjs  (part of `npm run lint`)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const root = resolve('src/client')
const features = resolve(root, 'features')
const files = []
;(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (/\.(ts|tsx)$/.test(name)) files.push(path)
  }
})(features)

const featureOf = (path) => {
  const rel = relative(features, path)
  return rel.startsWith('..') ? undefined : rel.split(sep)[0]
}
const problems = []
for (const file of files) {
  const own = featureOf(file)
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = match[1] ?? match[2]
    let target
    if (spec.startsWith('@client/')) target = resolve(root, spec.slice('@client/'.length))
    else if (spec.startsWith('.')) target = resolve(dirname(file), spec)
    else continue
    const other = featureOf(target)
    if (other && other !== own) problems.push(`${relative(process.cwd(), file)} imports ${spec} (feature ${other})`)
  }
}
for (const problem of problems) console.error(problem)
console.log(`${problems.length} imports from one client feature into another`)
process.exit(problems.length ? 1 : 0)
