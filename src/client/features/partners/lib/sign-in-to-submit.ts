import { useCurrentUser } from '@client/lib/session'
import { useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

/**
 * Submits a form whose restaurant belongs to the signed-in account: a visitor is first asked to
 * sign in (spread `signIn` on the SignInDialog), then the form is checked again and sent.
 */
export function useSignInToSubmit<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  send: (values: O) => void,
) {
  const { user } = useCurrentUser()
  const [askSignIn, setAskSignIn] = useState(false)
  const onSubmit = form.handleSubmit((values) => {
    if (!user) {
      setAskSignIn(true)
      return
    }
    send(values)
  })
  return {
    user,
    onSubmit,
    signIn: {
      open: askSignIn,
      onOpenChange: setAskSignIn,
      onSignedIn: () => void form.handleSubmit(send)(),
    },
  }
}
