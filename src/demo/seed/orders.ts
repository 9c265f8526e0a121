import type { ShoutType } from '../../shared/constants'

/** [menu item name, quantity] */
export type SeedLine = readonly [string, number]

export interface SeedActiveOrder {
  restaurant: string
  lines: SeedLine[]
  status: 'preparing' | 'cooking'
  /** Share of the kitchen run already done, 0 to 1: sets kitchenStartedAt and progress. */
  elapsed: number
}

export interface SeedPastOrder {
  restaurant: string
  lines: SeedLine[]
  status: 'completed' | 'cancelled'
  daysAgo: number
  /** Local hour of day the order was placed. */
  hour: number
  tipCents?: number
}

/** The public showcase order cooked in a loop for the home page. */
export const SHOWCASE_ORDER: SeedActiveOrder = {
  restaurant: 'trattoria-bellini',
  lines: [
    ['Margherita Pizza', 1],
    ['Garlic Bread', 1],
    ['Tiramisu', 1],
  ],
  status: 'cooking',
  elapsed: 0.4,
}

/** The demo diner's two orders in the kitchen: one cooking, one just received. */
export const DEMO_ACTIVE_ORDERS: SeedActiveOrder[] = [
  {
    restaurant: 'trattoria-bellini',
    lines: [
      ['Spaghetti Carbonara', 1],
      ['Burrata Caprese', 1],
      ['Blood Orange Spritz', 1],
    ],
    status: 'cooking',
    elapsed: 0.45,
  },
  {
    restaurant: 'trattoria-bellini',
    lines: [
      ['Lasagna della Nonna', 1],
      ['Side Salad', 1],
    ],
    status: 'preparing',
    elapsed: 0,
  },
]

/** Chef shouts the demo diner already sent on the cooking order; the kitchen has done them. */
export const DEMO_SHOUTS: { type: ShoutType; minutesAfterCookingStarted: number }[] = [
  { type: 'garlic', minutesAfterCookingStarted: 0.5 },
  { type: 'crispy', minutesAfterCookingStarted: 1.5 },
]

/** The demo diner's history, oldest first. */
export const DEMO_PAST_ORDERS: SeedPastOrder[] = [
  {
    restaurant: 'sakura-counter',
    lines: [
      ['Spicy Tuna Roll', 1],
      ['Salmon Nigiri', 1],
      ['Miso Soup', 2],
    ],
    status: 'completed',
    daysAgo: 27,
    hour: 19,
    tipCents: 500,
  },
  {
    restaurant: 'lone-star-smokehouse',
    lines: [
      ['Prime Brisket Plate', 1],
      ['Mac and Cheese', 1],
      ['Banana Pudding', 1],
    ],
    status: 'completed',
    daysAgo: 20,
    hour: 12,
  },
  {
    restaurant: 'golden-lantern',
    lines: [
      ['Pork Soup Dumplings', 1],
      ['Mapo Tofu', 1],
    ],
    status: 'cancelled',
    daysAgo: 16,
    hour: 20,
  },
  {
    restaurant: 'casa-azul-cocina',
    lines: [
      ['Al Pastor Tacos', 2],
      ['Chips & Guacamole', 1],
      ['Horchata', 1],
    ],
    status: 'completed',
    daysAgo: 13,
    hour: 18,
  },
  {
    restaurant: 'saffron-and-ember',
    lines: [
      ['Butter Chicken', 1],
      ['Garlic Naan', 2],
      ['Mango Lassi', 1],
    ],
    status: 'completed',
    daysAgo: 8,
    hour: 19,
    tipCents: 300,
  },
  {
    restaurant: 'trattoria-bellini',
    lines: [
      ['Margherita Pizza', 1],
      ['Tiramisu', 1],
    ],
    status: 'completed',
    daysAgo: 3,
    hour: 20,
  },
]
