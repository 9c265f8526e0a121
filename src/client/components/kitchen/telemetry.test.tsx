import { SENSOR_OFFLINE_MS } from '@shared/constants'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StatusTracker } from './status-tracker'
import { formatCookingTime, TONE_CLASS, telemetryTone } from './telemetry'
import { TelemetryOverlay } from './telemetry-overlay'

afterEach(cleanup)

describe('telemetry', () => {
  it('colours a status with "ahead" blue, "delay" yellow and anything else green', () => {
    expect(telemetryTone('2 min ahead')).toBe('ahead')
    expect(telemetryTone('Slight delay')).toBe('delay')
    expect(telemetryTone('Delayed by the rush')).toBe('delay')
    expect(telemetryTone('On schedule')).toBe('on-track')
    expect(TONE_CLASS.ahead).toContain('blue')
    expect(TONE_CLASS.delay).toContain('yellow')
    expect(TONE_CLASS['on-track']).toContain('green')
  })

  it('shows cooking time as mm:ss', () => {
    expect(formatCookingTime(765)).toBe('12:45')
    expect(formatCookingTime(59)).toBe('00:59')
    expect(formatCookingTime(-4)).toBe('00:00')
  })

  it('shows 375°F (191°C) and 12:45 until the first telemetry arrives', () => {
    render(<TelemetryOverlay telemetry={null} />)
    expect(screen.getByTestId('temperature-f').textContent).toBe('375°F')
    expect(screen.getByText('(191°C)')).toBeTruthy()
    expect(screen.getByTestId('cooking-time').textContent).toBe('12:45')
  })

  it('shows the latest reading with its status colour', () => {
    render(<TelemetryOverlay telemetry={{ temperature: 412, cookingTime: 90, status: 'Slight delay' }} />)
    expect(screen.getByTestId('temperature-f').textContent).toBe('412°F')
    expect(screen.getByText('(211°C)')).toBeTruthy()
    expect(screen.getByTestId('cooking-time').textContent).toBe('01:30')
    expect(screen.getByTestId('telemetry-status').className).toContain('yellow')
  })
})

describe('StatusTracker', () => {
  it('labels each of the four stages with its state', () => {
    render(<StatusTracker status="plating" />)
    const items = screen.getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'PreparationCompleted',
      'CookingCompleted',
      'PlatingIn Progress',
      'DeliveryUpcoming',
    ])
  })
})

describe('TelemetryOverlay sources', () => {
  it('names the sensor that measured a reading', () => {
    render(
      <TelemetryOverlay
        telemetry={{
          temperature: 402.5,
          cookingTime: 540,
          status: 'On schedule',
          source: 'sensor',
          deviceName: 'Pizza oven',
          recordedAt: new Date().toISOString(),
        }}
      />,
    )
    expect(screen.getByTestId('telemetry-source').textContent).toBe('Sensor · Pizza oven')
    expect(screen.queryByTestId('sensor-offline')).toBeNull()
  })

  it('marks the kitchen’s estimate as an estimate, and says when the sensor went offline', () => {
    render(
      <TelemetryOverlay
        telemetry={{
          temperature: 380,
          cookingTime: 300,
          status: 'On schedule',
          source: 'estimate',
          sensorOffline: true,
        }}
      />,
    )
    expect(screen.getByTestId('telemetry-source').textContent).toBe('Estimate')
    expect(screen.getByTestId('sensor-offline').textContent).toBe('Sensor offline')
  })
})

describe('StatusTracker at the ends of an order', () => {
  const states = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('data-state'))

  it('shows every stage completed once the order is done', () => {
    render(<StatusTracker status="completed" />)
    expect(screen.getByRole('list', { name: 'Order status' })).toBeTruthy()
    expect(states()).toEqual(['Completed', 'Completed', 'Completed', 'Completed'])
  })

  it('shows no stage reached for a cancelled order', () => {
    render(<StatusTracker status="cancelled" />)
    expect(states()).toEqual(['Upcoming', 'Upcoming', 'Upcoming', 'Upcoming'])
  })
})

describe('TelemetryOverlay when the sensor goes quiet', () => {
  afterEach(() => vi.useRealTimers())

  const reading = {
    temperature: 402,
    cookingTime: 540,
    status: 'On schedule',
    source: 'sensor' as const,
    deviceName: 'Pizza oven',
    humidity: 41.6,
  }

  it('shows the humidity a sensor measured, and none for an estimate', () => {
    const { rerender } = render(<TelemetryOverlay telemetry={reading} />)
    expect(screen.getByText('Humidity').parentElement?.textContent).toBe('Humidity42%')
    rerender(<TelemetryOverlay telemetry={{ ...reading, source: 'estimate' }} />)
    expect(screen.queryByText('Humidity')).toBeNull()
  })

  it('says the sensor is offline when no reading follows within the offline window, until one does', () => {
    vi.useFakeTimers()
    const { rerender } = render(<TelemetryOverlay telemetry={reading} />)
    expect(screen.getByTestId('telemetry').getAttribute('data-source')).toBe('sensor')
    act(() => vi.advanceTimersByTime(SENSOR_OFFLINE_MS - 1))
    expect(screen.queryByTestId('sensor-offline')).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByTestId('sensor-offline').textContent).toBe('Sensor offline')
    expect(screen.getByTestId('telemetry-source').textContent).toBe('Estimate')
    expect(screen.getByTestId('telemetry').getAttribute('data-source')).toBe('estimate')
    rerender(<TelemetryOverlay telemetry={{ ...reading, temperature: 405 }} />)
    expect(screen.queryByTestId('sensor-offline')).toBeNull()
    expect(screen.getByTestId('telemetry-source').textContent).toBe('Sensor · Pizza oven')
  })
})
