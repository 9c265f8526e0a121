import { cn } from '@client/lib/utils'
import * as ToastPrimitive from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { useToasts } from './use-toast'

/** One toast at a time, 5 s, swipe right 50 px to dismiss, F8 focuses the region (Radix's hotkey). */
export function Toaster() {
  const { toasts, dismiss } = useToasts()
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id)
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=closed]:opacity-0 transition-[opacity,transform]',
            t.variant === 'destructive'
              ? 'border-destructive-strong bg-destructive-strong text-destructive-foreground'
              : 'bg-popover text-popover-foreground',
          )}
          data-variant={t.variant ?? 'default'}
        >
          <div className="grid gap-1">
            {t.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            ) : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 max-md:bottom-16" />
    </ToastPrimitive.Provider>
  )
}
