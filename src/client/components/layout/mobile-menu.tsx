import { Button } from '@client/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@client/components/ui/sheet'
import { AddFundsDialog } from '@client/components/wallet/add-funds-dialog'
import { useWalletBalance } from '@client/lib/queries/wallet-balance'
import { cn, formatMoney } from '@client/lib/utils'
import type { User } from '@shared/schemas/auth'
import { FileQuestion, LogIn, LogOut, Menu, Plus, ShieldCheck, Store, UserRound, Wrench } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { InitialsAvatar } from './initials-avatar'
import { LogoMark } from './logo'
import { isActivePath, MAIN_NAV } from './nav-links'
import { useLogout } from './use-logout'

const EXTRA_LINKS = [
  { href: '/allergen-profile', label: 'Allergen Profile', icon: ShieldCheck },
  { href: '/equipment-setup', label: 'Equipment Setup', icon: Wrench },
  { href: '/faq', label: 'FAQ', icon: FileQuestion },
]

export function MobileMenu({ user, defaultOpen = false }: { user: User | null; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen)
  const [location] = useLocation()
  const close = () => setOpen(false)
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="xl:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby="mobile-menu-description">
        <div className="flex items-center gap-2.5 pr-10">
          <LogoMark className="size-8" />
          <div>
            <SheetTitle className="text-base font-extrabold">Clearplate</SheetTitle>
            <SheetDescription id="mobile-menu-description" className="text-xs">
              Dine Transparently
            </SheetDescription>
          </div>
        </div>
        {user ? <MenuAccount user={user} /> : null}
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {MAIN_NAV.map((link) => {
            const active = isActivePath(link.href, location)
            return (
              <Link
                key={link.href}
                href={link.href}
                onClick={close}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'rounded-lg px-3 py-2.5 text-base font-medium transition-colors hover:bg-muted',
                  active && 'bg-accent text-accent-foreground',
                )}
              >
                {link.label}
              </Link>
            )
          })}
        </nav>
        <div className="border-t pt-3">
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            More
          </p>
          {EXTRA_LINKS.map(({ href, label, icon: Icon }) => (
            <Link
              key={href}
              href={href}
              onClick={close}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-muted"
            >
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              {label}
            </Link>
          ))}
        </div>
        <div className="mt-auto border-t pt-4">
          {user ? (
            <MenuLogout onDone={close} />
          ) : (
            <Button asChild className="w-full" size="lg">
              <Link href="/auth" onClick={close}>
                <LogIn aria-hidden="true" />
                Sign In / Register
              </Link>
            </Button>
          )}
        </div>
      </SheetContent>
    </Sheet>
  )
}

function MenuAccount({ user }: { user: User }) {
  const balance = useWalletBalance(user.id)
  return (
    <div className="flex items-center gap-3 rounded-xl bg-muted p-3">
      <InitialsAvatar user={user} className="size-10 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{user.fullName}</p>
        <p className="truncate text-xs text-muted-foreground">@{user.username}</p>
      </div>
      {balance.data ? (
        <div className="grid justify-items-end gap-1">
          <span className="text-sm font-semibold tabular-nums text-primary">
            {formatMoney(balance.data.balance)}
          </span>
          <AddFundsDialog
            userId={user.id}
            trigger={
              <Button size="sm" variant="outline" className="h-7 px-2 text-xs">
                <Plus aria-hidden="true" />
                Add funds
              </Button>
            }
          />
        </div>
      ) : null}
    </div>
  )
}

function MenuLogout({ onDone }: { onDone: () => void }) {
  const logout = useLogout()
  return (
    <div className="flex flex-col gap-2">
      <Button asChild variant="outline" className="w-full">
        <Link href="/profile" onClick={onDone}>
          <UserRound aria-hidden="true" />
          Profile
        </Link>
      </Button>
      <Button asChild variant="outline" className="w-full">
        <Link href="/partner" onClick={onDone}>
          <Store aria-hidden="true" />
          My restaurant
        </Link>
      </Button>
      <Button
        variant="ghost"
        className="w-full"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSuccess: onDone })}
      >
        <LogOut aria-hidden="true" />
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </div>
  )
}
