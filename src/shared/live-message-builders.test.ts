import { describe, expect, it } from 'vitest'
import { liveMessage } from './live-message-builders'
import { type ServerMessage, serverMessageSchema } from './live-messages'

const shout = {
  id: 3,
  orderId: 7,
  userId: 2,
  shoutType: 'cheese',
  shoutName: 'Add Cheese!',
  price: 2,
  status: 'pending',
  createdAt: '2026-05-01T18:00:00.000Z',
}
const ticket = {
  id: 7,
  status: 'cooking',
  progress: 40,
  createdAt: '2026-05-01T18:00:00.000Z',
  statusAt: '2026-05-01T18:05:00.000Z',
  recallUntil: null,
  items: [],
  totalPrice: 17.49,
  dinerName: 'Ana',
  allergenAlerts: [],
  shouts: [],
  tips: [],
  cancellation: null,
  source: 'clearplate',
  fulfilment: 'delivery' as const,
  promisedAt: '2026-05-01T18:30:00.000Z',
}

/** One message of every kind the server sends, each made by its builder. */
const built: ServerMessage[] = [
  liveMessage.telemetry({
    orderId: 7,
    data: { temperature: 371.5, cookingTime: 120, status: 'On schedule', source: 'estimate' },
  }),
  liveMessage.status({ orderId: 7, status: 'cooking', progress: 40 }),
  liveMessage.status({
    orderId: 7,
    status: 'cancelled',
    progress: 40,
    cancellation: { reason: 'out_of_stock', note: null, refund: 17.49, at: '2026-05-01T18:06:00.000Z' },
  }),
  liveMessage.upsell({
    orderId: 7,
    upsellId: 4,
    menuItem: {
      id: 9,
      name: 'Garlic Bread',
      description: 'Warm.',
      price: 4.99,
      image: '/media/dish/9.webp',
      allergens: ['wheat', 'milk'],
    },
  }),
  liveMessage.upsellResult({ orderId: 7, upsellId: 4, accepted: true }),
  liveMessage.upsellResponse({ restaurantId: 1, orderId: 7, upsellId: 4, accepted: false }),
  liveMessage.chefShout({ orderId: 7, shout }),
  liveMessage.chefShout({ orderId: 7, shout: { ...shout, status: 'acknowledged' }, restaurantId: 1 }),
  liveMessage.chefTip({ orderId: 7, tipId: 12, senderId: 2, amount: 5, message: 'Thanks!' }),
  liveMessage.chefTip({ orderId: 7, amount: 1, message: '', demo: true }),
  liveMessage.wallet({
    balance: 32.51,
    transaction: {
      id: 12,
      userId: 2,
      amount: -5,
      type: 'tip',
      description: 'Tip for the chef on order #0007',
      reference: 'order:7',
      createdAt: '2026-05-01T18:07:00.000Z',
    },
  }),
  liveMessage.notification({
    notification: {
      id: 5,
      kind: 'upsell_offered',
      orderId: 7,
      title: 'An add-on for order #0007',
      body: 'The kitchen suggests Garlic Bread for $4.99.',
      link: null,
      createdAt: '2026-05-01T18:05:00.000Z',
      readAt: null,
    },
    unreadCount: 1,
  }),
  liveMessage.kitchenOrder({ restaurantId: 1, order: ticket }),
  liveMessage.kitchenMode({ restaurantId: 1, mode: 'staffed' }),
  liveMessage.resync(7),
  liveMessage.subscribed(7),
  liveMessage.unsubscribed(7),
  liveMessage.kitchenSubscribed(1),
  liveMessage.kitchenAccess({ restaurantId: 1, role: 'cook', stations: ['grill'] }),
  liveMessage.kitchenClosed({
    restaurantId: 1,
    message: 'You are no longer on the staff of this restaurant',
  }),
  liveMessage.menuAvailability({ restaurantId: 1, menuItemId: 3, optionId: 9, isAvailable: false }),
  liveMessage.menuAvailability({ restaurantId: 1, menuItemId: 9, isAvailable: false }),
  liveMessage.restaurantPaused({ restaurantId: 1, pausedUntil: '2026-05-01T20:40:00.000Z' }),
  liveMessage.restaurantPaused({ restaurantId: 1, pausedUntil: null }),
  liveMessage.restaurantSubscribed(1),
  liveMessage.ack({ request: 'chef_tip', orderId: 7 }),
  liveMessage.error('You cannot watch this order', { code: 'forbidden', request: 'subscribe' }),
  liveMessage.pong(),
]

describe('the live message builders', () => {
  it('build messages that parse with the shared schema, unchanged', () => {
    for (const message of built) {
      const parsed = serverMessageSchema.safeParse(message)
      expect(parsed.error, JSON.stringify(message)).toBeUndefined()
      expect(parsed.data).toEqual(message)
    }
  })

  it('cover every message type the schema names', () => {
    const schemaTypes = serverMessageSchema.options.map((option) => option.shape.type.value).sort()
    expect([...new Set(built.map((m) => m.type))].sort()).toEqual(schemaTypes)
  })

  it('stamp the time they were built unless given one', () => {
    const before = Date.now()
    const message = liveMessage.resync(7)
    expect(message.sentAt).toBeGreaterThanOrEqual(before)
    expect(message.sentAt).toBeLessThanOrEqual(Date.now())
    expect(liveMessage.status({ orderId: 7, status: 'plating', progress: 75 }, 1234).sentAt).toBe(1234)
  })

  it('is a schema that refuses what a client could not rely on', () => {
    const status = liveMessage.status({ orderId: 7, status: 'cooking', progress: 40 })
    expect(serverMessageSchema.safeParse({ ...status, extra: 1 }).success).toBe(false)
    expect(serverMessageSchema.safeParse({ ...status, progress: '40' }).success).toBe(false)
    expect(serverMessageSchema.safeParse({ type: 'telemetry', orderId: 7, sentAt: 1 }).success).toBe(false)
    expect(serverMessageSchema.safeParse({ type: 'made_up', sentAt: 1 }).success).toBe(false)
  })
})
