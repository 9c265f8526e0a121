import type { Device } from '@shared/schemas/devices'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SensorStatus } from './sensor-status'

afterEach(cleanup)

const device = (name: string, online: boolean): Device => ({
  id: name.length,
  restaurantId: 1,
  name,
  kind: 'oven',
  cameraId: null,
  keyLast4: 'abcd',
  lastSeenAt: online ? new Date().toISOString() : null,
  online,
  lastReading: null,
  createdAt: new Date().toISOString(),
})

describe('SensorStatus', () => {
  it('names the sensors that are offline', () => {
    render(<SensorStatus devices={[device('Pizza oven', true), device('Fryer probe', false)]} />)
    expect(screen.getByTestId('sensor-status').textContent).toBe('Sensor offline: Fryer probe')
  })

  it('counts the sensors when all report, and shows nothing without sensors', () => {
    render(<SensorStatus devices={[device('Pizza oven', true), device('Grill', true)]} />)
    expect(screen.getByTestId('sensor-status').textContent).toBe('2 sensors online')
    cleanup()
    render(<SensorStatus devices={[]} />)
    expect(screen.queryByTestId('sensor-status')).toBeNull()
  })
})
