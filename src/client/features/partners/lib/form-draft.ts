import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * Keeps a form's values in sessionStorage, so an owner who leaves to create an account finds
 * their application as they left it. `clear` forgets it after a successful submit.
 */
export function useFormDraft<T extends FieldValues, O>(key: string, form: UseFormReturn<T, unknown, O>) {
  const storageKey = `clearplate-draft:${key}`
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(storageKey)
      if (saved) form.reset({ ...form.getValues(), ...(JSON.parse(saved) as Partial<T>) })
    } catch {}
    const subscription = form.watch((values) => {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(values))
      } catch {}
    })
    return () => subscription.unsubscribe()
  }, [form, storageKey])
  return {
    clear: () => {
      try {
        sessionStorage.removeItem(storageKey)
      } catch {}
    },
  }
}
