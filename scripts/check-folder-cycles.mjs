// Fails when the top-level folders of a source tree import each other in a circle, of any length
// (orders -> kitchen -> orders, or orders -> kitchen -> upsells -> chef -> orders). Tests,
// fixtures and test utilities are left out: a test may reach anywhere. Follows relative imports,
// `export ... from`, `import()`, side-effect imports and the aliases @shared/, @client/ and
// @server/ (resolved against the `src/` folder the tree lies in).
// Usage: node scripts/check-folder-cycles.mjs [dir ...]   (default src/server src/client src/demo; part of `npm run lint`)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/
const LEFT_OUT = /\.(test|spec|fixtures|e2e)\.[cm]?[jt]sx?$|(^|[/\\])test-utils\.[jt]sx?$|\.d\.ts$/
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** The `src/` folder `dir` lies in (its aliases' base), or `dir`'s parent when there is none. */
function sourceRootOf(dir) {
  for (let d = dir; d !== dirname(d); d = dirname(d)) if (d.split(sep).at(-1) === 'src') return d
  return dirname(dir)
}

function sourceFiles(dir) {
  const found = []
  const pending = [dir]
  while (pending.length > 0) {
    const current = pending.pop()
    for (const name of readdirSync(current)) {
      if (name === 'node_modules') continue
      const path = join(current, name)
      if (statSync(path).isDirectory()) pending.push(path)
      else if (SOURCE.test(name) && !LEFT_OUT.test(name)) found.push(path)
    }
  }
  return found.sort()
}

/**
 * The folder graph of `dir`: for each top-level folder, the folders its files import, each with
 * the first import that shows it ("orders/order-access.ts imports ../kitchen/cancellation").
 */
export function folderGraph(dir) {
  const root = resolve(dir)
  const src = sourceRootOf(root)
  const aliases = [
    ['@shared/', join(src, 'shared')],
    ['@client/', join(src, 'client')],
    ['@server/', join(src, 'server')],
  ]
  const folderOf = (path) => {
    const parts = relative(root, path).split(sep)
    return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined
  }
  /** @type {Map<string, Map<string, string>>} */
  const graph = new Map()
  for (const file of sourceFiles(root)) {
    const from = folderOf(file)
    if (!from) continue
    if (!graph.has(from)) graph.set(from, new Map())
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2]
      let target
      if (spec.startsWith('.')) target = resolve(dirname(file), spec)
      else {
        const alias = aliases.find(([prefix]) => spec.startsWith(prefix))
        if (!alias) continue
        target = join(alias[1], spec.slice(alias[0].length))
      }
      const to = folderOf(target)
      if (!to || to === from || graph.get(from).has(to)) continue
      graph.get(from).set(to, `${relative(root, file).split(sep).join('/')} imports ${spec}`)
    }
  }
  for (const edges of [...graph.values()]) for (const to of edges.keys()) if (!graph.has(to)) graph.set(to, new Map())
  return graph
}

/** The shortest way from `start` back to itself inside `group`, as a list of folders. */
function shortestCircle(graph, group, start) {
  const previous = new Map()
  const queue = [start]
  while (queue.length > 0) {
    const folder = queue.shift()
    for (const next of graph.get(folder).keys()) {
      if (!group.has(next)) continue
      if (next === start) {
        const path = [folder]
        while (path[0] !== start) path.unshift(previous.get(path[0]))
        return path
      }
      if (!previous.has(next)) {
        previous.set(next, folder)
        queue.push(next)
      }
    }
  }
  return [start]
}

/**
 * The folders that import each other in a circle. Each cycle is a strongly connected group of
 * two or more folders (found with Kosaraju's two passes), given with one circle through it and
 * the import behind each of its steps.
 */
export function findFolderCycles(dir) {
  const graph = folderGraph(dir)
  const reversed = new Map([...graph.keys()].map((folder) => [folder, []]))
  for (const [from, edges] of graph) for (const to of edges.keys()) reversed.get(to).push(from)

  // First pass: folders in the order their depth-first visit finishes.
  const finished = []
  const seen = new Set()
  for (const start of [...graph.keys()].sort()) {
    if (seen.has(start)) continue
    seen.add(start)
    const stack = [[start, [...graph.get(start).keys()].sort()]]
    while (stack.length > 0) {
      const [folder, next] = stack.at(-1)
      const to = next.shift()
      if (to === undefined) {
        finished.push(folder)
        stack.pop()
      } else if (!seen.has(to)) {
        seen.add(to)
        stack.push([to, [...graph.get(to).keys()].sort()])
      }
    }
  }
  // Second pass, on the reversed graph, latest finished first: each tree is one group.
  const assigned = new Set()
  const cycles = []
  for (const start of finished.reverse()) {
    if (assigned.has(start)) continue
    const group = new Set([start])
    assigned.add(start)
    const pending = [start]
    while (pending.length > 0) {
      for (const from of reversed.get(pending.pop())) {
        if (assigned.has(from)) continue
        assigned.add(from)
        group.add(from)
        pending.push(from)
      }
    }
    if (group.size < 2) continue
    const folders = [...group].sort()
    const circle = shortestCircle(graph, group, folders[0])
    const steps = circle.map((from, i) => {
      const to = circle[(i + 1) % circle.length]
      return { from, to, because: graph.get(from).get(to) }
    })
    cycles.push({ folders, circle, steps })
  }
  return cycles
}

function main(dirs) {
  let total = 0
  for (const dir of dirs) {
    if (!existsSync(dir)) {
      console.error(`${dir}: no such folder`)
      process.exitCode = 2
      continue
    }
    const cycles = findFolderCycles(dir)
    for (const cycle of cycles) {
      console.error(`${dir}: folders in a circle: ${cycle.folders.join(', ')}`)
      console.error(`  ${[...cycle.circle, cycle.circle[0]].join(' -> ')}`)
      for (const step of cycle.steps) console.error(`  ${step.from} -> ${step.to}: ${step.because}`)
    }
    console.log(`${cycles.length} folder cycles in ${dir}`)
    total += cycles.length
  }
  if (total > 0) process.exitCode = 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2)
  main(dirs.length > 0 ? dirs : ['src/server', 'src/client', 'src/demo'])
}
