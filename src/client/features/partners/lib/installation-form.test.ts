import { describe, expect, it } from 'vitest'
import { blankInstallationForm, installationFormSchema, localTomorrow } from './installation-form'

const now = new Date(2031, 4, 31, 22, 30) // 31 May 2031, 22:30 local time

function fieldMessages(values: Record<string, unknown>) {
  const result = installationFormSchema(now).safeParse(values)
  const byField: Record<string, string> = {}
  for (const issue of result.success ? [] : result.error.issues)
    byField[String(issue.path[0])] ??= issue.message
  return byField
}

const valid = {
  ...blankInstallationForm({ name: 'Maya Okafor', email: 'maya@example.com' }),
  restaurantId: '3',
  preferredDate: '2031-06-01',
  preferredTimeSlot: '8:00 AM - 12:00 PM',
  contactPhone: '512-555-0101',
  termsAccepted: true,
}

describe('the installation form', () => {
  it('counts tomorrow in the local calendar, across month ends', () => {
    expect(localTomorrow(now)).toBe('2031-06-01')
    expect(localTomorrow(new Date(2031, 11, 31, 9))).toBe('2032-01-01')
  })

  it('accepts tomorrow and turns the chosen restaurant into its id', () => {
    const parsed = installationFormSchema(now).parse(valid)
    expect(parsed.restaurantId).toBe(3)
    expect(parsed.secondaryDate).toBeUndefined()
  })

  it('refuses today and earlier dates for both the preferred and the alternative date', () => {
    expect(fieldMessages({ ...valid, preferredDate: '2031-05-31', secondaryDate: '2031-05-01' })).toEqual({
      preferredDate: 'The installation date must be tomorrow or later',
      secondaryDate: 'The alternative date must be tomorrow or later',
    })
  })

  it('gives the spec’s messages for a blank form', () => {
    expect(fieldMessages(blankInstallationForm({ name: '', email: '' }))).toEqual({
      restaurantId: 'Please select a restaurant',
      preferredDate: 'Please select a preferred installation date',
      preferredTimeSlot: 'Please select a preferred time slot',
      contactName: 'Contact name must be at least 2 characters',
      contactPhone: 'Please enter a valid phone number',
      contactEmail: 'Please enter a valid email address',
      termsAccepted: 'You must accept the terms to continue',
    })
  })

  it('limits special instructions to 500 characters', () => {
    expect(fieldMessages({ ...valid, specialInstructions: 'x'.repeat(501) })).toEqual({
      specialInstructions: 'Special instructions cannot exceed 500 characters',
    })
    expect(fieldMessages({ ...valid, specialInstructions: 'x'.repeat(500) })).toEqual({})
  })
})
