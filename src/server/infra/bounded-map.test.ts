import { describe, expect, it } from 'vitest'
import { setBounded } from './bounded-map'

describe('setBounded', () => {
  it('drops the oldest tenth when a new key finds the map full, and nothing when a key is replaced', () => {
    const map = new Map<number, string>()
    for (let i = 0; i < 20; i++) setBounded(map, i, `v${i}`, 20)
    expect(map.size).toBe(20)

    setBounded(map, 5, 'again', 20)
    expect(map.size).toBe(20)
    expect(map.get(5)).toBe('again')

    setBounded(map, 20, 'v20', 20)
    expect([...map.keys()].slice(0, 3)).toEqual([2, 3, 4])
    expect(map.has(0) || map.has(1)).toBe(false)
    expect(map.size).toBe(19)
  })
})
