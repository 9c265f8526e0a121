import { useToasts } from '@client/components/ui/use-toast'
import { createQueryClient } from '@client/lib/query-client'
import { useTheme } from '@client/lib/theme'
import { useIdleReady } from '@client/lib/use-idle-ready'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useState } from 'react'

const Toaster = lazy(() => import('@client/components/ui/toast').then((m) => ({ default: m.Toaster })))

/** The toaster loads once the page is idle, or with the first toast, whichever comes first. */
function DeferredToaster() {
  const ready = useIdleReady()
  const { toasts } = useToasts()
  if (!ready && toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

function ThemeSync() {
  useTheme()
  return null
}

/** `queryClient`: one already holding the reads the page was rendered ahead from. */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode
  queryClient?: QueryClient
}) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  )
}
