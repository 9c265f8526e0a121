import { MobileBottomBar } from '@client/components/layout/mobile-bottom-bar'
import { SiteFooter } from '@client/components/layout/site-footer'
import { SiteHeader } from '@client/components/layout/site-header'
import { useLiveWallet } from '@client/features/wallet/use-live-wallet'
import { useCurrentUser } from '@client/lib/session'
import type { ReactNode } from 'react'
import { AppUpdates } from './app-updates'

/** A signed-in diner's wallet follows the live channel on every page. */
function LiveWallet() {
  const { user } = useCurrentUser()
  useLiveWallet(user?.id)
  return null
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200] focus:rounded-lg focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <LiveWallet />
      <AppUpdates />
      <SiteHeader />
      {/* At least a screen tall: the footer stays below the fold while a page loads, so it never jumps. */}
      <main id="main" className="min-h-dvh flex-1 pb-20 md:pb-0">
        {children}
      </main>
      <SiteFooter />
      <MobileBottomBar />
    </div>
  )
}
