import type { User } from '@shared/schemas/auth'
import { userInitials } from './user-initials'

export function InitialsAvatar({ user, className = 'size-9 text-sm' }: { user: User; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 font-bold text-white ring-2 ring-background ${className}`}
    >
      {userInitials(user.fullName, user.username)}
    </span>
  )
}
