import { installationCreateSchema } from '@shared/schemas/partners'
import { z } from 'zod'

/** Tomorrow in the browser's own calendar, as the date inputs speak it (YYYY-MM-DD). */
export function localTomorrow(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/**
 * The server's installation rules plus the local calendar: a date is bookable from tomorrow
 * where the owner is, which is never earlier than the server's own "tomorrow".
 */
export function installationFormSchema(now = new Date()) {
  const earliest = localTomorrow(now)
  const shape = installationCreateSchema.shape
  return installationCreateSchema.extend({
    restaurantId: z
      .string({ error: 'Please select a restaurant' })
      .min(1, 'Please select a restaurant')
      .regex(/^[1-9]\d{0,9}$/, 'Please select a restaurant')
      .transform(Number),
    preferredDate: shape.preferredDate.refine(
      (v) => v >= earliest,
      'The installation date must be tomorrow or later',
    ),
    secondaryDate: shape.secondaryDate.refine(
      (v) => v === undefined || v >= earliest,
      'The alternative date must be tomorrow or later',
    ),
  })
}
export type InstallationFormValues = z.input<ReturnType<typeof installationFormSchema>>
export type InstallationForm = z.output<ReturnType<typeof installationFormSchema>>

export function blankInstallationForm(contact: { name: string; email: string }): InstallationFormValues {
  return {
    restaurantId: '',
    preferredDate: '',
    preferredTimeSlot: '' as InstallationFormValues['preferredTimeSlot'],
    secondaryDate: '',
    secondaryTimeSlot: '',
    specialInstructions: '',
    contactName: contact.name,
    contactPhone: '',
    contactEmail: contact.email,
    termsAccepted: false as unknown as true,
  }
}
