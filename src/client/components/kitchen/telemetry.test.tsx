import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
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
