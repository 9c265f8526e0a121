import { Button } from '@client/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'
import { Field, fieldProps } from '@client/components/ui/field'
import { Input } from '@client/components/ui/input'
import { toast } from '@client/components/ui/use-toast'
import { errorMessage } from '@client/lib/api-client'
import { zodResolver } from '@hookform/resolvers/zod'
import { type LoginInput, loginSchema } from '@shared/schemas/auth'
import { LogIn } from 'lucide-react'
import type { FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import { useSignIn } from '../api/sign-in'

/**
 * Asks a visitor to sign in without leaving the form they filled in; `onSignedIn` continues
 * where they were.
 */
export function SignInDialog({
  open,
  onOpenChange,
  reason,
  onSignedIn,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  reason: string
  onSignedIn: () => void
}) {
  const signIn = useSignIn()
  const [location] = useLocation()
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState
  // The dialog is portalled but React events still bubble to the page's own form: stop them here.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation()
    return handleSignIn(event)
  }
  const handleSignIn = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (user) => {
        toast({
          title: `Welcome back, ${user.fullName}`,
          description: 'You are signed in. Your details are still here.',
        })
        onOpenChange(false)
        form.reset()
        onSignedIn()
      },
      onError: (error) =>
        toast({
          title: 'Login failed',
          description: errorMessage(error, 'Login failed'),
          variant: 'destructive',
        }),
    }),
  )
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign in to continue</DialogTitle>
          <DialogDescription>{reason} What you typed stays in the form.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="signin-username" label="Username" error={errors.username?.message}>
            <Input
              autoComplete="username"
              {...fieldProps('signin-username', errors.username?.message)}
              {...form.register('username')}
            />
          </Field>
          <Field id="signin-password" label="Password" error={errors.password?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              {...fieldProps('signin-password', errors.password?.message)}
              {...form.register('password')}
            />
          </Field>
          <Button type="submit" disabled={signIn.isPending}>
            <LogIn aria-hidden="true" />
            {signIn.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            New to Clearplate?{' '}
            <Link
              href={`/auth?next=${encodeURIComponent(location)}&tab=register`}
              className="font-medium text-primary hover:underline"
            >
              Create an account
            </Link>
          </p>
        </form>
      </DialogContent>
    </Dialog>
  )
}
