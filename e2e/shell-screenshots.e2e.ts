import { describe, expect, it } from 'vitest'
import { signIn } from './shell-helpers'
import { looks, newContext, screenshot, VIEWPORTS } from './support/browser'
import { setupJourney } from './support/journey'

/** Every restaurant-facing and shell page, at phone and desktop sizes, in both themes. */
const PAGES: { name: string; path: string; heading: string; as?: [string, string] }[] = [
  { name: 'for-restaurants', path: '/for-restaurants', heading: 'Apply to join Clearplate' },
  { name: 'restaurant-partners', path: '/restaurant-partners', heading: 'Get started' },
  {
    name: 'restaurant-partners-integrations',
    path: '/restaurant-partners#integrations',
    heading: 'Connect delivery platforms from your workspace',
    as: ['chef', 'chef1234'],
  },
  { name: 'discover', path: '/discover', heading: 'Discover restaurants' },
  { name: 'faq', path: '/faq', heading: 'Frequently asked questions' },
  {
    name: 'equipment-setup',
    path: '/equipment-setup',
    heading: 'Schedule your installation',
    as: ['chef', 'chef1234'],
  },
  {
    name: 'allergen-profile',
    path: '/allergen-profile',
    heading: 'Eat with confidence',
    as: ['demo', 'demo1234'],
  },
  { name: 'profile', path: '/profile', heading: 'Account details', as: ['demo', 'demo1234'] },
]

describe.skipIf(process.env.E2E_SKIP === '1')('screenshots of the shell and restaurant pages', () => {
  const journey = setupJourney({ env: { KITCHEN_ENABLED: 'false', CAMERAS_ENABLED: 'false' } })

  for (const theme of looks(['dark', 'light'] as const)) {
    for (const size of looks(['phone', 'desktop'] as const)) {
      it(`renders every page at ${size} size in the ${theme} theme`, async () => {
        for (const { name, path, heading, as } of PAGES) {
          const context = await newContext(journey.browser, journey.server.url, {
            viewport: VIEWPORTS[size],
            colorScheme: theme,
          })
          await context.addInitScript((t) => {
            try {
              localStorage.setItem('clearplate-theme', t)
            } catch {}
          }, theme)
          const page = await context.newPage()
          if (as) await signIn(page, as[0], as[1])
          await page.goto(path)
          await page.getByRole('heading', { name: heading }).first().waitFor()
          await page.waitForLoadState('networkidle')
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
            theme === 'dark',
          )
          await page.evaluate(() => window.scrollTo(0, 0))
          await screenshot(page, `shell-${name}-${size}-${theme}`)
          expect(context.pageErrors).toEqual([])
          await context.close()
        }
      })
    }
  }
})
