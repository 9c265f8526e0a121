import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu'
import { AddFundsDialog } from '@client/components/wallet/add-funds-dialog'
import { useWalletBalance } from '@client/lib/queries/wallet-balance'
import { formatMoney } from '@client/lib/utils'
import type { User } from '@shared/schemas/auth'
import { LogOut, Plus, ReceiptText, Store, UserRound, Wallet } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { InitialsAvatar } from './initials-avatar'
import { useLogout } from './use-logout'

export function AvatarMenu({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  const balance = useWalletBalance(user.id)
  const logout = useLogout()
  const [addingFunds, setAddingFunds] = useState(false)
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label={`Account menu for ${user.fullName}`}
        >
          <InitialsAvatar user={user} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span>My Account</span>
            <span className="truncate text-xs font-normal text-muted-foreground">
              {user.fullName} · @{user.username}
            </span>
          </DropdownMenuLabel>
          {balance.data ? (
            <div className="mx-1 mb-1 flex items-center justify-between rounded-lg bg-accent px-2.5 py-2 text-sm text-accent-foreground">
              <span className="flex items-center gap-2">
                <Wallet className="size-4" aria-hidden="true" />
                Wallet balance
              </span>
              <span className="font-semibold tabular-nums" data-testid="header-wallet-balance">
                {formatMoney(balance.data.balance)}
              </span>
            </div>
          ) : null}
          <DropdownMenuItem onSelect={() => setAddingFunds(true)}>
            <Plus aria-hidden="true" />
            Add funds
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/profile">
              <UserRound aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/orders">
              <ReceiptText aria-hidden="true" />
              My Orders
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/partner">
              <Store aria-hidden="true" />
              My restaurant
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={logout.isPending}
            onSelect={(event) => {
              event.preventDefault()
              logout.mutate()
            }}
          >
            <LogOut aria-hidden="true" />
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AddFundsDialog userId={user.id} open={addingFunds} onOpenChange={setAddingFunds} />
    </>
  )
}
