import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../shared/schemas/search'
import { buildTestApp, createUser } from '../testing/build-test-app'
import { prefixQuery, searchWords } from './search.repository'

const app = await buildTestApp()

async function search(q: string): Promise<SearchResult> {
  const res = await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const dishNames = (r: SearchResult) => r.dishes.map((d) => d.menuItem.name)

describe('search over the seeded restaurants and menus', () => {
  it('finds the Margherita for "margarita", with its restaurant', async () => {
    const found = await search('margarita')
    expect(found.dishes[0]).toMatchObject({
      menuItem: { name: 'Margherita Pizza', price: 17 },
      restaurant: { name: 'Trattoria Bellini', cuisine: 'Italian' },
    })
  })

  it('ignores accents both ways: "tiramisù" finds Tiramisu, "creme brulee" finds Crème Brûlée', async () => {
    expect(dishNames(await search('tiramisù'))[0]).toBe('Tiramisu')
    expect(dishNames(await search('TIRAMISU'))[0]).toBe('Tiramisu')
    expect(dishNames(await search('creme brulee'))[0]).toBe('Crème Brûlée')
  })

  it('tolerates a typo and finds words as they are being typed', async () => {
    expect(dishNames(await search('spagetti'))[0]).toBe('Spaghetti Carbonara')
    expect(dishNames(await search('marg'))).toContain('Margherita Pizza')
    expect(dishNames(await search('tiram'))[0]).toBe('Tiramisu')
  })

  it('finds dishes by ingredient, ranking a dish named for it first', async () => {
    expect(dishNames(await search('ragu'))).toContain('Lasagna della Nonna')
    const garlic = dishNames(await search('garlic'))
    expect(garlic[0]).toBe('Garlic Bread')
    expect(garlic).toContain('Linguine alle Vongole')
  })

  it('finds restaurants by name and by cuisine', async () => {
    expect((await search('sakura')).restaurants[0]).toMatchObject({
      name: 'Sakura Counter',
      cuisine: 'Japanese',
    })
    expect((await search('japanese')).restaurants.map((r) => r.name)).toEqual(['Sakura Counter'])
    expect((await search('mexican')).restaurants[0]!.name).toBe('Casa Azul Cocina')
  })

  it('answers nothing for what matches nothing, and for punctuation alone', async () => {
    expect(await search('zzqxv')).toEqual({ restaurants: [], dishes: [] })
    expect(await search('!!!')).toEqual({ restaurants: [], dishes: [] })
  })

  it('finds a new restaurant by its name first, without dishes that merely look alike', async () => {
    // At a looser likeness "rosa" matched every "roll" on the menus and filled the list.
    expect(dishNames(await search('Rosa'))).toEqual(['Gulab Jamun']) // rose syrup: a likely typo
    const owner = await createUser(app)
    const created = await app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.headers,
      payload: {
        name: "Rosa's Cantina",
        description: 'Tacos and tamales from a family kitchen.',
        cuisine: 'Mexican',
        address: '1100 S Lamar Blvd, Austin, TX 78704',
        priceRange: '$$',
      },
    })
    expect(created.statusCode).toBe(201)
    const found = await search('Rosa')
    expect(found.restaurants.map((r) => r.name)).toEqual(["Rosa's Cantina"])
    expect(found.dishes).toEqual([])
    // A typo still finds the dish when nothing matches as typed.
    expect(dishNames(await search('spagetti'))[0]).toBe('Spaghetti Carbonara')
  })

  it('answers 200 with no results, not a 500, for characters that unaccent turns into punctuation', async () => {
    // unaccent makes "⑴" "(1)" and "¼" " 1/4": neither may reach a tsquery as text.
    for (const q of ['⑴', '¼'.repeat(80), "⑴ o'brien ¼", '½:* & !', "'"]) {
      const res = await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })
      expect(res.statusCode, q).toBe(200)
      expect(res.json()).toMatchObject({ restaurants: expect.any(Array), dishes: expect.any(Array) })
    }
    // Around such characters the words still count.
    expect(dishNames(await search('⑴ Tiramisù ¼'))[0]).toBe('Tiramisu')
  })

  it('refuses an empty or overlong query with a field message', async () => {
    const empty = await app.inject({ url: '/api/search?q=%20' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toEqual({ q: 'Type something to search for' })
    const long = await app.inject({ url: `/api/search?q=${'a'.repeat(81)}` })
    expect(long.statusCode).toBe(400)
    expect((await app.inject({ url: '/api/search' })).statusCode).toBe(400)
  })

  it('has its indexes in place', async () => {
    const result = await app.db.execute<{ indexname: string }>(
      `select indexname from pg_indexes where indexname like '%search%' order by indexname` as never,
    )
    expect(result.rows.map((r) => r.indexname)).toEqual([
      'menu_items_search_fts_idx',
      'menu_items_search_trgm_idx',
      'restaurants_search_fts_idx',
      'restaurants_search_trgm_idx',
    ])
  })
})

describe('searchWords and prefixQuery', () => {
  it('keeps runs of letters and digits, a bounded number of bounded words', () => {
    expect(searchWords("Crème brûlée & 'co'")).toEqual(['crème', 'brûlée', 'co'])
    expect(searchWords(' !! ')).toEqual([])
    expect(searchWords(' 1/4'.repeat(80))).toHaveLength(8)
    expect(searchWords('a'.repeat(80))).toEqual(['a'.repeat(32)])
  })

  it('quotes each word as a lexeme that must start a word of the text', () => {
    expect(prefixQuery(['creme', 'brulee'])).toBe("'creme':* & 'brulee':*")
    expect(prefixQuery([])).toBe('')
  })
})
