import { Button } from '@client/components/ui/button'
import { UtensilsCrossed } from 'lucide-react'
import { Link } from 'wouter'

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <UtensilsCrossed className="size-12 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="text-muted-foreground">
        This page is not on the menu. It may have moved, or the link may be mistyped.
      </p>
      <Button asChild>
        <Link href="/">Back to live kitchens</Link>
      </Button>
    </div>
  )
}
