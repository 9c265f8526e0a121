import { cn } from '@client/lib/utils'
import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'

/** A disclosure list on native <details>: keyboard and screen-reader friendly with no script. */
export function Accordion({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('divide-y rounded-xl border bg-card', className)}>{children}</div>
}

export function AccordionItem({
  question,
  children,
  id,
}: {
  question: ReactNode
  children: ReactNode
  id?: string
}) {
  return (
    <details id={id} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium focus-visible:outline-2 focus-visible:outline-ring">
        {question}
        <ChevronDown
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="pb-4 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </details>
  )
}
