import { describe, expect, it } from 'vitest'
import { signIn } from './shell-helpers'
import { screenshot } from './support/browser'
import { setupJourney } from './support/journey'

describe.skipIf(process.env.E2E_SKIP === '1')('handing a restaurant to another owner', () => {
  const journey = setupJourney()

  it('the owner makes their manager the owner from Team, confirming in a dialog that names her, and stays on as a manager', async () => {
    // The owner invites a manager, who joins from the link.
    const owner = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    await signIn(owner, 'chef', 'chef1234')
    const suffix = Date.now().toString(36)
    const invited = await owner.request.post('/api/restaurants/1/staff/invites', {
      data: { email: `nora.${suffix}@example.com`, role: 'manager' },
    })
    expect(invited.status()).toBe(201)
    const token = ((await invited.json()) as { link: string }).link.split('/join/')[1]
    const heir = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    const registered = await heir.request.post('/api/register', {
      data: {
        username: `nora${suffix}`,
        password: 'front-of-house-9',
        email: `nora.${suffix}@example.com`,
        fullName: 'Nora Vance',
      },
    })
    expect(registered.status()).toBe(201)
    expect((await heir.request.post(`/api/staff-invites/${token}/accept`)).status()).toBe(200)

    // Team: "Make owner" on her row asks first, naming her.
    await owner.goto('/partner/1/team')
    const members = owner.getByRole('list', { name: 'Members' })
    const nora = members.locator('li').filter({ hasText: 'Nora Vance' })
    await nora.waitFor()
    await nora.getByRole('button', { name: 'Make owner' }).click()
    const dialog = owner.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Make Nora Vance the owner of Trattoria Bellini?' }).waitFor()
    await screenshot(owner, 'staff-transfer-dialog-1366-light')
    await dialog.getByRole('button', { name: 'Make Nora Vance the owner' }).click()
    await owner.getByText('Nora Vance now owns Trattoria Bellini', { exact: true }).waitFor()
    await dialog.waitFor({ state: 'detached' })

    // Without a reload: she is the owner, he a manager, and earnings leave his workspace.
    await nora.getByText('Owner', { exact: true }).waitFor()
    const me = members.locator('li').filter({ hasText: 'Marco Bellini' })
    await me.getByText('Manager', { exact: true }).waitFor()
    const nav = owner.getByRole('navigation', { name: 'Workspace' })
    await expect.poll(() => nav.getByRole('link', { name: 'Earnings' }).count()).toBe(0)
    expect(await owner.getByRole('button', { name: 'Make owner' }).count()).toBe(0)
    await screenshot(owner, 'staff-transfer-done-1366-light')
    expect((await owner.request.get('/api/restaurants/1/earnings')).status()).toBe(403)
    expect((await owner.request.get('/api/restaurants/1/kitchen')).status()).toBe(200)

    // Hers now: earnings, and the say over who owns it.
    expect((await heir.request.get('/api/restaurants/1/earnings')).status()).toBe(200)
    await heir.goto('/partner/1/team')
    await heir
      .getByRole('list', { name: 'Members' })
      .locator('li')
      .filter({ hasText: 'Marco Bellini' })
      .getByRole('button', { name: 'Make owner' })
      .waitFor()
    const activity = (await (await heir.request.get('/api/restaurants/1/activity?limit=1')).json()) as {
      entries: Array<{ action: string; actor: { role: string } | null }>
    }
    expect(activity.entries[0]).toMatchObject({ action: 'ownership_transferred', actor: { role: 'owner' } })
    journey.expectNoPageErrors()
  })
})
