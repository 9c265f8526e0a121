import { z } from 'zod'
import { cameraSchema } from './restaurants'

/**
 * A delivery platform order's public watch page (`/watch/{code}`): its status, its dishes and the
 * kitchen's cameras; never the customer's name, address or what they paid.
 */
export const watchSchema = z.object({
  orderId: z.number(),
  restaurantId: z.number(),
  restaurantName: z.string(),
  platform: z.string(),
  status: z.string(),
  progress: z.number(),
  fulfilment: z.enum(['delivery', 'pickup']),
  items: z.array(z.object({ name: z.string(), quantity: z.number() })),
  createdAt: z.string(),
  /** Played from this server (`streamUrl` is the playback address), while the order is in the kitchen. */
  cameras: z.array(cameraSchema.omit({ pictureChecked: true })),
})
export type Watch = z.infer<typeof watchSchema>
