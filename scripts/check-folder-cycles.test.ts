import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script, without types
import { findFolderCycles } from './check-folder-cycles.mjs'

interface Cycle {
  folders: string[]
  circle: string[]
  steps: { from: string; to: string; because: string }[]
}
const cyclesIn = (dir: string) => findFolderCycles(dir) as Cycle[]

const tree = mkdtempSync(join(tmpdir(), 'folder-cycles-'))
afterAll(() => rmSync(tree, { recursive: true, force: true }))

function write(path: string, text: string) {
  const file = join(tree, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}

// orders -> kitchen (relative) -> upsells (alias) -> chef (type import) -> orders (re-export):
// a circle of four, each step written a different way.
write('src/server/orders/order-access.ts', "import { cancellationOf } from '../kitchen/cancellation'\n")
write('src/server/kitchen/cancellation.ts', "import { offer } from '@server/upsells/upsells.service'\n")
write(
  'src/server/upsells/upsells.service.ts',
  "import type {\n  ChefService,\n} from '../chef/chef.service'\nexport const offer = 1\n",
)
write('src/server/chef/chef.service.ts', "export { orderNumber } from '../orders/order-access'\n")
// Neither a test nor a folder outside the circle closes another one.
write('src/server/infra/errors.ts', 'export const defineError = 1\n')
write('src/server/wallet/wallet.service.ts', "import { defineError } from '../infra/errors'\n")
write('src/server/infra/errors.test.ts', "import '../wallet/wallet.service'\n")
write('src/server/infra/wallet.fixtures.ts', "import '../wallet/wallet.service'\n")
// A client pair through the @client alias and a lazy import.
write('src/client/lib/use-open-stream.ts', "import { toast } from '@client/components/ui/use-toast'\n")
write('src/client/components/ui/use-toast.ts', "const page = () => import('../../lib/api-client')\n")
write('src/client/lib/api-client.ts', 'export const api = 1\n')

describe('the folder cycle check', () => {
  it('finds a circle of four folders written with relative, aliased, type and re-exported imports', () => {
    const cycles = cyclesIn(join(tree, 'src/server'))
    expect(cycles.map((c) => c.folders)).toEqual([['chef', 'kitchen', 'orders', 'upsells']])
    const [cycle] = cycles
    expect(cycle!.circle).toEqual(['chef', 'orders', 'kitchen', 'upsells'])
    expect(cycle!.steps.find((s) => s.from === 'orders')).toEqual({
      from: 'orders',
      to: 'kitchen',
      because: "orders/order-access.ts imports ../kitchen/cancellation",
    })
  })

  it('finds a pair through the @client alias and a lazy import', () => {
    expect(cyclesIn(join(tree, 'src/client')).map((c) => c.folders)).toEqual([['components', 'lib']])
  })

  it('reports nothing once one step of the circle is gone, and the command then exits 0', () => {
    const run = () =>
      execFileSync(process.execPath, ['scripts/check-folder-cycles.mjs', join(tree, 'src/server')], {
        encoding: 'utf8',
        stdio: 'pipe',
      })
    expect(run).toThrow(/folders in a circle: chef, kitchen, orders, upsells/)
    write('src/server/chef/chef.service.ts', 'export const orderNumber = 1\n')
    expect(cyclesIn(join(tree, 'src/server'))).toEqual([])
    expect(run()).toMatch(/^0 folder cycles in /)
  })

  it('finds no cycle among the folders of the server and of the client', () => {
    for (const dir of ['src/server', 'src/client']) expect(cyclesIn(dir), dir).toEqual([])
  })
})
