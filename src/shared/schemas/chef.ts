import { z } from 'zod'
import { SHOUT_TYPES } from '../constants'
import { orderSchema } from './orders'
import { type MenuItem, menuItemSchema } from './restaurants'

export const chefShoutSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  userId: z.number(),
  shoutType: z.string(),
  shoutName: z.string(),
  price: z.number(),
  status: z.string(),
  createdAt: z.string(),
})
export type ChefShout = z.infer<typeof chefShoutSchema>

export const chefShoutCreateSchema = z.object({
  shoutType: z.enum(SHOUT_TYPES, { error: 'Unknown chef shout' }),
})
export const chefShoutCreateResponse = chefShoutSchema.extend({ newBalance: z.number() })

export const upsellResponseSchema = z.object({
  accepted: z.boolean({ error: 'accepted must be true or false' }),
})
export const upsellResultSchema = z.object({
  upsellId: z.number(),
  accepted: z.boolean(),
  /** Present when accepted: the order with the added item, and the wallet after the charge. */
  order: orderSchema.optional(),
  newBalance: z.number().optional(),
})

export const upsellOfferSchema = z.object({
  upsellId: z.number(),
  /** The dish as offered, with its allergens so the diner can decide before adding it. */
  menuItem: menuItemSchema.pick({
    id: true,
    name: true,
    description: true,
    price: true,
    image: true,
    allergens: true,
  }),
})
export type UpsellOffer = z.infer<typeof upsellOfferSchema>
export type UpsellMenuItem = Pick<MenuItem, 'id' | 'name' | 'description' | 'price' | 'image' | 'allergens'>
