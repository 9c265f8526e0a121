import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ProgressBar } from './progress-bar'

const fill = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-slot="progress-fill"]')!

describe('ProgressBar', () => {
  afterEach(cleanup)

  it('slides its fill in with a transform, which the compositor animates, never with a width', () => {
    const { container, rerender } = render(<ProgressBar value={40} label="Order progress" />)
    expect(fill(container).style.transform).toBe('translateX(-60%)')
    expect(fill(container).style.width).toBe('')
    expect(fill(container).className).toContain('transition-transform')
    rerender(<ProgressBar value={130} label="Order progress" />)
    expect(fill(container).style.transform).toBe('translateX(0%)')
    rerender(<ProgressBar value={-5} label="Order progress" />)
    expect(fill(container).style.transform).toBe('translateX(-100%)')
  })

  it('is a progress bar with its figure when labelled, and decoration without a label', () => {
    const { container, rerender } = render(<ProgressBar value={55} label="Order #0042 progress" />)
    const bar = screen.getByRole('progressbar', { name: 'Order #0042 progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('55')
    rerender(<ProgressBar value={55} />)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(container.firstElementChild!.getAttribute('aria-hidden')).toBe('true')
  })
})
