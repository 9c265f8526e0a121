import { Toaster } from '@client/components/ui/toast'
import { TooltipProvider } from '@client/components/ui/tooltip'
import { createQueryClient } from '@client/lib/query-client'
import { useTheme } from '@client/lib/theme'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'

function ThemeSync() {
  useTheme()
  return null
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <ThemeSync />
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  )
}
