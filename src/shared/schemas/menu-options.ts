import { z } from 'zod'
import { ALLERGEN_IDS, ORDER_QUANTITY } from '../constants'
import { choiceProblems, OPTION_LIMITS } from '../menu-choice'
import { dollarsSchema, idField, multilineText, singleLineText } from './common'

/**
 * A dish's option groups ("Spice level", required, pick 1; "Extras", up to 3): what an owner
 * enters, what the menu carries, and the rule a diner's choice must keep. The add-to-cart form and
 * the server check a choice with the same function, `checkChoice` (`../menu-choice.ts`).
 */
export const menuOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Dollars added to the dish's price for each dish with this option (0 or more). */
  priceDelta: z.number(),
  allergens: z.array(z.string()),
  isAvailable: z.boolean(),
})
export type MenuOption = z.infer<typeof menuOptionSchema>

export const optionGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** A required group needs at least `min` (1 or more) options; an optional one has `min` 0. */
  required: z.boolean(),
  min: z.number(),
  max: z.number(),
  options: z.array(menuOptionSchema),
})
export type OptionGroup = z.infer<typeof optionGroupSchema>

const allergensSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(ALLERGEN_IDS, { error: 'Unknown allergen' })),
  )
  .max(ALLERGEN_IDS.length, 'Too many allergens')
  .transform((list) => [...new Set(list)])

export const optionInputSchema = z.object({
  /** An option the dish already has keeps its id (and whether it is sold out); a new one has none. */
  id: idField().optional(),
  name: singleLineText('Name the option')
    .min(1, 'Name the option')
    .max(OPTION_LIMITS.optionName, `Option names are at most ${OPTION_LIMITS.optionName} characters`),
  priceDelta: dollarsSchema(
    OPTION_LIMITS.priceDelta.min,
    OPTION_LIMITS.priceDelta.max,
    'An option adds between $0.00 and $100.00',
  ).default(0),
  allergens: allergensSchema.default([]),
  isAvailable: z.boolean().default(true),
})

const choices = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(OPTION_LIMITS.options, `${what} is at most ${OPTION_LIMITS.options}`)

export const optionGroupInputSchema = z
  .object({
    id: idField().optional(),
    name: singleLineText('Name the group')
      .min(1, 'Name the group')
      .max(OPTION_LIMITS.groupName, `Group names are at most ${OPTION_LIMITS.groupName} characters`),
    required: z.boolean().default(false),
    /** Fewest options a diner picks; 1 when left out of a required group, always 0 in an optional one. */
    min: choices('The fewest choices').optional(),
    max: choices('The most choices').min(1, 'A group allows at least one choice'),
    options: z
      .array(optionInputSchema)
      .min(1, 'A group needs at least one option')
      .max(OPTION_LIMITS.options, `At most ${OPTION_LIMITS.options} options in a group`),
  })
  .transform((group) => ({
    ...group,
    min: group.required ? Math.max(1, group.min ?? 1) : 0,
  }))
  .superRefine((group, ctx) => {
    if (group.min > group.max)
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'The fewest choices cannot exceed the most' })
    if (group.max > group.options.length)
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: `"${group.name}" has ${group.options.length} option${group.options.length === 1 ? '' : 's'}: a diner cannot pick ${group.max}`,
      })
    const names = new Set<string>()
    group.options.forEach((option, index) => {
      const key = option.name.toLowerCase()
      if (names.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: 'Each option appears once',
        })
      names.add(key)
    })
  })
export type OptionGroupInput = z.input<typeof optionGroupInputSchema>
export type OptionGroupCreate = z.output<typeof optionGroupInputSchema>

export const optionGroupsInputSchema = z
  .array(optionGroupInputSchema)
  .max(OPTION_LIMITS.groups, `At most ${OPTION_LIMITS.groups} option groups on a dish`)
  .superRefine((groups, ctx) => {
    const names = new Set<string>()
    groups.forEach((group, index) => {
      const key = group.name.toLowerCase()
      if (names.has(key))
        ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'Each group appears once' })
      names.add(key)
    })
  })

/** PATCH /api/menu-options/{id}: sold out ("86'd") or back. */
export const optionAvailabilitySchema = z.object({
  isAvailable: z.boolean({ error: 'isAvailable must be true or false' }),
})

/** A diner's note on one order line. */
export const lineNotesSchema = multilineText()
  .max(OPTION_LIMITS.notes, `Notes are at most ${OPTION_LIMITS.notes} characters`)
  .optional()
  .transform((v) => (v ? v : undefined))

/** The options chosen on one order line: ids, each at most once. */
export const chosenOptionsSchema = z
  .array(idField('Options are option ids'))
  .max(OPTION_LIMITS.groups * OPTION_LIMITS.options, 'Too many options')
  .default([])
  .refine((ids) => new Set(ids).size === ids.length, 'Each option is chosen at most once')

/**
 * The add-to-cart form of one dish: its options (each group's rule, as the server checks it,
 * reported on `options.<groupId>`), a quantity and a note for the kitchen.
 */
export function dishChoiceSchema(dish: { name: string; optionGroups?: readonly OptionGroup[] }) {
  return z
    .object({
      options: z.array(z.number()),
      quantity: z
        .number()
        .int()
        .min(ORDER_QUANTITY.min, `Between ${ORDER_QUANTITY.min} and ${ORDER_QUANTITY.max}`)
        .max(ORDER_QUANTITY.max, `Between ${ORDER_QUANTITY.min} and ${ORDER_QUANTITY.max}`),
      notes: lineNotesSchema,
    })
    .superRefine((value, ctx) => {
      for (const problem of choiceProblems(dish.name, dish.optionGroups ?? [], value.options))
        ctx.addIssue({
          code: 'custom',
          path: ['options', String(problem.groupId ?? 'other')],
          // The form shows it under the group's own heading: without the group's name again.
          message: problem.group ? problem.message.slice(problem.group.length + 2) : problem.message,
        })
    })
}
