import { Button } from '@client/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@client/components/ui/dropdown-menu'
import { Bell, BellOff } from 'lucide-react'

/** The bell: Clearplate has no notification feed yet, so it says so plainly. */
export function NotificationsButton({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications">
          <Bell aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64 p-4">
        <div className="flex flex-col items-center gap-2 py-2 text-center">
          <BellOff className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-semibold">No new notifications</p>
          <p className="text-xs text-muted-foreground">
            Order updates appear live on your order’s stream page.
          </p>
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
