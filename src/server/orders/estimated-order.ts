import { sql } from 'drizzle-orm'
import type { KitchenMode } from '../../shared/schemas/kitchen'
import { orders } from '../db/schema'

/**
 * An order as the kitchen's estimate reads it: what fills in for a sensor that does not report
 * (or for what it does not measure) is the estimate of whoever moves the order.
 */
export interface EstimatedOrder {
  id: number
  status: string
  progress: number
  kitchenStartedAt: Date
  /** Who moves it: the restaurant's kitchen mode; the showcase is always the autopilot's. */
  kitchenMode: KitchenMode
  /** When it reached its status (its newest status event; when it was placed, without one). */
  statusAt: Date
}

/**
 * The columns of a select from `orders` (not aliased) that make an {@link EstimatedOrder},
 * restaurant included. The subqueries name their tables in full: drizzle leaves out the table of
 * a single-table select's columns, which inside a subquery would name the subquery's own.
 */
export const estimatedOrderColumns = {
  id: orders.id,
  restaurantId: orders.restaurantId,
  status: orders.status,
  progress: orders.progress,
  kitchenStartedAt: orders.kitchenStartedAt,
  kitchenMode: sql<KitchenMode>`case when "orders"."is_showcase" then 'autopilot' else (select r.kitchen_mode from restaurants r where r.id = "orders"."restaurant_id") end`,
  statusAt:
    sql<Date>`coalesce((select max(e.at) from order_events e where e.order_id = "orders"."id"), "orders"."created_at")`.mapWith(
      (value: Date | string) => new Date(value),
    ),
}
