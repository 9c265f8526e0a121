import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog'

export const CONSOLE_KEYS: Array<[keys: string[], what: string]> = [
  [['←', '→', '↑', '↓'], 'Select the previous or next ticket'],
  [['1', '…', '9'], 'Select the ticket with that number'],
  [['Enter', 'Space'], 'Bump the selected ticket to its next step'],
  [['R'], 'Recall the last ticket bumped'],
  [['?'], 'Show these keys'],
]

/** The console's keys: a keyboard or a bump bar runs the rail. */
export function KeysDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard and bump bar</DialogTitle>
          <DialogDescription>
            The selected ticket has a blue ring. After a bump the next ticket is selected. Cancel is never on
            a key: Tab to it on the ticket, it asks for a reason.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 text-base">
          {CONSOLE_KEYS.map(([keys, what]) => (
            <div key={what} className="contents">
              <dt className="flex gap-1">
                {keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-8 rounded-md border border-border bg-muted px-2 py-1 text-center font-mono text-sm"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  )
}
