import { anOrder, renderWithProviders, stubApi, stubResizeObserver } from '@client/lib/test-utils'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type WatchedOrder, watchedOrder } from '../watched-order'
import { ChefShoutTab } from './chef-shout-tab'
import { TipChefTab } from './tip-chef-tab'

beforeAll(stubResizeObserver)

/** The order as the stream page hands it down, through the page's own selection. */
const order = (status: string, progress: number): WatchedOrder => watchedOrder(anOrder({ status, progress }))

describe('chef shouts', () => {
  afterEach(cleanup)

  it('waits for cooking to start before offering shouts', async () => {
    stubApi((url) => (url.pathname === '/api/orders/7/chef-shouts' ? { status: 200, body: [] } : undefined))
    renderWithProviders(
      <ChefShoutTab order={order('preparing', 12)} userId={1} balance={50} signInHref="/auth" />,
    )
    expect(screen.getByText('Chef Shout will be available once cooking starts.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add Cheese!/ })).toBeNull()
    expect(await screen.findByText('No shouts yet.')).toBeTruthy()
  })

  it('closes shouts once the dish is plating', async () => {
    stubApi((url) => (url.pathname === '/api/orders/7/chef-shouts' ? { status: 200, body: [] } : undefined))
    renderWithProviders(
      <ChefShoutTab order={order('plating', 80)} userId={1} balance={50} signInHref="/auth" />,
    )
    expect(screen.getByText('Your dish is past the stove, so chef shouts are closed.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Add Cheese!/ })).toBeNull()
    expect(await screen.findByText('No shouts yet.')).toBeTruthy()
  })

  it('disables shouts that cost more than the balance and lists sent shouts with their status', async () => {
    stubApi((url) =>
      url.pathname === '/api/orders/7/chef-shouts'
        ? {
            status: 200,
            body: [
              {
                id: 1,
                orderId: 7,
                userId: 1,
                shoutType: 'garlic',
                shoutName: 'Extra Garlic!',
                price: 0.75,
                status: 'acknowledged',
                createdAt: new Date().toISOString(),
              },
            ],
          }
        : undefined,
    )
    renderWithProviders(
      <ChefShoutTab order={order('cooking', 35)} userId={1} balance={1.5} signInHref="/auth" />,
    )
    const cheese = screen.getByRole('button', { name: /Add Cheese!/ })
    expect(cheese.getAttribute('aria-disabled')).toBe('true')
    // The reason is on the button itself, for touch screens that never show the tooltip.
    expect(cheese.textContent).toContain('Not enough funds')
    fireEvent.click(cheese)
    expect(cheese.getAttribute('aria-pressed')).toBe('false')
    const crispy = screen.getByRole('button', { name: /Extra Crispy!/ })
    expect(crispy.getAttribute('aria-disabled')).toBeNull()
    fireEvent.click(crispy)
    expect(screen.getByRole('button', { name: 'Send "Extra Crispy!" for $1.50' })).toBeTruthy()
    expect((await screen.findByTestId('shout-list')).textContent).toContain('Extra Garlic!')
    expect(screen.getByTestId('shout-list').textContent).toContain('acknowledged')
  })
})

describe('tip the chef', () => {
  afterEach(cleanup)

  it('disables send while the custom amount is empty and shows the message counter', () => {
    stubApi(() => undefined)
    renderWithProviders(
      <TipChefTab
        orderId={7}
        userId={1}
        signInHref="/auth"
        ownTips={{ sending() {}, settled() {} }}
        onDemoTip={() => {}}
      />,
    )
    const send = () => screen.getByRole('button', { name: /^Send tip/ }) as HTMLButtonElement
    expect(send().textContent).toContain('$5.00')
    expect(send().disabled).toBe(false)
    fireEvent.click(screen.getByRole('switch'))
    expect(send().disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Custom amount (USD)'), { target: { value: '7.5' } })
    expect(send().disabled).toBe(false)
    expect(send().textContent).toContain('$7.50')
    fireEvent.change(screen.getByLabelText('Message for the chef (optional)'), {
      target: { value: 'Bravo!' },
    })
    expect(screen.getByText('6/100')).toBeTruthy()
  })

  it('sends a demo tip for a visitor who is not signed in', () => {
    stubApi(() => undefined)
    const sent: { amount: number; message: string }[] = []
    renderWithProviders(
      <TipChefTab
        orderId={7}
        userId={undefined}
        signInHref="/auth?next=/stream/7"
        ownTips={{ sending() {}, settled() {} }}
        onDemoTip={(tip) => sent.push(tip)}
      />,
    )
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth?next=/stream/7')
    fireEvent.click(screen.getByRole('button', { name: '$15' }))
    fireEvent.click(screen.getByRole('button', { name: /^Send demo tip/ }))
    expect(sent).toEqual([{ amount: 15, message: '' }])
  })
})
