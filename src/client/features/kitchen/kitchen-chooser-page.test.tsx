import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { MyWorkplace } from '@shared/schemas/staff'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import KitchenChooserPage from './kitchen-chooser-page'

afterEach(cleanup)
const ME = {
  id: 7,
  username: 'rosa',
  fullName: 'Rosa Diaz',
  email: 'r@example.com',
  avatar: null,
  walletBalance: 0,
}

/** A signed-in user who works in `workplaces`; `/api/users/7/restaurants` (owned only) is never routed. */
function worksAt(workplaces: MyWorkplace[]) {
  return stubApi((url) => {
    if (url.pathname === '/api/user') return { status: 200, body: ME }
    if (url.pathname === '/api/users/7/workplaces') return { status: 200, body: workplaces }
    return undefined
  })
}

describe('the kitchen chooser', () => {
  it('lists every restaurant where the user works, owned or as staff, with their role there', async () => {
    worksAt([
      { restaurantId: 3, restaurantName: 'Casa Rosa', role: 'owner', stations: [] },
      { restaurantId: 9, restaurantName: 'Harbor Grill', role: 'cook', stations: ['grill', 'fryer'] },
      { restaurantId: 12, restaurantName: 'Noodle Bar', role: 'expo', stations: [] },
    ])
    renderWithProviders(<KitchenChooserPage />, { path: '/kitchen' })
    const list = await screen.findByRole('list', { name: 'Your restaurants' })
    const links = within(list).getAllByRole('link')
    expect(links.map((l) => [l.getAttribute('href'), l.textContent])).toEqual([
      ['/kitchen/3', 'Casa RosaOwner'],
      ['/kitchen/9', 'Harbor GrillCook · grill, fryer'],
      ['/kitchen/12', 'Noodle BarExpo'],
    ])
  })

  it.each([
    ['owner', 'Casa Rosa'],
    ['manager', 'Harbor Grill'],
    ['expo', 'Harbor Grill'],
    ['cook', 'Harbor Grill'],
  ] as const)('takes the %s of a single restaurant straight to its console', async (role, name) => {
    worksAt([{ restaurantId: 9, restaurantName: name, role, stations: role === 'cook' ? ['grill'] : [] }])
    const { location } = renderWithProviders(<KitchenChooserPage />, { path: '/kitchen' })
    await waitFor(() => expect(location.history?.at(-1)).toBe('/kitchen/9'))
    expect(screen.queryByRole('list', { name: 'Your restaurants' })).toBeNull()
  })

  it('tells someone who works nowhere how a kitchen comes to them', async () => {
    worksAt([])
    renderWithProviders(<KitchenChooserPage />, { path: '/kitchen' })
    expect(await screen.findByText(/invitation link your restaurant sent you/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the workspace' }).getAttribute('href')).toBe('/partner')
  })
})
