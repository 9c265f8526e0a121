/**
 * Query keys in one place: REST fetchers and live messages write to the same cache entries.
 * Invalidate a whole family with its first element, e.g. `['wallet', userId]`.
 */
export const queryKeys = {
  me: ['user'] as const,
  /** A page of the public list (or its pages) for these filters; `['restaurants', 'list']` is every one. */
  restaurants: (query: object = {}) => ['restaurants', 'list', query] as const,
  restaurant: (id: number) => ['restaurants', id] as const,
  menu: (restaurantId: number) => ['restaurants', restaurantId, 'menu'] as const,
  cameras: (restaurantId: number) => ['restaurants', restaurantId, 'cameras'] as const,
  /** The owner's list, deactivated cameras included; invalidated with `cameras`. */
  ownerCameras: (restaurantId: number) => ['restaurants', restaurantId, 'cameras', 'all'] as const,
  integrations: (restaurantId: number) => ['restaurants', restaurantId, 'integrations'] as const,
  devices: (restaurantId: number) => ['restaurants', restaurantId, 'devices'] as const,
  userRestaurants: (userId: number) => ['users', userId, 'restaurants'] as const,
  /** Where the user works, with their role; invalidated with `userRestaurants`. */
  workplaces: (userId: number) => ['users', userId, 'restaurants', 'workplaces'] as const,
  staff: (restaurantId: number) => ['restaurants', restaurantId, 'staff'] as const,
  staffInvite: (token: string) => ['staff-invites', token] as const,
  order: (id: number) => ['orders', id] as const,
  orders: (userId: number) => ['users', userId, 'orders'] as const,
  activeOrders: (userId: number) => ['users', userId, 'orders', 'active'] as const,
  chefShouts: (orderId: number) => ['orders', orderId, 'chef-shouts'] as const,
  showcase: ['showcase'] as const,
  walletBalance: (userId: number) => ['wallet', userId, 'balance'] as const,
  walletTransactions: (userId: number) => ['wallet', userId, 'transactions'] as const,
  topUp: (topUpId: number) => ['top-ups', topUpId] as const,
  allergenProfile: (userId: number) => ['users', userId, 'allergen-profile'] as const,
  allergenCheck: (userId: number, restaurantId: number, menuItemId?: number) =>
    ['users', userId, 'allergen-check', restaurantId, menuItemId ?? null] as const,
  kitchen: (restaurantId: number) => ['kitchen', restaurantId] as const,
  installations: (userId: number) => ['users', userId, 'installations'] as const,
  addresses: (userId: number) => ['users', userId, 'addresses'] as const,
  notifications: (userId: number) => ['users', userId, 'notifications'] as const,
  pushPreferences: (userId: number) => ['users', userId, 'push-preferences'] as const,
  pushDevices: (userId: number) => ['users', userId, 'push-subscriptions'] as const,
  orderQuotes: (userId: number) => ['users', userId, 'order-quote'] as const,
  orderQuote: (userId: number, restaurantId: number, fulfilment: string, addressId: number | null) =>
    ['users', userId, 'order-quote', restaurantId, fulfilment, addressId] as const,
  reviews: (restaurantId: number) => ['restaurants', restaurantId, 'reviews'] as const,
  insights: (restaurantId: number, range: { from: string; to: string; tz: string }) =>
    ['restaurants', restaurantId, 'insights', range] as const,
  search: (q: string) => ['search', q] as const,
  /** Everything of a restaurant's money: earnings in any range, payouts, the payout account. */
  money: (restaurantId: number) => ['restaurants', restaurantId, 'money'] as const,
  earnings: (restaurantId: number, range: { from: string; to: string }) =>
    ['restaurants', restaurantId, 'money', 'earnings', range] as const,
  payouts: (restaurantId: number) => ['restaurants', restaurantId, 'money', 'payouts'] as const,
  payoutAccount: (restaurantId: number) => ['restaurants', restaurantId, 'money', 'account'] as const,
}
