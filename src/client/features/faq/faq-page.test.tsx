import { renderWithProviders } from '@client/lib/test-utils'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import FaqPage from './faq-page'

const scrolled: { id: string; options: unknown }[] = []

beforeEach(() => {
  scrolled.length = 0
  Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
    scrolled.push({ id: this.id, options })
  }
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callback(0)
    return 0
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  history.replaceState(null, '', '/')
})

describe('the FAQ page', () => {
  it('names the tab and lists one link per section, each pointing at its section', () => {
    renderWithProviders(<FaqPage />)
    expect(document.title).toBe('Frequently asked questions · Clearplate')
    const nav = screen.getByRole('navigation', { name: 'FAQ sections' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#restaurants',
      '#customers',
      '#allergens',
      '#technical',
    ])
    for (const link of links) {
      const section = document.getElementById(link.getAttribute('href')!.slice(1))
      expect(section?.querySelector('h2')?.textContent).toBe(link.textContent)
    }
  })

  it('scrolls smoothly to a section from its link and keeps the address shareable', () => {
    renderWithProviders(<FaqPage />)
    fireEvent.click(screen.getByRole('link', { name: 'Allergen Awareness' }))
    expect(window.location.hash).toBe('#allergens')
    expect(scrolled).toEqual([{ id: 'allergens', options: { behavior: 'smooth', block: 'start' } }])
  })

  it('lands on the section named in the address', () => {
    history.replaceState(null, '', '/faq#technical')
    renderWithProviders(<FaqPage />)
    expect(scrolled).toEqual([{ id: 'technical', options: { block: 'start' } }])
  })

  it('ignores an address naming no section', () => {
    history.replaceState(null, '', '/faq#nowhere')
    renderWithProviders(<FaqPage />)
    expect(scrolled).toEqual([])
  })

  it('keeps every answer folded until its question is opened', () => {
    renderWithProviders(<FaqPage />)
    const question = screen.getByText('Who receives Chef Tips?')
    const details = question.closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(document.querySelectorAll('details[open]')).toHaveLength(0)
    expect(within(details).getByText(/100% of every Chef Tip/)).toBeTruthy()
  })

  it('tells owners that tips and shouts reach them in full and what the platform keeps of food', () => {
    renderWithProviders(<FaqPage />)
    const details = screen.getByText('What does Clearplate keep of what diners pay?').closest('details')!
    expect(within(details).getByText(/Tips and Chef Shouts go to the restaurant in full/)).toBeTruthy()
    expect(within(details).getByText(/delivery fee is the platform’s/)).toBeTruthy()
  })

  it('offers both support addresses as mail links', () => {
    renderWithProviders(<FaqPage />)
    expect(screen.getByRole('link', { name: 'Email support@clearplate.app' }).getAttribute('href')).toBe(
      'mailto:support@clearplate.app',
    )
    expect(
      screen.getByRole('link', { name: 'Partnerships: partners@clearplate.app' }).getAttribute('href'),
    ).toBe('mailto:partners@clearplate.app')
  })
})
