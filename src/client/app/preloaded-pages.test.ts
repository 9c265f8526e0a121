// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRELOADED_PAGE } from '../../../vite.config'
import { prerenderedPages } from './router'

const root = process.cwd()
const router = readFileSync(join(root, 'src/client/app/router.tsx'), 'utf8')
const pageFiles = readdirSync(join(root, 'src/client/features'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('-page.tsx'))
  .map((file) => file.replace(/\.tsx$/, ''))
/** The name the build gives a page's chunk: its file's, then a hash. */
const chunkOf = (file: string) => `assets/${file.split('/').pop()}-Dx3_kq9a.js`

// The build tells the pages' chunks by their names (vite.config.ts): a page renamed, or one more
// rendered ahead, must not get its modulepreload links back in the takeover, nor take them from
// a page the app renders in the browser.
describe('modulepreload links by page', () => {
  const renderedAhead = Object.keys(prerenderedPages).map((name) => {
    const file = pageFiles.find((f) => f.endsWith(`/${name}-page`))
    return { name, file }
  })

  it.each(renderedAhead)('leaves them out of $name, a page rendered ahead', ({ file }) => {
    expect(file).toBeDefined()
    expect(router).toContain(`import('@client/features/${file}')`)
    expect(PRELOADED_PAGE.test(chunkOf(file!))).toBe(false)
  })

  it('keeps them for every other page', () => {
    const others = pageFiles.filter((file) => !renderedAhead.some((page) => page.file === file))
    expect(others.length).toBeGreaterThan(10)
    for (const file of others) expect(PRELOADED_PAGE.test(chunkOf(file)), file).toBe(true)
    expect(PRELOADED_PAGE.test('assets/start-Dx3_kq9a.js')).toBe(false)
    expect(PRELOADED_PAGE.test('assets/wallet-panel-Dx3_kq9a.js')).toBe(false)
  })
})
