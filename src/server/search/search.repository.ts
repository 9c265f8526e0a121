import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** How alike a word of the text must be to the query (pg_trgm word similarity) to count. */
export const WORD_SIMILARITY = 0.4

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
  score: number
}

/**
 * The query as a prefix full-text query: each word (letters and digits only) must start a word
 * of the text, so "marg" finds "Margherita" while the diner types. Empty when nothing is left.
 */
export function prefixQuery(q: string): string {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
  return words.map((w) => `${w}:*`).join(' & ')
}

/**
 * Restaurants by name and cuisine, dishes by name and ingredient: a prefix full-text match or a
 * trigram word match (typos) over accent-free lower-case text, both served by GIN indexes on
 * `clearplate_search_text(...)`. Ranked by full-text match, then likeness of the name, then of
 * the whole text.
 */
export function createSearchRepository(db: Db) {
  return {
    async search(q: string, limits: { restaurants: number; dishes: number }) {
      const tsquery = prefixQuery(q)
      return db.transaction(async (tx) => {
        // `<%` reads its threshold from this setting; `true`: for this transaction only.
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
        )
        const restaurantRows = await tx.execute<RestaurantHit>(sql`
          with query as (
            select lower(public.unaccent('public.unaccent'::regdictionary, ${q})) as text,
                   to_tsquery('simple', public.unaccent('public.unaccent'::regdictionary, ${tsquery})) as ts
          )
          select r.id, r.name, r.cuisine, r.address, r.avatar, r.rating, r.review_count, r.is_live, r.price_range,
                 (case when to_tsvector('simple', clearplate_search_text(r.name, array[r.cuisine])) @@ query.ts then 1 else 0 end)
                 + word_similarity(query.text, clearplate_search_text(r.name, null))
                 + 0.5 * word_similarity(query.text, clearplate_search_text(r.name, array[r.cuisine])) as score
          from restaurants r, query
          where to_tsvector('simple', clearplate_search_text(r.name, array[r.cuisine])) @@ query.ts
             or query.text <% clearplate_search_text(r.name, array[r.cuisine])
          order by score desc, r.review_count desc, r.id
          limit ${limits.restaurants}`)
        const dishRows = await tx.execute<DishHit>(sql`
          with query as (
            select lower(public.unaccent('public.unaccent'::regdictionary, ${q})) as text,
                   to_tsquery('simple', public.unaccent('public.unaccent'::regdictionary, ${tsquery})) as ts
          )
          select m.id, m.name, m.description, m.price_cents, m.image, m.ingredients, m.is_available,
                 r.id as restaurant_id, r.name as restaurant_name, r.cuisine as restaurant_cuisine,
                 (case when to_tsvector('simple', clearplate_search_text(m.name, m.ingredients)) @@ query.ts then 1 else 0 end)
                 + word_similarity(query.text, clearplate_search_text(m.name, null))
                 + 0.5 * word_similarity(query.text, clearplate_search_text(m.name, m.ingredients))
                 + (case when m.is_available then 0.1 else 0 end) as score
          from menu_items m
          join restaurants r on r.id = m.restaurant_id, query
          where to_tsvector('simple', clearplate_search_text(m.name, m.ingredients)) @@ query.ts
             or query.text <% clearplate_search_text(m.name, m.ingredients)
          order by score desc, m.id
          limit ${limits.dishes}`)
        return { restaurants: restaurantRows.rows, dishes: dishRows.rows }
      })
    },
  }
}
