#!/usr/bin/env node
// Test lines per product line in src/client: lines of *.test.ts(x) against every other .ts/.tsx line.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = process.argv[2] ?? 'src/client'

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (/\.tsx?$/.test(entry.name)) yield path
  }
}

const lines = (path) => {
  const text = readFileSync(path, 'utf8')
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

let test = 0
let product = 0
for (const path of files(root)) {
  if (/\.test\.tsx?$/.test(path)) test += lines(path)
  else product += lines(path)
}
const ratio = product === 0 ? 0 : test / product
console.log(`${root}: ${test} test lines, ${product} product lines, ${ratio.toFixed(3)} test lines per product line`)
const min = process.env.MIN_RATIO === undefined ? undefined : Number(process.env.MIN_RATIO)
if (min !== undefined && ratio < min) {
  console.error(`below ${min}`)
  process.exit(1)
}
