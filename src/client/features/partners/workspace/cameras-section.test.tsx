import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi, stubResizeObserver } from '@client/lib/test-utils'
import type { Camera } from '@shared/schemas/restaurants'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CamerasSection, DELETE_CAMERA_CONFIRMATION } from './cameras-section'

beforeAll(stubResizeObserver)

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const pass: Camera = {
  id: 11,
  restaurantId: 3,
  name: 'Pass',
  position: 'plating',
  streamUrl: 'https://cams.example.com/pass.m3u8',
  isActive: true,
}
const grill: Camera = { ...pass, id: 12, name: 'Grill line', position: 'grill', isActive: false }

/** A server holding the restaurant's cameras: creating, changing and deleting them changes what it lists. */
function cameraServer(initial: Camera[]) {
  let cameras = [...initial]
  const calls = stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    if (url.pathname === '/api/restaurants/3/cameras' && method === 'GET')
      return { status: 200, body: cameras }
    if (url.pathname === '/api/cameras' && method === 'POST') {
      const camera = { id: 20, restaurantId: body.restaurantId, isActive: true, ...body }
      cameras = [...cameras, camera]
      return { status: 201, body: camera }
    }
    const check = url.pathname.match(/^\/api\/cameras\/(\d+)\/check$/)
    if (check) return { status: 200, body: { ok: true, codec: 'h264', width: 1280, height: 720 } }
    const one = url.pathname.match(/^\/api\/cameras\/(\d+)$/)
    if (one && method === 'PATCH') {
      cameras = cameras.map((c) => (c.id === Number(one[1]) ? { ...c, ...body } : c))
      return { status: 200, body: cameras.find((c) => c.id === Number(one[1])) }
    }
    if (one && method === 'DELETE') {
      cameras = cameras.filter((c) => c.id !== Number(one[1]))
      return { status: 204 }
    }
    return undefined
  })
  return calls
}

const cards = () => screen.getAllByTestId('camera-card')
const card = (name: string) => screen.getByRole('listitem', { name: `Camera ${name}` })

describe('the workspace’s cameras', () => {
  it('lists every camera with its state and position, deactivated ones included', async () => {
    const calls = cameraServer([pass, grill])
    renderWithProviders(<CamerasSection restaurantId={3} />)
    await waitFor(() => expect(cards()).toHaveLength(2))
    expect(calls[0]?.path).toBe('/api/restaurants/3/cameras?include=inactive')
    expect(within(card('Pass')).getByRole('switch').getAttribute('aria-checked')).toBe('true')
    expect(within(card('Grill line')).getByRole('switch').getAttribute('aria-checked')).toBe('false')
    expect(within(card('Pass')).getByText('Plating Station')).toBeTruthy()
    expect(within(card('Grill line')).getByText('Inactive')).toBeTruthy()
  })

  it('says so when there is no camera yet', async () => {
    cameraServer([])
    renderWithProviders(<CamerasSection restaurantId={3} />)
    expect(await screen.findByText('No cameras yet')).toBeTruthy()
  })

  it('adds a camera for this restaurant and shows it once the list is fetched again', async () => {
    const calls = cameraServer([pass])
    renderWithProviders(<CamerasSection restaurantId={3} />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Add camera' }))
    const form = screen.getByRole('form', { name: 'Add a camera' })
    fireEvent.input(within(form).getByLabelText('Camera name'), { target: { value: 'Dessert bar' } })
    fireEvent.change(within(form).getByLabelText('Position'), { target: { value: 'dessert' } })
    fireEvent.input(within(form).getByLabelText('Stream URL'), {
      target: { value: 'https://cams.example.com/dessert.m3u8' },
    })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save camera' })))
    await waitFor(() => expect(cards()).toHaveLength(2))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      restaurantId: 3,
      name: 'Dessert bar',
      position: 'dessert',
      streamUrl: 'https://cams.example.com/dessert.m3u8',
    })
    expect(screen.queryByRole('form', { name: 'Add a camera' })).toBeNull()
    expect(
      screen.getByText('Dessert bar is saved. Check stream to see whether its picture comes through.'),
    ).toBeTruthy()
  })

  it('edits a camera from its own values and sends only the form’s fields', async () => {
    const calls = cameraServer([pass])
    renderWithProviders(<CamerasSection restaurantId={3} />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Edit Pass' }))
    const form = screen.getByRole('form', { name: 'Edit Pass' })
    expect((within(form).getByLabelText('Stream URL') as HTMLInputElement).value).toBe(pass.streamUrl)
    expect(within(form).getByLabelText('Camera name').id).toBe('cam-11-name')
    fireEvent.input(within(form).getByLabelText('Camera name'), { target: { value: 'The pass' } })
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save camera' })))
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Camera The pass' })).toBeTruthy())
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/cameras/11',
      body: { name: 'The pass', position: 'plating', streamUrl: pass.streamUrl },
    })
  })

  it('switches a camera off with its own switch', async () => {
    const calls = cameraServer([pass])
    renderWithProviders(<CamerasSection restaurantId={3} />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Active: Pass' })))
    await waitFor(() => expect(within(card('Pass')).getByText('Inactive')).toBeTruthy())
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: false })
  })

  it('deletes a camera only once the owner confirms', async () => {
    const calls = cameraServer([pass, grill])
    const { queryClient } = renderWithProviders(<CamerasSection restaurantId={3} />)
    await waitFor(() => expect(cards()).toHaveLength(2))
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    fireEvent.click(screen.getByRole('button', { name: 'Delete Grill line' }))
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete Grill line' })))
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(confirm).toHaveBeenCalledWith(DELETE_CAMERA_CONFIRMATION)
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/cameras/12'])
    expect(queryClient.getQueryData<Camera[]>(queryKeys.ownerCameras(3))?.map((c) => c.id)).toEqual([11])
  })

  it('reports what the stream check found', async () => {
    cameraServer([pass])
    renderWithProviders(<CamerasSection restaurantId={3} />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check stream' })))
    expect((await screen.findByTestId('stream-check')).textContent).toBe('Stream OK: H264, 1280×720')
  })
})
