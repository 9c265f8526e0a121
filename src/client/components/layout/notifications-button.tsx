import { Button } from '@client/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@client/components/ui/dropdown-menu'
import { Skeleton } from '@client/components/ui/skeleton'
import { useMarkAllRead, useNotifications } from '@client/lib/queries/notifications'
import { useCurrentUser } from '@client/lib/session'
import { cn, relativeTime } from '@client/lib/utils'
import type { Notification } from '@shared/schemas/notifications'
import {
  Bell,
  BellOff,
  ChefHat,
  CircleDollarSign,
  Clock,
  PackageCheck,
  Receipt,
  Sparkles,
  Star,
  Thermometer,
  TriangleAlert,
  VideoOff,
} from 'lucide-react'
import { Link } from 'wouter'

const ICONS = {
  status: PackageCheck,
  shout_acknowledged: ChefHat,
  upsell_offered: Sparkles,
  refund: CircleDollarSign,
  allergen_warning: TriangleAlert,
  new_order: Receipt,
  new_review: Star,
  sensor_offline: Thermometer,
  camera_stopped: VideoOff,
  order_late: Clock,
} as const

/** The bell: what happened to the diner's orders, live, with the unread count. */
export function NotificationsButton({ defaultOpen }: { defaultOpen?: boolean }) {
  const { user } = useCurrentUser()
  const list = useNotifications(user?.id)
  const markAll = useMarkAllRead(user?.id)
  const unread = list.data?.unreadCount ?? 0
  const items = list.data?.notifications ?? []
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              className="absolute right-1 top-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold leading-4 text-white"
              data-testid="notifications-unread"
              aria-hidden="true"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0">
        {!user ? (
          <Empty text="Sign in to hear about your orders here." />
        ) : list.isLoading ? (
          <div className="grid gap-2 p-4">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : items.length === 0 ? (
          <Empty text="Status changes, the chef’s answers and refunds of your orders appear here." />
        ) : (
          <>
            <div className="flex items-center justify-between border-b px-4 py-2.5">
              <p className="text-sm font-semibold">Notifications</p>
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0"
                disabled={unread === 0 || markAll.isPending}
                onClick={(event) => {
                  event.preventDefault()
                  markAll.mutate()
                }}
              >
                Mark all read
              </Button>
            </div>
            <ul
              className="max-h-96 overflow-y-auto"
              aria-label="Notifications"
              data-testid="notifications-list"
            >
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} />
              ))}
            </ul>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function NotificationItem({ notification: n }: { notification: Notification }) {
  const Icon = ICONS[n.kind]
  const body = (
    <>
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm', n.readAt ? 'font-medium' : 'font-semibold')}>{n.title}</span>
        <span className="text-xs text-muted-foreground">{n.body}</span>
        <span className="text-[11px] text-muted-foreground">{relativeTime(n.createdAt)}</span>
      </span>
      {n.readAt ? null : (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-label="Unread" role="img" />
      )}
    </>
  )
  const className = cn('flex gap-3 px-4 py-3', !n.readAt && 'bg-accent/40')
  return (
    <li className="border-b last:border-b-0" data-testid="notification">
      {n.link || n.orderId ? (
        <Link href={n.link ?? '/orders'} className={cn(className, 'hover:bg-muted')}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  )
}

function Empty({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 p-6 text-center">
      <BellOff className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm font-semibold">No new notifications</p>
      <p className="text-xs text-muted-foreground">{text}</p>
    </div>
  )
}
