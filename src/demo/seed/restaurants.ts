import type { PRICE_RANGES, RESTAURANT_FEATURES } from '../../shared/constants'

type Feature = (typeof RESTAURANT_FEATURES)[number]

export interface SeedCamera {
  name: string
  position: 'main' | 'prep' | 'grill' | 'plating' | 'dessert' | 'bar'
}

export interface SeedRestaurant {
  /** Names the restaurant's illustrations under /media/restaurants/{slug}/. */
  slug: string
  name: string
  cuisine: string
  description: string
  address: string
  latitude: number
  longitude: number
  priceRange: (typeof PRICE_RANGES)[number]
  /** null: too new to be rated, shown as "New". */
  rating: number | null
  reviewCount: number
  features: Feature[]
  isLive: boolean
  ownedByChef: boolean
  heroImages: number
  cameras: SeedCamera[]
}

/** In insert order: restaurant ids are their position plus one. */
export const SEED_RESTAURANTS: SeedRestaurant[] = [
  {
    slug: 'trattoria-bellini',
    name: 'Trattoria Bellini',
    cuisine: 'Italian',
    description:
      'Wood-fired pizzas and hand-rolled pasta from a family recipe book that crossed the Atlantic in 1962. Watch Chef Marco stretch dough and toss linguine over a roaring flame while your order comes together.',
    address: '301 W 2nd St, Austin, TX 78701',
    latitude: 30.26502,
    longitude: -97.74652,
    priceRange: '$$',
    rating: 4.8,
    reviewCount: 842,
    features: [
      'Live Kitchen View',
      'Chef Interaction',
      'Temperature Monitoring',
      'Cooking Timeline',
      'Multi-Angle Cameras',
      'High-Definition Stream',
    ],
    isLive: true,
    ownedByChef: true,
    heroImages: 4,
    cameras: [
      { name: 'Main Kitchen', position: 'main' },
      { name: 'Prep Station', position: 'prep' },
      { name: 'Grill Area', position: 'grill' },
    ],
  },
  {
    slug: 'lone-star-smokehouse',
    name: 'Lone Star Smokehouse',
    cuisine: 'BBQ',
    description:
      'Post-oak smoked brisket with a peppery bark, sold by the pound until it runs out. Our pitmasters tend the offset smokers through the night so every rib comes out glossy and tender.',
    address: '1901 E 6th St, Austin, TX 78702',
    latitude: 30.26198,
    longitude: -97.72206,
    priceRange: '$$',
    rating: 4.7,
    reviewCount: 1290,
    features: ['Live Kitchen View', 'Temperature Monitoring', 'Cooking Timeline', 'Detailed Telemetry'],
    isLive: true,
    ownedByChef: false,
    heroImages: 3,
    cameras: [
      { name: 'Pit Room', position: 'grill' },
      { name: 'Carving Block', position: 'prep' },
    ],
  },
  {
    slug: 'sakura-counter',
    name: 'Sakura Counter',
    cuisine: 'Japanese',
    description:
      'An intimate sushi counter where fish arrives daily and rice is seasoned to body temperature. Follow every slice of the knife from the itamae station to your tray.',
    address: '4600 N Lamar Blvd, Austin, TX 78756',
    latitude: 30.31592,
    longitude: -97.74018,
    priceRange: '$$$',
    rating: 4.9,
    reviewCount: 517,
    features: [
      'Live Kitchen View',
      'Chef Interaction',
      'High-Definition Stream',
      'Premium Experience',
      'Chef Collaboration',
    ],
    isLive: true,
    ownedByChef: false,
    heroImages: 4,
    cameras: [
      { name: 'Sushi Counter', position: 'main' },
      { name: 'Ramen Line', position: 'prep' },
    ],
  },
  {
    slug: 'casa-azul-cocina',
    name: 'Casa Azul Cocina',
    cuisine: 'Mexican',
    description:
      'Tortillas pressed to order, salsas ground in a volcanic-stone molcajete, and al pastor carved straight off the trompo. Bright, generous Mexico City street food with an East Austin accent.',
    address: '1619 E Cesar Chavez St, Austin, TX 78702',
    latitude: 30.25702,
    longitude: -97.72795,
    priceRange: '$',
    rating: 4.6,
    reviewCount: 968,
    features: ['Live Kitchen View', 'Chef Interaction', 'Cooking Timeline'],
    isLive: true,
    ownedByChef: false,
    heroImages: 3,
    cameras: [{ name: 'Comal & Trompo', position: 'main' }],
  },
  {
    slug: 'golden-lantern',
    name: 'Golden Lantern',
    cuisine: 'Chinese',
    description:
      'Soup dumplings pleated eighteen times and wok-tossed noodles kissed with real wok hei. Watch the flames leap as Sichuan and Cantonese classics come off the burners.',
    address: '8557 Research Blvd, Austin, TX 78758',
    latitude: 30.36494,
    longitude: -97.71602,
    priceRange: '$$',
    rating: 4.5,
    reviewCount: 603,
    features: ['Live Kitchen View', 'Temperature Monitoring', 'Multi-Angle Cameras', 'Detailed Telemetry'],
    isLive: true,
    ownedByChef: false,
    heroImages: 3,
    cameras: [
      { name: 'Wok Station', position: 'grill' },
      { name: 'Dumpling Bar', position: 'prep' },
    ],
  },
  {
    slug: 'saffron-and-ember',
    name: 'Saffron & Ember',
    cuisine: 'Indian',
    description:
      'Clay-oven breads blistered at 900 degrees and curries simmered low with whole spices toasted each morning. A warm, fragrant kitchen cooking the dishes of Punjab and Goa.',
    address: '2438 W Anderson Ln, Austin, TX 78757',
    latitude: 30.35581,
    longitude: -97.73297,
    priceRange: '$$',
    rating: 4.7,
    reviewCount: 451,
    features: [
      'Live Kitchen View',
      'Temperature Monitoring',
      'Cooking Timeline',
      'Chef Interaction',
      'Detailed Telemetry',
    ],
    isLive: true,
    ownedByChef: false,
    heroImages: 4,
    cameras: [{ name: 'Tandoor', position: 'grill' }],
  },
  {
    slug: 'bangkok-street-kitchen',
    name: 'Bangkok Street Kitchen',
    cuisine: 'Thai',
    description:
      'Fiery woks, fresh herbs and curry pastes pounded in-house, just like the night markets of Bangkok. Every dish balances sweet, sour, salty and heat exactly the way you ask.',
    address: '2712 Guadalupe St, Austin, TX 78705',
    latitude: 30.29412,
    longitude: -97.74203,
    priceRange: '$',
    rating: 4.4,
    reviewCount: 736,
    features: ['Live Kitchen View', 'Chef Interaction', 'Cooking Timeline'],
    isLive: true,
    ownedByChef: false,
    heroImages: 3,
    cameras: [{ name: 'Wok Line', position: 'main' }],
  },
  {
    slug: 'bluebonnet-diner',
    name: 'Bluebonnet Diner',
    cuisine: 'American',
    description:
      'Smash burgers seared hard on a seasoned flat-top, hand-cut fries and pie baked every morning. A South Congress classic that keeps the griddle sizzling from breakfast to late night.',
    address: '1412 S Congress Ave, Austin, TX 78704',
    latitude: 30.24823,
    longitude: -97.74996,
    priceRange: '$$',
    rating: 4.3,
    reviewCount: 1544,
    features: ['Live Kitchen View', 'Temperature Monitoring', 'High-Definition Stream', 'Cooking Timeline'],
    isLive: true,
    ownedByChef: false,
    heroImages: 3,
    cameras: [
      { name: 'Flat-Top Grill', position: 'grill' },
      { name: 'Pie Station', position: 'dessert' },
    ],
  },
  {
    slug: 'maison-lumiere',
    name: 'Maison Lumière',
    cuisine: 'French',
    description:
      'Classic French technique with Texas produce: slow-braised coq au vin, silky sauces and soufflés that rise on cue. An elegant tasting room with a kitchen that has nothing to hide.',
    address: '3110 Windsor Rd, Austin, TX 78703',
    latitude: 30.29598,
    longitude: -97.76804,
    priceRange: '$$$$',
    rating: 4.9,
    reviewCount: 288,
    features: [
      'Live Kitchen View',
      'Premium Experience',
      'Chef Collaboration',
      'High-Definition Stream',
      'Multi-Angle Cameras',
      'Detailed Telemetry',
    ],
    isLive: true,
    ownedByChef: false,
    heroImages: 4,
    cameras: [
      { name: 'Saucier Station', position: 'main' },
      { name: 'Pastry Kitchen', position: 'dessert' },
    ],
  },
  {
    slug: 'olive-and-thyme',
    name: 'Olive & Thyme',
    cuisine: 'Mediterranean',
    description:
      'Charcoal-grilled kebabs, just-puffed pita and mezze to share, seasoned with sumac, lemon and good olive oil. Sunny flavours from Greece to Lebanon in a breezy neighbourhood spot.',
    address: '5400 Brodie Ln, Austin, TX 78745',
    latitude: 30.20912,
    longitude: -97.82793,
    priceRange: '$$',
    rating: 4.4,
    reviewCount: 212,
    features: ['Chef Interaction', 'Cooking Timeline', 'Temperature Monitoring'],
    isLive: false,
    ownedByChef: false,
    heroImages: 3,
    cameras: [],
  },
  {
    slug: 'gulf-coast-oyster-bar',
    name: 'Gulf Coast Oyster Bar',
    cuisine: 'Seafood',
    description:
      'Oysters shucked to order, blackened redfish and buttery lobster rolls, trucked in from the Gulf every morning. A bright raw bar with a Cajun heart.',
    address: '11410 Century Oaks Terrace, Austin, TX 78758',
    latitude: 30.40201,
    longitude: -97.72516,
    priceRange: '$$$',
    rating: null,
    reviewCount: 0,
    features: ['Premium Experience', 'Chef Interaction', 'Cooking Timeline', 'Temperature Monitoring'],
    isLive: false,
    ownedByChef: false,
    heroImages: 3,
    cameras: [],
  },
  {
    slug: 'greenleaf-kitchen',
    name: 'Greenleaf Kitchen',
    cuisine: 'Vegan',
    description:
      'Colourful plant-based bowls, smoky jackfruit and cashew cream everything, built on produce from farms around Travis County. Proof that vegan comfort food can be the most satisfying meal of the week.',
    address: '1600 E Riverside Dr, Austin, TX 78741',
    latitude: 30.24203,
    longitude: -97.72901,
    priceRange: '$$',
    rating: null,
    reviewCount: 0,
    features: ['Cooking Timeline', 'Chef Interaction', 'Temperature Monitoring'],
    isLive: false,
    ownedByChef: false,
    heroImages: 3,
    cameras: [],
  },
]
