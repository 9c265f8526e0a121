import { z } from 'zod'
import { ALLERGEN_IDS, SEVERITY_VALUES } from '../constants'
import { idParam } from './common'
import { menuItemSchema } from './restaurants'

export const allergenProfileSchema = z.object({
  id: z.number(),
  userId: z.number(),
  allergens: z.array(z.string()),
  severity: z.string(),
  notificationsEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AllergenProfile = z.infer<typeof allergenProfileSchema>

/** Catalogue ids, lowercased and without repeats. */
const allergenIdsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(ALLERGEN_IDS, { error: 'Unknown allergen' })),
  )
  .max(ALLERGEN_IDS.length * 2, 'Too many allergens')
  .transform((list) => [...new Set(list)])
const severitySchema = z.enum(SEVERITY_VALUES, { error: 'Please choose a severity' })

export const allergenProfileInputSchema = z.object({
  allergens: allergenIdsSchema,
  severity: severitySchema.default('moderate'),
  notificationsEnabled: z.boolean().default(true),
})
export type AllergenProfileInput = z.input<typeof allergenProfileInputSchema>

/** The same rules for an update; a field left out keeps its value. */
export const allergenProfilePatchSchema = z.object({
  allergens: allergenIdsSchema.optional(),
  severity: severitySchema.optional(),
  notificationsEnabled: z.boolean().optional(),
})
export type AllergenProfilePatch = z.input<typeof allergenProfilePatchSchema>

export const allergenCheckQuery = z.object({ menuItemId: idParam().optional() })
export const allergenCheckSchema = z.object({
  matches: z.array(
    z.object({
      menuItem: menuItemSchema,
      allergen: z.string(),
      /** The allergen is in this option of the dish, not in the dish itself: choosing it brings it in. */
      option: z.object({ id: z.number(), name: z.string(), group: z.string() }).optional(),
    }),
  ),
})
export type AllergenCheck = z.infer<typeof allergenCheckSchema>
