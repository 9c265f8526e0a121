import { renderWithProviders, stubApi, stubResizeObserver } from '@client/lib/test-utils'
import type { StaffList } from '@shared/schemas/staff'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { TeamSection } from './team-section'

beforeAll(stubResizeObserver)

afterEach(cleanup)

const member = (
  userId: number,
  fullName: string,
  role: 'owner' | 'manager' | 'cook',
  stations: string[] = [],
) => ({
  userId,
  fullName,
  username: fullName.split(' ')[0]!.toLowerCase(),
  email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
  role,
  stations,
  lastActiveAt: null,
  joinedAt: '2026-11-01T10:00:00.000Z',
})

const TEAM: StaffList = {
  members: [
    member(7, 'Ana Owner', 'owner'),
    member(8, 'Max Manager', 'manager'),
    member(9, 'Bea Grill', 'cook', ['grill']),
  ],
  invites: [],
  stations: ['grill'],
}

/** The team's server: the transfer answers `answer` (the team afterwards when it succeeds). */
function teamServer(answer: { status: number; body: unknown } = { status: 200, body: TEAM }) {
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    if (url.pathname === '/api/restaurants/1/staff' && method === 'GET') return { status: 200, body: TEAM }
    if (url.pathname === '/api/restaurants/1/activity')
      return { status: 200, body: { entries: [], nextBefore: null } }
    if (url.pathname === '/api/restaurants/1/owner' && method === 'PUT') return answer
    return undefined
  })
}

const rowOf = (name: string) =>
  screen
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('data-testid')?.startsWith('member-') && li.textContent?.includes(name))!

describe('handing the restaurant to a member', () => {
  it('asks the owner in a dialog naming the person, then hands it over', async () => {
    const calls = teamServer({
      status: 200,
      body: {
        ...TEAM,
        members: [
          member(9, 'Bea Grill', 'owner'),
          member(7, 'Ana Owner', 'manager'),
          member(8, 'Max Manager', 'manager'),
        ],
      },
    })
    renderWithProviders(
      <TeamSection restaurantId={1} restaurantName="Casa Rosa" viewerId={7} viewerRole="owner" />,
    )
    await screen.findByRole('list', { name: 'Members' })
    // Offered for each member, never for the owner's own row.
    expect(within(rowOf('Ana Owner')).queryByRole('button', { name: 'Make owner' })).toBeNull()
    expect(within(rowOf('Max Manager')).getByRole('button', { name: 'Make owner' })).toBeTruthy()
    fireEvent.click(within(rowOf('Bea Grill')).getByRole('button', { name: 'Make owner' }))

    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('Make Bea Grill the owner of Casa Rosa?')
    expect(dialog.textContent).toContain('bea@example.com')
    expect(dialog.textContent).toContain('You stay on the team as a manager')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make Bea Grill the owner' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/restaurants/1/owner', body: { userId: 9 } },
    ])
    expect(await screen.findByText('Bea Grill now owns Casa Rosa')).toBeTruthy()
  })

  it('tells the owner the restaurant is handed over when the answer comes after the Team section is gone', async () => {
    teamServer({
      status: 200,
      body: {
        members: [
          member(9, 'Bea Grill', 'owner'),
          member(7, 'Ana Owner', 'manager'),
          member(8, 'Max Manager', 'manager'),
        ],
      },
    })
    const { rerender } = renderWithProviders(
      <TeamSection restaurantId={1} restaurantName="Casa Rosa" viewerId={7} viewerRole="owner" />,
    )
    await screen.findByRole('list', { name: 'Members' })
    fireEvent.click(within(rowOf('Bea Grill')).getByRole('button', { name: 'Make owner' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make Bea Grill the owner' }))
    // The workspace redraws itself for its new role before the answer is read.
    rerender(<p>Another section</p>)
    expect(await screen.findByText('Bea Grill now owns Casa Rosa')).toBeTruthy()
  })

  it('sends nothing when the owner keeps it, and shows a refusal in the dialog', async () => {
    const calls = teamServer({
      status: 409,
      body: {
        code: 'staff.transfer_needs_member',
        message: 'Ownership passes only to someone already on the restaurant’s staff: invite them first',
      },
    })
    renderWithProviders(
      <TeamSection restaurantId={1} restaurantName="Casa Rosa" viewerId={7} viewerRole="owner" />,
    )
    await screen.findByRole('list', { name: 'Members' })
    fireEvent.click(within(rowOf('Max Manager')).getByRole('button', { name: 'Make owner' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep ownership' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)

    fireEvent.click(within(rowOf('Max Manager')).getByRole('button', { name: 'Make owner' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make Max Manager the owner' }))
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/invite them first/)
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('is not offered to a manager', async () => {
    teamServer()
    renderWithProviders(
      <TeamSection restaurantId={1} restaurantName="Casa Rosa" viewerId={8} viewerRole="manager" />,
    )
    await screen.findByRole('list', { name: 'Members' })
    expect(screen.queryByRole('button', { name: 'Make owner' })).toBeNull()
    // The manager still handles the cook.
    expect(within(rowOf('Bea Grill')).getByRole('button', { name: 'Remove' })).toBeTruthy()
  })
})
