import { queryKeys } from '@client/lib/query-keys'
import { renderWithProviders, stubApi } from '@client/lib/test-utils'
import type { User } from '@shared/schemas/auth'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

afterEach(cleanup)

const user: User = {
  id: 7,
  username: 'rosa',
  fullName: 'Rosa Diaz',
  email: 'rosa@example.com',
  avatar: null,
  walletBalance: 50,
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } })
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label)
  const id = input.getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}

describe('the sign-in form', () => {
  it('shows the shared schema’s messages and sends nothing while the form is invalid', async () => {
    const calls = stubApi(() => ({ status: 200, body: user }))
    const onSuccess = vi.fn()
    renderWithProviders(<LoginForm onSuccess={onSuccess} />)
    type('Username', 'ro')
    type('Password', '12345')
    await click('Sign In')
    expect(errorOf('Username')).toBe('Username must be at least 3 characters')
    expect(errorOf('Password')).toBe('Password must be at least 6 characters')
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it('posts the credentials, stores the user as the current user and greets them', async () => {
    const calls = stubApi((url) => (url.pathname === '/api/login' ? { status: 200, body: user } : undefined))
    const onSuccess = vi.fn()
    const { queryClient } = renderWithProviders(<LoginForm onSuccess={onSuccess} />)
    type('Username', 'rosa')
    type('Password', 'secret1')
    await click('Sign In')
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1))
    expect(calls).toEqual([
      { method: 'POST', path: '/api/login', body: { username: 'rosa', password: 'secret1' } },
    ])
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(user)
    expect(await screen.findByText('Welcome back, Rosa Diaz!')).toBeTruthy()
  })

  it('tells the diner what the server refused and keeps them on the form', async () => {
    stubApi(() => ({
      status: 401,
      body: { code: 'auth.invalid_credentials', message: 'Wrong username or password' },
    }))
    const onSuccess = vi.fn()
    const { queryClient } = renderWithProviders(<LoginForm onSuccess={onSuccess} />)
    type('Username', 'rosa')
    type('Password', 'wrong-one')
    await click('Sign In')
    expect(await screen.findByText('Login failed')).toBeTruthy()
    expect(screen.getByText('Wrong username or password')).toBeTruthy()
    expect(onSuccess).not.toHaveBeenCalled()
    expect(queryClient.getQueryData(queryKeys.me)).toBeUndefined()
  })
})

describe('the registration form', () => {
  const fill = () => {
    type('Full name', 'Rosa Diaz')
    type('Email', 'Rosa@Example.com')
    type('Username', 'rosa')
    type('Password', 'secret1')
  }

  it('checks every field with the shared schema before sending', async () => {
    const calls = stubApi(() => ({ status: 201, body: user }))
    renderWithProviders(<RegisterForm onSuccess={() => {}} />)
    type('Full name', 'Ro')
    type('Email', 'not-an-address')
    type('Username', 'rosa diaz')
    await click('Create Account')
    expect(errorOf('Full name')).toBe('Full name is required')
    expect(errorOf('Email')).toBe('Please enter a valid email address')
    expect(errorOf('Username')).toBe('Username may contain letters, numbers, dots, dashes and underscores')
    expect(errorOf('Password')).toBe('Password must be at least 6 characters')
    expect(calls).toEqual([])
  })

  it('sends the email in lower case and signs the new diner in', async () => {
    const calls = stubApi((url) =>
      url.pathname === '/api/register' ? { status: 201, body: user } : undefined,
    )
    const onSuccess = vi.fn()
    const { queryClient } = renderWithProviders(<RegisterForm onSuccess={onSuccess} />)
    fill()
    await click('Create Account')
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1))
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/register',
      body: { fullName: 'Rosa Diaz', email: 'rosa@example.com', username: 'rosa', password: 'secret1' },
    })
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(user)
    expect(await screen.findByText('Welcome to Clearplate, Rosa Diaz!')).toBeTruthy()
  })

  it('puts the server’s field errors on their fields', async () => {
    stubApi(() => ({
      status: 409,
      body: {
        code: 'auth.username_taken',
        message: 'That username is taken',
        errors: { username: 'That username is taken', email: 'That email is already registered' },
      },
    }))
    const onSuccess = vi.fn()
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />)
    fill()
    await click('Create Account')
    await waitFor(() => expect(errorOf('Username')).toBe('That username is taken'))
    expect(errorOf('Email')).toBe('That email is already registered')
    expect(errorOf('Full name')).toBeUndefined()
    expect(await screen.findByText('Registration failed')).toBeTruthy()
    expect(onSuccess).not.toHaveBeenCalled()
  })
})
