import type { Db } from './client'

/** Seeds the demo data into an empty database. Returns false when data was already there. */
export async function seedDemo(_db: Db): Promise<boolean> {
  return false
}
