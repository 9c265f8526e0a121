import { liveMessage } from '../../shared/live-message-builders'
import type { ServerMessage } from '../../shared/live-messages'
import type { Telemetry } from '../../shared/schemas/orders'
import type { TelemetryEstimate } from '../kitchen/estimate'
import type { OrderForEstimate } from './order-cache'

/**
 * The live `telemetry` message of a sensor's reading: what it measured, and from the kitchen's
 * estimate what it does not (cooking time left, the status line).
 */
export function sensorTelemetryMessage(
  estimate: TelemetryEstimate,
  order: OrderForEstimate,
  reading: { temperature: number; humidity?: number | null; cookingTime?: number | null; recordedAt: Date },
  deviceName: string | null | undefined,
  now: number,
): ServerMessage {
  const expected = estimate(order, now)
  const data: Telemetry = {
    temperature: reading.temperature,
    cookingTime: reading.cookingTime ?? expected.cookingTime,
    status: expected.status,
    source: 'sensor',
    recordedAt: reading.recordedAt.toISOString(),
  }
  if (deviceName) data.deviceName = deviceName
  if (reading.humidity !== null && reading.humidity !== undefined) data.humidity = reading.humidity
  return liveMessage.telemetry({ orderId: order.id, data })
}
