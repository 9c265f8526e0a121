import { type AllergenId, allergenLabel } from './constants'

/**
 * Words in an ingredient that name a catalogue allergen. Used to warn an owner who lists
 * "butter" but does not declare milk: a hint before saving, never a rule (the owner decides).
 */
const KEYWORDS: Record<AllergenId, readonly string[]> = {
  peanuts: ['peanut', 'groundnut'],
  treenuts: [
    'almond',
    'walnut',
    'cashew',
    'pecan',
    'pistachio',
    'hazelnut',
    'macadamia',
    'brazil nut',
    'pine nut',
    'praline',
    'marzipan',
  ],
  milk: [
    'milk',
    'buttermilk',
    'cream',
    'butter',
    'cheese',
    'yogurt',
    'yoghurt',
    'ghee',
    'whey',
    'mozzarella',
    'parmesan',
    'ricotta',
    'mascarpone',
    'feta',
    'cheddar',
    'burrata',
    'paneer',
  ],
  eggs: ['egg', 'mayonnaise', 'mayo', 'aioli', 'meringue'],
  fish: ['fish', 'salmon', 'tuna', 'cod', 'anchovy', 'anchovies', 'sardine', 'trout', 'halibut', 'mackerel'],
  shellfish: [
    'shrimp',
    'prawn',
    'crab',
    'lobster',
    'scallop',
    'clam',
    'mussel',
    'oyster',
    'crayfish',
    'langoustine',
    'squid',
    'calamari',
    'octopus',
    'shellfish',
  ],
  soy: ['soy', 'soya', 'tofu', 'edamame', 'miso', 'tempeh', 'tamari'],
  wheat: [
    'wheat',
    'flour',
    'bread',
    'breadcrumb',
    'panko',
    'pasta',
    'macaroni',
    'spaghetti',
    'linguine',
    'penne',
    'noodle',
    'udon',
    'ramen',
    'pastry',
    'croissant',
    'cracker',
    'tortilla',
    'couscous',
    'semolina',
    'bulgur',
    'spelt',
    'farro',
    'brioche',
    'pizza dough',
  ],
  gluten: ['gluten', 'barley', 'rye', 'malt', 'seitan'],
  sesame: ['sesame', 'tahini'],
  mustard: ['mustard', 'dijon'],
  celery: ['celery', 'celeriac'],
  lupin: ['lupin', 'lupine'],
  sulfites: ['sulfite', 'sulphite', 'wine'],
  msg: ['msg', 'monosodium glutamate'],
}

/** Phrases that contain a keyword but not its allergen ("peanut butter" is not milk). */
const NOT_THE_ALLERGEN: Partial<Record<AllergenId, readonly string[]>> = {
  milk: [
    'peanut butter',
    'almond butter',
    'nut butter',
    'cocoa butter',
    'shea butter',
    'coconut milk',
    'coconut cream',
    'almond milk',
    'oat milk',
    'soy milk',
    'rice milk',
    'cream of tartar',
    'vegan cheese',
    'vegan butter',
  ],
  fish: ['shellfish', 'crayfish'],
  wheat: [
    'rice flour',
    'corn flour',
    'cornflour',
    'almond flour',
    'chickpea flour',
    'coconut flour',
    'buckwheat flour',
    'rice noodle',
    'corn tortilla',
    'glass noodle',
    'gluten-free bread',
    'gluten free bread',
  ],
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const patterns = Object.fromEntries(
  Object.entries(KEYWORDS).map(([id, words]) => [
    id,
    new RegExp(`\\b(${words.map(escapeRegExp).join('|')})(s|es)?\\b`, 'i'),
  ]),
) as Record<AllergenId, RegExp>

export interface AllergenHint {
  allergen: AllergenId
  label: string
  /** The ingredients that name it, as the owner typed them. */
  ingredients: string[]
}

/** Allergens that the ingredients name but the dish does not declare, in catalogue order. */
export function allergenHints(ingredients: readonly string[], declared: readonly string[]): AllergenHint[] {
  const have = new Set(declared.map((a) => a.toLowerCase()))
  const hints: AllergenHint[] = []
  for (const id of Object.keys(KEYWORDS) as AllergenId[]) {
    if (have.has(id)) continue
    const found = ingredients.filter((ingredient) => {
      let text = ingredient.toLowerCase()
      for (const phrase of NOT_THE_ALLERGEN[id] ?? []) text = text.replaceAll(phrase, ' ')
      return patterns[id].test(text)
    })
    if (found.length > 0) hints.push({ allergen: id, label: allergenLabel(id), ingredients: found })
  }
  return hints
}
