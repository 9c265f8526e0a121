import { z } from 'zod'
import { ALLERGEN_IDS } from '../constants'
import { dollarsSchema, multilineText, singleLineText } from './common'
import { optionGroupsInputSchema } from './menu-options'
import { imageUrlSchema } from './restaurants'

/** The rules of a dish that an owner enters; the workspace form and the server use the same ones. */
export const MENU_LIMITS = {
  name: { min: 2, max: 80 },
  description: 500,
  category: { min: 1, max: 40 },
  price: { min: 0.5, max: 500 },
  ingredients: 30,
  ingredient: 40,
} as const

export const menuItemNameSchema = singleLineText('Dish name must be at least 2 characters')
  .min(MENU_LIMITS.name.min, 'Dish name must be at least 2 characters')
  .max(MENU_LIMITS.name.max, 'Dish name must be at most 80 characters')

export const menuCategorySchema = singleLineText('Please name a category')
  .min(MENU_LIMITS.category.min, 'Please name a category')
  .max(MENU_LIMITS.category.max, 'Category names are at most 40 characters')

export const menuPriceSchema = dollarsSchema(
  MENU_LIMITS.price.min,
  MENU_LIMITS.price.max,
  'Price must be between $0.50 and $500.00',
)

const ingredientsSchema = z
  .array(
    singleLineText()
      .min(1, 'Ingredients cannot be empty')
      .max(MENU_LIMITS.ingredient, 'Each ingredient is at most 40 characters'),
  )
  .max(MENU_LIMITS.ingredients, 'At most 30 ingredients')

/** Catalogue ids only: an unknown id is refused rather than dropped, so a typo never hides an allergen. */
const menuAllergensSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(ALLERGEN_IDS, { error: 'Unknown allergen' })),
  )
  .max(ALLERGEN_IDS.length, 'Too many allergens')
  .transform((list) => [...new Set(list)])

export const menuItemCreateSchema = z.object({
  name: menuItemNameSchema,
  description: multilineText()
    .max(MENU_LIMITS.description, 'Description must be at most 500 characters')
    .default(''),
  price: menuPriceSchema,
  category: menuCategorySchema,
  image: imageUrlSchema.nullable().optional(),
  ingredients: ingredientsSchema.default([]),
  allergens: menuAllergensSchema.default([]),
  isAvailable: z.boolean().default(true),
  /** The dish's option groups, in order. */
  optionGroups: optionGroupsInputSchema.default([]),
})
export type MenuItemCreateInput = z.input<typeof menuItemCreateSchema>
export type MenuItemCreate = z.output<typeof menuItemCreateSchema>

/** Any field of a dish; a field left out keeps its value. */
export const menuItemUpdateSchema = z
  .object({
    name: menuItemNameSchema,
    description: multilineText().max(MENU_LIMITS.description, 'Description must be at most 500 characters'),
    price: menuPriceSchema,
    category: menuCategorySchema,
    image: imageUrlSchema.nullable(),
    ingredients: ingredientsSchema,
    allergens: menuAllergensSchema,
    isAvailable: z.boolean(),
    /**
     * The whole list of the dish's option groups, in order: a group or option given with its id
     * is kept (sold out stays sold out), one without is added, one left out is removed.
     */
    optionGroups: optionGroupsInputSchema,
  })
  .partial()
export type MenuItemUpdateInput = z.input<typeof menuItemUpdateSchema>
export type MenuItemUpdate = z.output<typeof menuItemUpdateSchema>

/**
 * The owner's order of the whole menu: categories in order, each with its dishes in order. Every
 * dish of the restaurant appears exactly once; naming a category differently renames or moves.
 */
export const menuOrderSchema = z
  .array(
    z.object({
      category: menuCategorySchema,
      itemIds: z.array(z.number().int().positive()).max(500),
    }),
  )
  .max(100, 'At most 100 categories')
  .superRefine((groups, ctx) => {
    const names = new Set<string>()
    const ids = new Set<number>()
    groups.forEach((group, index) => {
      const key = group.category.toLowerCase()
      if (names.has(key))
        ctx.addIssue({ code: 'custom', path: [index, 'category'], message: 'Each category appears once' })
      names.add(key)
      for (const id of group.itemIds) {
        if (ids.has(id))
          ctx.addIssue({ code: 'custom', path: [index, 'itemIds'], message: 'Each dish appears once' })
        ids.add(id)
      }
    })
  })
export type MenuOrder = z.input<typeof menuOrderSchema>

/** The dish form: prices and lists typed as text, turned into what the API takes. */
export const menuItemFormSchema = z.object({
  name: menuItemNameSchema,
  description: menuItemCreateSchema.shape.description,
  price: z
    .string()
    .trim()
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'Enter a price like 12.50')
    .transform(Number)
    .pipe(menuPriceSchema),
  category: menuCategorySchema,
  image: z.string(),
  ingredients: z.string().transform((text, ctx) => {
    const list = splitIngredients(text)
    const parsed = ingredientsSchema.safeParse(list)
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Check the ingredients' })
      return z.NEVER
    }
    return parsed.data
  }),
  allergens: menuAllergensSchema,
  isAvailable: z.boolean(),
})
export type MenuItemFormValues = z.input<typeof menuItemFormSchema>
export type MenuItemForm = z.output<typeof menuItemFormSchema>

/** "tomato, basil,  mozzarella" -> ["tomato", "basil", "mozzarella"]. */
export function splitIngredients(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
}

export function menuItemPayload(values: MenuItemForm): MenuItemCreateInput {
  return { ...values, image: values.image || null }
}
