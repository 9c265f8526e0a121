import { queryKeys } from '@client/lib/query-keys'
import { anOrder, renderWithProviders } from '@client/lib/test-utils'
import type { Order } from '@shared/schemas/orders'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OrderProgress } from './components/order-progress'
import { useWatchedOrder } from './watched-order'

const ORDER = anOrder({ status: 'preparing', progress: 20 })

let renders = 0
function Page() {
  renders++
  const order = useWatchedOrder(7).data
  return (
    <div>
      <p data-testid="page">
        {order?.status} {order?.cookingStarted ? 'started' : 'not started'}
      </p>
      <OrderProgress orderId={7} />
    </div>
  )
}

describe('the stream page reads its order without the progress', () => {
  afterEach(cleanup)

  it('renders the page again when what it shows changes, and only the progress bar on a step of it', async () => {
    renders = 0
    const view = renderWithProviders(<Page />)
    view.queryClient.setQueryData(queryKeys.order(7), ORDER)
    expect(await screen.findByText('preparing not started')).toBeTruthy()
    expect(screen.getByTestId('order-progress').textContent).toBe('20%')
    const before = renders

    // What the kitchen's status messages do every half second: only the progress moves.
    for (const progress of [21, 22, 23])
      view.queryClient.setQueryData<Order>(queryKeys.order(7), (o) => o && { ...o, progress })
    await waitFor(() => expect(screen.getByTestId('order-progress').textContent).toBe('23%'))
    expect(renders).toBe(before)

    // Past the cooking threshold: the page learns that shouts open.
    view.queryClient.setQueryData<Order>(queryKeys.order(7), (o) => o && { ...o, progress: 30 })
    expect(await screen.findByText('preparing started')).toBeTruthy()
    expect(renders).toBe(before + 1)

    view.queryClient.setQueryData<Order>(
      queryKeys.order(7),
      (o) => o && { ...o, status: 'cooking', progress: 31 },
    )
    expect(await screen.findByText('cooking started')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('order-progress').textContent).toBe('31%'))
    expect(renders).toBe(before + 2)
  })
})
