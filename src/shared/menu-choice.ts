/**
 * A diner's choice of options on a dish, checked against the dish's option groups, and the price
 * and allergens it comes to: what the add-to-cart form, the cart and the server's check of an
 * order line share. Plain functions, without the schema library: the restaurant page reads a
 * cart with them before any form is opened (the schemas are in `schemas/menu-options.ts`).
 */
import { toCents, toDollars } from './money'
import type { MenuOption, OptionGroup } from './schemas/menu-options'

export const OPTION_LIMITS = {
  groups: 10,
  options: 20,
  groupName: 40,
  optionName: 60,
  priceDelta: { min: 0, max: 100 },
  /** A diner's note on one line of the order ("no onions"). */
  notes: 140,
} as const

/** What a choice of options came to: the options in menu order and the dollars they add. */
export interface CheckedChoice {
  options: { option: MenuOption; group: OptionGroup }[]
  priceDeltaCents: number
}

/** Why a choice is refused: the group it concerns (null when the option belongs to no group of this dish). */
export interface ChoiceProblem {
  groupId: number | null
  group: string | null
  message: string
}

/** "pick 1", "pick 1 to 2", "up to 3", "any". */
export function choiceRule(group: Pick<OptionGroup, 'min' | 'max' | 'required'>): string {
  if (group.min === group.max) return `pick ${group.min}`
  if (group.min > 0) return `pick ${group.min} to ${group.max}`
  return group.max === 1 ? 'pick up to 1' : `up to ${group.max}`
}

/**
 * Every problem of a diner's options against a dish's groups: an option that is not this
 * dish's, an option sold out, a group with too few or too many. Empty when the choice fits.
 */
export function choiceProblems(
  dishName: string,
  groups: readonly OptionGroup[],
  optionIds: readonly number[],
): ChoiceProblem[] {
  const wanted = new Set(optionIds)
  const known = new Set(groups.flatMap((g) => g.options.map((o) => o.id)))
  const problems: ChoiceProblem[] = []
  for (const id of wanted)
    if (!known.has(id))
      problems.push({ groupId: null, group: null, message: `Option ${id} is not an option of "${dishName}"` })
  for (const group of groups) {
    const picked = group.options.filter((o) => wanted.has(o.id))
    const problem = (message: string) =>
      problems.push({ groupId: group.id, group: group.name, message: `${group.name}: ${message}` })
    const soldOut = picked.find((o) => !o.isAvailable)
    if (soldOut) problem(`${soldOut.name} is sold out`)
    else if (picked.length < group.min)
      problem(
        group.min === 1 ? `choose one for "${dishName}"` : `choose at least ${group.min} for "${dishName}"`,
      )
    else if (picked.length > group.max) problem(`choose at most ${group.max}`)
  }
  return problems
}

/**
 * Checks a diner's options against a dish's groups (the server's check of an order line):
 * the first problem, or the chosen options in the menu's order and what they add.
 */
export function checkChoice(
  dishName: string,
  groups: readonly OptionGroup[],
  optionIds: readonly number[],
): { ok: true; choice: CheckedChoice } | { ok: false; problem: ChoiceProblem } {
  const [problem] = choiceProblems(dishName, groups, optionIds)
  if (problem) return { ok: false, problem }
  const wanted = new Set(optionIds)
  const options: CheckedChoice['options'] = []
  let priceDeltaCents = 0
  for (const group of groups)
    for (const option of group.options)
      if (wanted.has(option.id)) {
        options.push({ option, group })
        priceDeltaCents += toCents(option.priceDelta)
      }
  return { ok: true, choice: { options, priceDeltaCents } }
}

/** The dish's price with these options, in dollars (the running price of the add-to-cart form). */
export function priceWithOptions(
  price: number,
  groups: readonly OptionGroup[],
  optionIds: readonly number[],
) {
  const wanted = new Set(optionIds)
  let cents = toCents(price)
  for (const group of groups)
    for (const option of group.options) if (wanted.has(option.id)) cents += toCents(option.priceDelta)
  return toDollars(cents)
}

/** The dish's allergens with those of the chosen options, each once. */
export function allergensWithOptions(
  allergens: readonly string[],
  groups: readonly OptionGroup[],
  optionIds: readonly number[],
): string[] {
  const wanted = new Set(optionIds)
  const all = new Set(allergens.map((a) => a.toLowerCase()))
  for (const group of groups)
    for (const option of group.options)
      if (wanted.has(option.id)) for (const a of option.allergens) all.add(a.toLowerCase())
  return [...all]
}
