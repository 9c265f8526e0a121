/** An allergen alert as the Recent Allergen Alerts card shows it. */
export interface AllergenAlert {
  id: number
  restaurantId: number
  restaurantName: string
  menuItemId: number
  menuItemName: string
  allergen: string
  detectedAt: string
  severity: 'high' | 'medium'
}

/** Examples of what an alert looks like; they are not the diner's own alerts. */
export function sampleAlerts(now = Date.now()): AllergenAlert[] {
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString()
  return [
    {
      id: 1,
      restaurantId: 5,
      restaurantName: 'Golden Lantern',
      menuItemId: 0,
      menuItemName: 'Kung Pao Chicken',
      allergen: 'peanuts',
      detectedAt: ago(95),
      severity: 'high',
    },
    {
      id: 2,
      restaurantId: 1,
      restaurantName: 'Trattoria Bellini',
      menuItemId: 0,
      menuItemName: 'Linguine alle Vongole',
      allergen: 'shellfish',
      detectedAt: ago(60 * 26),
      severity: 'high',
    },
    {
      id: 3,
      restaurantId: 8,
      restaurantName: 'Bluebonnet Diner',
      menuItemId: 0,
      menuItemName: 'Buttermilk Pancakes',
      allergen: 'milk',
      detectedAt: ago(60 * 24 * 3),
      severity: 'medium',
    },
  ]
}
