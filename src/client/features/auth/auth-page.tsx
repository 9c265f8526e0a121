import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { PageSpinner } from '@client/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs'
import { staffKitchen, workplacesQuery } from '@client/lib/queries/workplaces'
import { useCurrentUser } from '@client/lib/session'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AuthSidePanel } from './components/auth-side-panel'
import { LoginForm } from './components/login-form'
import { RegisterForm } from './components/register-form'
import { nextPath } from './next-path'

export default function AuthPage() {
  const { user, isLoading } = useCurrentUser()
  const [, navigate] = useLocation()
  const search = useSearch()
  const next = nextPath(search)
  const initialTab = new URLSearchParams(search).get('tab') === 'register' ? 'register' : 'login'

  const queryClient = useQueryClient()
  useEffect(() => {
    if (isLoading || !user) return
    if (next !== '/') return navigate(next, { replace: true })
    // Staff land on their restaurant's console; everyone else on the home page.
    let cancelled = false
    queryClient.fetchQuery(workplacesQuery(user.id)).then(
      (list) => {
        const kitchen = staffKitchen(list)
        if (!cancelled) navigate(kitchen ? `/kitchen/${kitchen.restaurantId}` : next, { replace: true })
      },
      () => {
        if (!cancelled) navigate(next, { replace: true })
      },
    )
    return () => {
      cancelled = true
    }
  }, [isLoading, user, navigate, next, queryClient])

  if (isLoading || user) return <PageSpinner />
  // Signed in: the effect above takes the user on once the session shows them.
  const done = () => {
    if (next !== '/') navigate(next, { replace: true })
  }

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 py-8 sm:py-12 lg:grid-cols-[1fr_1.05fr] lg:items-center">
      <Card className="order-1 w-full lg:order-none">
        <CardHeader className="pb-4">
          <CardTitle className="text-2xl">Welcome to Clearplate</CardTitle>
          <CardDescription>
            Sign in to track your orders live, or create an account in a minute.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue={initialTab}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="mt-6">
              <LoginForm onSuccess={done} />
            </TabsContent>
            <TabsContent value="register" className="mt-6">
              <RegisterForm onSuccess={done} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <div className="order-2">
        <AuthSidePanel />
      </div>
    </div>
  )
}
