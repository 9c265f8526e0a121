import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/**
 * How alike a word of the text must be to the query (pg_trgm word similarity) to count as a
 * typo of it: at 0.4 "rosa" matched every "roll"; "spagetti" is 0.78 like "spaghetti".
 */
export const WORD_SIMILARITY = 0.5

export type RestaurantHit = {
  id: number
  name: string
  cuisine: string
  address: string
  avatar: string | null
  rating: number | null
  review_count: number
  is_live: boolean
  price_range: string
  exact: boolean
  score: number
}

export type DishHit = {
  id: number
  name: string
  description: string
  price_cents: number
  image: string | null
  ingredients: string[]
  is_available: boolean
  restaurant_id: number
  restaurant_name: string
  restaurant_cuisine: string
  exact: boolean
  score: number
}

/** Words of a query used at most; the schema bounds its characters, this bounds the work. */
export const MAX_QUERY_WORDS = 8
/** Characters of one word used at most (no dish or restaurant has a longer word). */
export const MAX_WORD_LENGTH = 32

/**
 * The words of a query: runs of letters and digits, at most MAX_QUERY_WORDS of at most
 * MAX_WORD_LENGTH characters each. Applied to text the database has already made accent-free
 * and lower-case, so nothing that unaccent turns into punctuation ("⑴" into "(1)", "¼" into
 * "1/4") reaches a tsquery.
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_QUERY_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH))
}

/**
 * A prefix full-text query built from words, never from the diner's text: each word, quoted as
 * a lexeme, must start a word of the text, so "marg" finds "Margherita" while the diner types.
 * Empty when there are no words.
 */
export function prefixQuery(words: readonly string[]): string {
  return words.map((w) => `'${w.replaceAll("'", "''")}':*`).join(' & ')
}

/**
 * Restaurants by name and cuisine, dishes by name and ingredient: a prefix full-text match or a
 * trigram word match (typos) over accent-free lower-case text, both served by GIN indexes on
 * `clearplate_search_text(...)`. Rows matched by full text come first
 * (`exact`), then by likeness of the name, then of the whole text.
 */
export function createSearchRepository(db: Db) {
  return {
    async search(q: string, limits: { restaurants: number; dishes: number }) {
      return db.transaction(async (tx) => {
        // The database's unaccent decides what the words are, as it does for the indexed text.
        const normalized = await tx.execute<{ text: string }>(
          sql`select clearplate_search_text(${q}, null) as text`,
        )
        const words = searchWords(normalized.rows[0]?.text ?? '')
        if (words.length === 0) return { restaurants: [], dishes: [] }
        const text = words.join(' ')
        const tsquery = prefixQuery(words)
        // `<%` reads its threshold from this setting; `true`: for this transaction only.
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
        )
        const restaurantRows = await tx.execute<RestaurantHit>(sql`
          with query as (
            select ${text}::text as text, to_tsquery('simple', ${tsquery}) as ts
          )
          select r.id, r.name, r.cuisine, r.address, r.avatar, r.rating, r.review_count, r.is_live, r.price_range,
                 to_tsvector('simple', clearplate_search_text(r.name, array[r.cuisine])) @@ query.ts as exact,
                 (case when to_tsvector('simple', clearplate_search_text(r.name, array[r.cuisine])) @@ query.ts then 1 else 0 end)
                 + word_similarity(query.text, clearplate_search_text(r.name, null))
                 + 0.5 * word_similarity(query.text, clearplate_search_text(r.name, array[r.cuisine])) as score
          from restaurants r, query
          where to_tsvector('simple', clearplate_search_text(r.name, array[r.cuisine])) @@ query.ts
             or query.text <% clearplate_search_text(r.name, array[r.cuisine])
          order by exact desc, score desc, r.review_count desc, r.id
          limit ${limits.restaurants}`)
        const dishRows = await tx.execute<DishHit>(sql`
          with query as (
            select ${text}::text as text, to_tsquery('simple', ${tsquery}) as ts
          )
          select m.id, m.name, m.description, m.price_cents, m.image, m.ingredients, m.is_available,
                 r.id as restaurant_id, r.name as restaurant_name, r.cuisine as restaurant_cuisine,
                 to_tsvector('simple', clearplate_search_text(m.name, m.ingredients)) @@ query.ts as exact,
                 (case when to_tsvector('simple', clearplate_search_text(m.name, m.ingredients)) @@ query.ts then 1 else 0 end)
                 + word_similarity(query.text, clearplate_search_text(m.name, null))
                 + 0.5 * word_similarity(query.text, clearplate_search_text(m.name, m.ingredients))
                 + (case when m.is_available then 0.1 else 0 end) as score
          from menu_items m
          join restaurants r on r.id = m.restaurant_id, query
          where to_tsvector('simple', clearplate_search_text(m.name, m.ingredients)) @@ query.ts
             or query.text <% clearplate_search_text(m.name, m.ingredients)
          order by exact desc, score desc, m.id
          limit ${limits.dishes}`)
        return { restaurants: restaurantRows.rows, dishes: dishRows.rows }
      })
    },
  }
}
