import { z } from 'zod'
import { ALLERGEN_IDS, SEVERITY_VALUES } from '../constants'
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

export const allergenProfileInputSchema = z.object({
  allergens: z
    .array(z.string().trim().toLowerCase().pipe(z.enum(ALLERGEN_IDS, { error: 'Unknown allergen' })))
    .max(ALLERGEN_IDS.length)
    .transform((list) => [...new Set(list)]),
  severity: z.enum(SEVERITY_VALUES, { error: 'Please choose a severity' }).default('moderate'),
  notificationsEnabled: z.boolean().default(true),
})
export type AllergenProfileInput = z.input<typeof allergenProfileInputSchema>

export const allergenCheckQuery = z.object({ menuItemId: z.coerce.number().int().positive().optional() })
export const allergenCheckSchema = z.object({
  matches: z.array(z.object({ menuItem: menuItemSchema, allergen: z.string() })),
})
export type AllergenCheck = z.infer<typeof allergenCheckSchema>
