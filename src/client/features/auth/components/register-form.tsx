import { Button } from '@client/components/ui/button'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError } from '@client/lib/api-client'
import { zodResolver } from '@hookform/resolvers/zod'
import { type RegisterInput, registerSchema } from '@shared/schemas/auth'
import { useForm } from 'react-hook-form'
import { useRegister } from '../api/register'

const FIELDS = ['username', 'password', 'fullName', 'email'] as const

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const register = useRegister()
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: '', email: '', username: '', password: '' },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    register.mutateAsync(values).then(
      (user) => {
        toast({ title: 'Registration successful', description: `Welcome to Clearplate, ${user.fullName}!` })
        onSuccess()
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.fieldErrors) {
          for (const field of FIELDS) {
            const message = error.fieldErrors[field]
            if (message) form.setError(field, { message })
          }
        }
        const message = error instanceof ApiError ? error.serverMessage : undefined
        toast({ title: 'Registration failed', description: message, variant: 'destructive' })
      },
    ),
  )

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="register-fullName" label="Full name" error={errors.fullName?.message}>
        <Input
          {...fieldProps('register-fullName', errors.fullName?.message)}
          {...form.register('fullName')}
          autoComplete="name"
        />
      </Field>
      <Field id="register-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldProps('register-email', errors.email?.message)}
          {...form.register('email')}
          type="email"
          autoComplete="email"
          spellCheck={false}
        />
      </Field>
      <Field id="register-username" label="Username" error={errors.username?.message}>
        <Input
          {...fieldProps('register-username', errors.username?.message)}
          {...form.register('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      <Field
        id="register-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 6 characters."
      >
        <Input
          {...fieldProps('register-password', errors.password?.message, true)}
          {...form.register('password')}
          type="password"
          autoComplete="new-password"
        />
      </Field>
      <Button type="submit" size="lg" disabled={register.isPending} className="mt-1 w-full">
        {register.isPending ? <Spinner className="size-4 text-current" label="Creating account" /> : null}
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  )
}
