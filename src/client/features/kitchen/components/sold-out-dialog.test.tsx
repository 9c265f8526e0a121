import { renderWithProviders } from '@client/lib/test-utils'
import type { KitchenDish } from '@shared/schemas/kitchen'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SoldOutDialog } from './sold-out-dialog'

afterEach(cleanup)

const dishes: KitchenDish[] = [
  {
    id: 3,
    name: 'Pad Thai',
    category: 'Noodles',
    isAvailable: true,
    optionGroups: [
      {
        id: 30,
        name: 'Extras',
        options: [
          { id: 9, name: 'Fried egg', isAvailable: false },
          { id: 10, name: 'Extra cheese', isAvailable: true },
        ],
      },
    ],
  },
  {
    id: 5,
    name: 'Smash Burger',
    category: 'Burgers',
    isAvailable: true,
    optionGroups: [
      { id: 50, name: 'Cheese', options: [{ id: 11, name: 'Extra cheese', isAvailable: true }] },
    ],
  },
  { id: 6, name: 'Fries', category: 'Burgers', isAvailable: false, optionGroups: [] },
]

function open(overrides: Partial<Parameters<typeof SoldOutDialog>[0]> = {}) {
  const onDishChange = vi.fn()
  const onOptionsChange = vi.fn()
  renderWithProviders(
    <SoldOutDialog
      dishes={dishes}
      open
      pending={false}
      onOpenChange={() => {}}
      onDishChange={onDishChange}
      onOptionsChange={onOptionsChange}
      {...overrides}
    />,
  )
  return { onDishChange, onOptionsChange }
}
const switchNamed = (name: string) => screen.getByRole('switch', { name })

describe('the console’s sold-out (86) dialog', () => {
  it('lists each dish’s options under the dish and its group, with their sold-out state', () => {
    open()
    const extras = screen.getByRole('group', { name: 'Pad Thai: Extras' })
    expect(
      within(extras)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Pad Thai, Extras: Fried egg available', 'Pad Thai, Extras: Extra cheese available'])
    expect(switchNamed('Pad Thai, Extras: Fried egg available').getAttribute('aria-checked')).toBe('false')
    expect(switchNamed('Pad Thai available').getAttribute('aria-checked')).toBe('true')
    expect(switchNamed('Fries available').getAttribute('aria-checked')).toBe('false')
  })

  it('86es one option of one dish, and brings a sold-out one back', () => {
    const { onOptionsChange, onDishChange } = open()
    fireEvent.click(switchNamed('Smash Burger, Cheese: Extra cheese available'))
    expect(onOptionsChange).toHaveBeenLastCalledWith(
      { ids: [11], label: 'Extra cheese (Smash Burger)' },
      false,
    )
    fireEvent.click(switchNamed('Pad Thai, Extras: Fried egg available'))
    expect(onOptionsChange).toHaveBeenLastCalledWith({ ids: [9], label: 'Fried egg (Pad Thai)' }, true)
    expect(onDishChange).not.toHaveBeenCalled()
  })

  it('86es an option shared by name on every dish at once', () => {
    const { onOptionsChange } = open()
    const shared = screen.getByRole('region', { name: 'Options on several dishes' })
    expect(within(shared).getByText('on 2 dishes')).toBeTruthy()
    fireEvent.click(switchNamed('Extra cheese available on every dish'))
    expect(onOptionsChange).toHaveBeenCalledWith(
      { ids: [10, 11], label: 'Extra cheese on every dish' },
      false,
    )
  })

  it('says on how many dishes a shared option is sold out, and turns them all back on', () => {
    const partly = dishes.map((d) =>
      d.id === 5
        ? {
            ...d,
            optionGroups: [
              { ...d.optionGroups[0]!, options: [{ id: 11, name: 'Extra cheese', isAvailable: false }] },
            ],
          }
        : d,
    )
    const { onOptionsChange } = open({ dishes: partly })
    expect(screen.getByText('sold out on 1 of 2 dishes')).toBeTruthy()
    const all = switchNamed('Extra cheese available on every dish')
    expect(all.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(all)
    expect(onOptionsChange).toHaveBeenCalledWith({ ids: [10, 11], label: 'Extra cheese on every dish' }, true)
  })

  it('narrows to what the search names, starting with the focus in the search', () => {
    open()
    const search = screen.getByLabelText('Search dishes and options')
    expect(document.activeElement).toBe(search)
    fireEvent.change(search, { target: { value: 'egg' } })
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Pad Thai available',
      'Pad Thai, Extras: Fried egg available',
    ])
    fireEvent.change(search, { target: { value: 'oysters' } })
    expect(screen.queryAllByRole('switch')).toEqual([])
    expect(screen.getByRole('status').textContent).toBe('Nothing on the menu matches “oysters”.')
  })

  it('holds every switch while a change is on its way', () => {
    open({ pending: true })
    expect(screen.getAllByRole('switch').every((s) => (s as HTMLButtonElement).disabled)).toBe(true)
  })
})
