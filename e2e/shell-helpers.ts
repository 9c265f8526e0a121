import { expect } from 'vitest'
import type { Page } from './support/browser'

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signIn(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/login', { data: { username, password } })
  if (!res.ok()) throw new Error(`Login as ${username} failed: ${res.status()} ${await res.text()}`)
  return (await res.json()) as { id: number; username: string; fullName: string; email: string }
}

let counter = 0
/** A new account created outside the browser, so the page still sees a visitor. */
export async function createAccount(origin: string) {
  counter += 1
  const suffix = `${Date.now().toString(36)}${counter}`
  const account = {
    username: `owner${suffix}`,
    password: 'kitchen-pass-1',
    fullName: 'Rosa Delgado',
    email: `rosa.${suffix}@example.com`,
  }
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (!res.ok) throw new Error(`Register failed: ${res.status} ${await res.text()}`)
  const user = (await res.json()) as { id: number }
  return { ...account, id: user.id }
}

/** Waits for a toast with this title (and description, if given) to be on screen. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-variant]').filter({ hasText: title })
  await toast.first().waitFor({ state: 'visible', timeout: 10_000 })
  if (description)
    await toast.filter({ hasText: description }).first().waitFor({ state: 'visible', timeout: 5000 })
}

/** A YYYY-MM-DD date `days` from today in the browser's calendar. */
export function isoDateFromToday(days: number): string {
  const now = new Date()
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path)
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

/**
 * Presses "/", the header's shortcut, until the header's search has the focus, as a diner whose
 * first press came before the app listened presses again. Returns the search box.
 */
export async function focusSearchWithSlash(page: Page, poll: { timeout: number; interval?: number }) {
  const box = page.getByRole('combobox', { name: 'Search restaurants and dishes' })
  const focused = () => box.evaluate((el) => el === document.activeElement).catch(() => false)
  await expect
    .poll(async () => {
      if (!(await focused())) await page.keyboard.press('/')
      return focused()
    }, poll)
    .toBe(true)
  return box
}
