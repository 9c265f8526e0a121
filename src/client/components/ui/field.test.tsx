import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Field, fieldProps } from './field'
import { Input } from './input'

afterEach(cleanup)

/** The texts a screen reader reads after the control's name: what its aria-describedby points at. */
const description = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

function Amount({ error, hint }: { error?: string; hint?: string }) {
  return (
    <Field id="amount" label="Amount" error={error} hint={hint}>
      <Input {...fieldProps('amount', error, Boolean(hint))} />
    </Field>
  )
}

describe('a field’s control', () => {
  it('is described by its hint while there is no error', () => {
    render(<Amount hint="From $10.00 to $500.00." />)
    expect(description('Amount')).toEqual(['From $10.00 to $500.00.'])
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBeNull()
  })

  it('is described by its error instead, as the hint is not shown then', () => {
    render(<Amount hint="From $10.00 to $500.00." error="Please enter at least $10.00" />)
    expect(description('Amount')).toEqual(['Please enter at least $10.00'])
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true')
  })

  it('is described by nothing without a hint or an error', () => {
    render(<Amount />)
    expect(screen.getByLabelText('Amount').getAttribute('aria-describedby')).toBeNull()
  })
})
