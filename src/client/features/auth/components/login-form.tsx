import { Button } from '@client/components/ui/button'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { Spinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError } from '@client/lib/api-client'
import { zodResolver } from '@hookform/resolvers/zod'
import { type LoginInput, loginSchema } from '@shared/schemas/auth'
import { useForm } from 'react-hook-form'
import { useLogin } from '../api/login'

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin()
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      (user) => {
        toast({ title: 'Login successful', description: `Welcome back, ${user.fullName}!` })
        onSuccess()
      },
      (error: unknown) => {
        const message = error instanceof ApiError ? error.serverMessage : undefined
        toast({ title: 'Login failed', description: message, variant: 'destructive' })
      },
    ),
  )

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="login-username" label="Username" error={errors.username?.message}>
        <Input
          {...fieldProps('login-username', errors.username?.message)}
          {...form.register('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input
          {...fieldProps('login-password', errors.password?.message)}
          {...form.register('password')}
          type="password"
          autoComplete="current-password"
        />
      </Field>
      <Button type="submit" size="lg" disabled={login.isPending} className="mt-1 w-full">
        {login.isPending ? <Spinner className="size-4 text-current" label="Signing in" /> : null}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}
