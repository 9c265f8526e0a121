import { renderWithProviders } from '@client/lib/test-utils'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import LegalPage from './legal-page'

afterEach(cleanup)

describe('the legal pages', () => {
  it.each([
    ['terms', 'Terms of Service', ['Privacy Policy', 'Cookies']],
    ['privacy', 'Privacy Policy', ['Terms of Service', 'Cookies']],
    ['cookies', 'Cookies', ['Terms of Service', 'Privacy Policy']],
  ] as const)('shows the %s document with links to the two others only', (doc, title, others) => {
    renderWithProviders(<LegalPage doc={doc} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
    expect(document.title).toBe(`${title} · Clearplate`)
    const nav = screen.getByRole('navigation', { name: 'Legal' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(others)
  })

  it('follows a link to another document inside the app', () => {
    const { location } = renderWithProviders(<LegalPage doc="terms" />, { path: '/terms' })
    fireEvent.click(screen.getByRole('link', { name: 'Cookies' }))
    expect(location.history).toEqual(['/terms', '/cookies'])
  })

  it('tells diners where to ask for their data', () => {
    renderWithProviders(<LegalPage doc="privacy" />)
    const section = screen.getByRole('heading', { name: 'Your choices' }).parentElement as HTMLElement
    expect(within(section).getByRole('link', { name: 'support@clearplate.app' }).getAttribute('href')).toBe(
      'mailto:support@clearplate.app',
    )
  })

  it('gives the title back to the previous page when it is left', () => {
    document.title = 'Clearplate'
    const { unmount } = renderWithProviders(<LegalPage doc="cookies" />)
    expect(document.title).toBe('Cookies · Clearplate')
    unmount()
    expect(document.title).toBe('Clearplate')
  })
})
