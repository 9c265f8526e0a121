import { afterEach, vi } from 'vitest'

/** Unexpected console errors and warnings fail the test that caused them. */
const failures: string[] = []
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    failures.push(`console.${level}: ${args.map(String).join(' ')}`)
  })
}
afterEach(() => {
  if (failures.length > 0) {
    const messages = failures.splice(0)
    throw new Error(`Unexpected console output:\n${messages.join('\n')}`)
  }
})
