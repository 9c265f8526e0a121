import { describe, expect, it } from 'vitest'
import { ovenCurve } from './device'

describe('the simulated oven', () => {
  it('counts the cooking time left down every second, while it heats up too', () => {
    const curve = ovenCurve({ seed: 5, cookSeconds: 600 })
    const left = [0, 1, 2, 10, 38, 70, 71, 300].map((t) => curve(t).cookingTimeLeft)
    expect(left).toEqual([600, 599, 598, 590, 562, 530, 529, 300])
    expect(curve(900).cookingTimeLeft).toBe(0)
  })

  it('rises from the room towards the set temperature', () => {
    const curve = ovenCurve({ seed: 5, targetF: 400, startF: 72 })
    expect(curve(0).temperatureF).toBeLessThan(80)
    expect(curve(38).temperatureF).toBeGreaterThan(280)
    expect(curve(38).temperatureF).toBeLessThan(300)
    expect(curve(100).temperatureF).toBeGreaterThan(380)
  })
})
