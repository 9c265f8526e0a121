import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SearchBox, SiteSearch } from './site-search'

afterEach(cleanup)

const result = {
  restaurants: [{ id: 1, name: 'Bella Napoli', cuisine: 'Italian', priceRange: '$$', isLive: true }],
  dishes: [
    {
      menuItem: { id: 5, name: 'Margherita Pizza', price: 16, isAvailable: true },
      restaurant: { id: 1, name: 'Bella Napoli' },
    },
    {
      menuItem: { id: 9, name: 'Pizza Bianca', price: 14.5, isAvailable: false },
      restaurant: { id: 2, name: 'Forno' },
    },
  ],
}

const box = () => screen.getByRole('combobox', { name: 'Search restaurants and dishes' })
const key = (k: string) => fireEvent.keyDown(box(), { key: k })
const activeTitle = () => {
  const id = box().getAttribute('aria-activedescendant')
  return id ? document.getElementById(id)?.querySelector('span span')?.textContent : undefined
}

describe('the header search', () => {
  it('asks once the diner has typed, and groups restaurants before dishes', async () => {
    const calls = stubApi((url) =>
      url.pathname === '/api/search' ? { status: 200, body: result } : undefined,
    )
    renderWithProviders(<SearchBox />)
    fireEvent.focus(box())
    fireEvent.change(box(), { target: { value: '  pizza ' } })
    await waitFor(() => expect(screen.getAllByTestId('search-option')).toHaveLength(3))
    expect(calls.map((c) => c.path)).toEqual(['/api/search?q=pizza'])
    expect(box().getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByTestId('search-option').map((o) => o.textContent)).toEqual([
      'Bella NapoliItalian · $$ · Live kitchen',
      'Margherita PizzaBella Napoli · $16.00',
      'Pizza BiancaForno · $14.50 · unavailable',
    ])
  })

  it('moves through the results with the arrows, wrapping at both ends, and opens one with Enter', async () => {
    stubApi(() => ({ status: 200, body: result }))
    const { location } = renderWithProviders(<SearchBox />, { path: '/discover' })
    fireEvent.focus(box())
    fireEvent.change(box(), { target: { value: 'pizza' } })
    await waitFor(() => expect(screen.getAllByTestId('search-option')).toHaveLength(3))
    expect(activeTitle()).toBe('Bella Napoli')
    key('ArrowDown')
    expect(activeTitle()).toBe('Margherita Pizza')
    key('ArrowUp')
    key('ArrowUp')
    expect(activeTitle()).toBe('Pizza Bianca')
    key('ArrowDown')
    key('ArrowDown')
    expect(activeTitle()).toBe('Margherita Pizza')
    key('Enter')
    expect(location.history.at(-1)).toBe('/restaurant/1?dish=5#dish-5')
    expect((box() as HTMLInputElement).value).toBe('')
  })

  it('clears the text with Escape, and says when nothing matches', async () => {
    stubApi(() => ({ status: 200, body: { restaurants: [], dishes: [] } }))
    renderWithProviders(<SearchBox />)
    fireEvent.focus(box())
    fireEvent.change(box(), { target: { value: 'zzz' } })
    expect(
      await screen.findByText('Nothing found for “zzz”. Try a dish, an ingredient or a cuisine.'),
    ).toBeTruthy()
    key('Escape')
    expect((box() as HTMLInputElement).value).toBe('')
    expect(box().getAttribute('aria-expanded')).toBe('false')
  })

  it('opens a result with a click and tells the dialog it is done', async () => {
    stubApi(() => ({ status: 200, body: result }))
    let done = 0
    const { location } = renderWithProviders(<SearchBox inline={false} onDone={() => done++} />)
    fireEvent.change(box(), { target: { value: 'bella' } })
    await waitFor(() => expect(screen.getAllByTestId('search-option')).toHaveLength(3))
    fireEvent.click(screen.getAllByTestId('search-option')[0] as HTMLElement)
    expect(location.history.at(-1)).toBe('/restaurant/1')
    expect(done).toBe(1)
  })

  it('takes “/” as a shortcut to search, except while typing in a field', async () => {
    stubApi(() => ({ status: 200, body: result }))
    renderWithProviders(
      <>
        <input aria-label="Note" />
        <SiteSearch />
      </>,
    )
    fireEvent.keyDown(screen.getByLabelText('Note'), { key: '/' })
    expect(screen.queryByRole('dialog')).toBeNull()
    // jsdom lays nothing out, so the inline box counts as hidden: the small screens' dialog opens.
    fireEvent.keyDown(document.body, { key: '/' })
    expect(await screen.findByRole('dialog')).toBeTruthy()
  })
})
