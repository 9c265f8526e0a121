import type { Telemetry } from '@shared/schemas/orders'
import { useEffect, useState } from 'react'
import { liveClient } from './live-client'
import { addReading, type TimedTelemetry } from './telemetry-history'

/**
 * The order's newest reading and the last half-minute of them, by the time each was true (for an
 * overlay that follows a picture a few seconds behind, HLS). Kept by the component that shows them,
 * so a reading every second redraws that component and not the page around it.
 */
export function useLiveTelemetry(orderId: number | undefined) {
  const [telemetry, setTelemetry] = useState<Telemetry | null>(null)
  const [history, setHistory] = useState<TimedTelemetry[]>([])
  useEffect(() => {
    setTelemetry(null)
    setHistory([])
    if (!orderId) return
    return liveClient.subscribe(orderId, (message) => {
      if (message.type !== 'telemetry') return
      setTelemetry(message.data)
      setHistory((list) =>
        addReading(list, {
          at: (message.data.recordedAt && Date.parse(message.data.recordedAt)) || message.sentAt,
          data: message.data,
        }),
      )
    })
  }, [orderId])
  return { telemetry, history }
}
