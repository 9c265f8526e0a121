import { describe, expect, it } from 'vitest'
import { shootThemes } from './diner-support'
import { signIn } from './shell-helpers'
import { screenshot } from './support/browser'
import { setupJourney } from './support/journey'

describe.skipIf(process.env.E2E_SKIP === '1')('a restaurant is a team', () => {
  const journey = setupJourney({ env: { KITCHEN_ORDER_SECONDS: '600', KITCHEN_TICK_MS: '500' } })

  it('the owner invites a grill cook, who registers from the link, bumps a grill ticket, cannot open the menu, and loses the console when removed', async () => {
    // The owner: a staffed kitchen whose mains cook on the grill.
    const owner = await journey.openPage({ viewport: { width: 1366, height: 900 } })
    await signIn(owner, 'chef', 'chef1234')
    expect(
      (await owner.request.put('/api/restaurants/1/kitchen/mode', { data: { mode: 'staffed' } })).status(),
    ).toBe(200)
    expect(
      (
        await owner.request.put('/api/restaurants/1/kitchen/settings', {
          data: { amberMinutes: 8, redMinutes: 15, stations: { Mains: 'grill', Starters: 'cold' } },
        })
      ).status(),
    ).toBe(200)

    // Team: invite a cook for the grill; the link is shown once.
    const suffix = Date.now().toString(36)
    const email = `marco.${suffix}@example.com`
    await owner.goto('/partner/1/team')
    const team = owner.getByTestId('team-section')
    await team.waitFor()
    await team.getByLabel('Email').fill(email)
    await team.getByLabel('Role').selectOption('cook')
    await team.getByLabel('grill').check()
    await team.getByRole('button', { name: 'Create invitation link' }).click()
    const linkField = owner.getByRole('textbox', { name: 'Invitation link' })
    await linkField.waitFor()
    const link = await linkField.inputValue()
    expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{40,}$/)
    await team.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor()
    await screenshot(owner, 'staff-team-invite-1366-light')

    // The cook, on their phone: the link, a new account, then the console.
    const cook = await journey.openPage({ viewport: { width: 390, height: 844 } })
    await cook.goto(new URL(link).pathname)
    await cook.getByRole('heading', { name: 'Join Trattoria Bellini' }).waitFor()
    await shootThemes(cook, 'staff-join', { '390': { width: 390, height: 844 } }, (p) =>
      p.getByRole('heading', { name: 'Join Trattoria Bellini' }).waitFor(),
    )
    await cook.getByRole('link', { name: 'Create an account' }).click()
    await cook.getByLabel('Full name').fill('Marco Fuoco')
    await cook.getByLabel('Email').fill(email)
    await cook.getByLabel('Username').fill(`marco${suffix}`)
    await cook.getByLabel('Password').fill('grill-master-7')
    await cook.getByRole('button', { name: 'Create Account' }).click()
    await cook.getByRole('button', { name: 'Join and open the kitchen' }).click()
    await cook.waitForURL(/\/kitchen\/1$/)
    await cook.getByRole('heading', { name: 'Trattoria Bellini', level: 1 }).waitFor()
    // Their station first; the rest view only; no mode, settings or cancel.
    const stations = cook.getByRole('navigation', { name: 'Stations' })
    await expect.poll(() => stations.getByRole('button').first().textContent()).toBe('grill')
    expect(await stations.getByRole('button', { name: 'grill' }).getAttribute('aria-pressed')).toBe('true')
    expect(await cook.getByRole('switch', { name: 'Staffed kitchen' }).isVisible()).toBe(false)
    expect(await cook.getByRole('button', { name: 'Kitchen settings' }).isVisible()).toBe(false)

    // A diner orders a pizza (a main: the grill's).
    const diner = await journey.openPage()
    const registered = await diner.request.post('/api/register', {
      data: {
        username: `dina${suffix}`,
        password: 'hungry-diner-3',
        email: `dina.${suffix}@example.com`,
        fullName: 'Dina Park',
      },
    })
    const dinerId = ((await registered.json()) as { id: number }).id
    await diner.request.post(`/api/users/${dinerId}/wallet/add-funds`, { data: { amount: 100 } })
    const menu = (await (await diner.request.get('/api/restaurants/1/menu')).json()) as Array<{
      id: number
      name: string
      category: string
    }>
    const pizza = menu.find((m) => m.name === 'Margherita Pizza')!
    expect(pizza.category).toBe('Mains')
    const placed = await diner.request.post('/api/orders', {
      data: { restaurantId: 1, items: [{ menuItemId: pizza.id, quantity: 1 }], fulfilment: 'pickup' },
    })
    expect(placed.status()).toBe(201)
    const orderId = ((await placed.json()) as { id: number }).id

    // The cook marks the grill's line ready.
    const ticket = cook.getByTestId(`ticket-${orderId}`)
    await ticket.waitFor({ timeout: 10_000 })
    await ticket.getByRole('button', { name: 'Ready' }).click()
    await ticket.getByRole('button', { name: 'Undo' }).waitFor()
    await screenshot(cook, 'staff-cook-console-390-dark')
    // "All" shows every ticket, view only.
    await stations.getByRole('button', { name: /All/ }).click()
    await cook.getByTestId('read-only-notice').waitFor()
    expect(await ticket.getByRole('button', { name: /Bump to/ }).count()).toBe(0)
    await stations.getByRole('button', { name: 'grill' }).click()

    // The owner sees who did it.
    const activity = (await (await owner.request.get('/api/restaurants/1/activity?limit=5')).json()) as {
      entries: Array<{ action: string; orderId: number | null; actor: { name: string; role: string } | null }>
    }
    expect(activity.entries.find((e) => e.action === 'line_bump' && e.orderId === orderId)?.actor).toEqual({
      name: 'Marco Fuoco',
      role: 'cook',
    })

    // The menu editor is not the cook's, in the same browser.
    const elsewhere = await cook.context().newPage()
    await elsewhere.goto('/partner/1/menu')
    await elsewhere.getByTestId('workspace-kitchen-only').waitFor()
    // Staff see "Kitchen" in the header, which leads to their console.
    expect(await elsewhere.getByTestId('header-kitchen').getAttribute('href')).toBe('/kitchen/1')
    await screenshot(elsewhere, 'staff-kitchen-only-390-light')
    expect(await elsewhere.getByRole('heading', { name: 'Menu' }).count()).toBe(0)
    const dish = {
      name: 'Grill special',
      description: 'Not the cook’s to add.',
      price: 12,
      category: 'Mains',
      ingredients: ['beef'],
    }
    expect((await elsewhere.request.post('/api/restaurants/1/menu', { data: dish })).status()).toBe(403)
    await elsewhere.close()

    // The owner removes the cook: the console closes, without a reload.
    await shootThemes(
      owner,
      'staff-team',
      {
        '390': { width: 390, height: 844 },
        '1024': { width: 1024, height: 768 },
        '1366': { width: 1366, height: 900 },
      },
      (p) => p.getByRole('list', { name: 'Members' }).getByText('Marco Fuoco').waitFor(),
    )
    const member = owner
      .getByRole('list', { name: 'Members' })
      .locator('li')
      .filter({ hasText: 'Marco Fuoco' })
    await member.waitFor()
    owner.once('dialog', (dialog) => void dialog.accept())
    await member.getByRole('button', { name: 'Remove' }).click()
    await cook.getByTestId('kitchen-closed').waitFor({ timeout: 5000 })
    expect(cook.url()).toMatch(/\/kitchen\/1$/)
    expect((await cook.request.get('/api/restaurants/1/kitchen')).status()).toBe(403)
    journey.expectNoPageErrors()
  })
})
