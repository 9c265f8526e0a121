/**
 * Allergy words in a customer's free-text notes (a delivery platform's special instructions):
 * "peanut allergy", "no nuts", "gluten free"... The kitchen's ticket raises its allergen banner
 * for each one found.
 */
const WORDS: { label: string; pattern: RegExp }[] = [
  { label: 'peanuts', pattern: /\bpeanuts?\b/i },
  {
    label: 'tree nuts',
    pattern: /\b(tree ?nuts?|nuts?|almonds?|cashews?|walnuts?|pecans?|hazelnuts?|pistachios?)\b/i,
  },
  { label: 'gluten', pattern: /\b(gluten|coeliac|celiac|wheat)\b/i },
  { label: 'dairy', pattern: /\b(dairy|lactose|milk)\b/i },
  { label: 'eggs', pattern: /\beggs?\b/i },
  { label: 'soy', pattern: /\b(soy|soya)\b/i },
  { label: 'shellfish', pattern: /\b(shellfish|shrimps?|prawns?|crab|lobster)\b/i },
  { label: 'fish', pattern: /\bfish\b/i },
  { label: 'sesame', pattern: /\bsesame\b/i },
]
const ALLERGY = /\b(allerg\w*|anaphyla\w*|epipen|intoleran\w*)\b/i

/** The allergens named in `notes`, each once; "allergy" alone (no allergen named) gives "allergy". */
export function allergenWordsIn(notes: string | null | undefined): string[] {
  if (!notes) return []
  const found = WORDS.filter((w) => w.pattern.test(notes)).map((w) => w.label)
  if (found.length === 0 && ALLERGY.test(notes)) return ['allergy']
  return found
}
