import { describe, expect, it } from 'vitest'
import { nextPath } from './next-path'

describe('where signing in leads', () => {
  it('follows a same-site path with its query', () => {
    expect(nextPath('?next=/orders')).toBe('/orders')
    expect(nextPath('?next=%2Fstream%2F42%3Ftab%3Dchef')).toBe('/stream/42?tab=chef')
  })

  it('goes home without a next path', () => {
    expect(nextPath('')).toBe('/')
    expect(nextPath('?tab=register')).toBe('/')
  })

  it('refuses addresses that would leave the site or loop back to sign-in', () => {
    expect(nextPath('?next=https://evil.example')).toBe('/')
    expect(nextPath('?next=//evil.example/path')).toBe('/')
    expect(nextPath('?next=/\\evil.example')).toBe('/')
    expect(nextPath('?next=/auth?tab=register')).toBe('/')
    expect(nextPath('?next=orders')).toBe('/')
  })
})
