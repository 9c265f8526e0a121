import { act, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { preloadable } from './preloadable'

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>

describe('preloadable', () => {
  it('renders a preloaded part at once, without its fallback', async () => {
    let loads = 0
    const Part = preloadable(async () => {
      loads++
      return { default: Hello }
    })
    await Promise.all([Part.preload(), Part.preload()])
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Ada" />
      </Suspense>,
    )
    // In the first commit: nothing waited for.
    expect(screen.getByText('Hello Ada')).toBeTruthy()
    expect(screen.queryByText('Loading')).toBeNull()
    expect(loads).toBe(1)
  })

  it('suspends a part not preloaded, then shows it', async () => {
    const Part = preloadable(async () => ({ default: Hello }))
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Grace" />
      </Suspense>,
    )
    expect(screen.getByText('Loading')).toBeTruthy()
    expect(await screen.findByText('Hello Grace')).toBeTruthy()
  })

  it('tries a failed load again on the next preload', async () => {
    let attempts = 0
    const Part = preloadable(async () => {
      if (++attempts === 1) throw new Error('offline')
      return { default: Hello }
    })
    await expect(Part.preload()).rejects.toThrow('offline')
    await act(async () => {
      await Part.preload()
    })
    expect(attempts).toBe(2)
  })
})
