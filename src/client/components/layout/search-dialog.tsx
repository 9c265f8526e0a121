import { Dialog, DialogContent, DialogTitle } from '@client/components/ui/dialog'
import { SearchBox } from './site-search'

/** The header's search on small screens, in a dialog at the top of the page. */
export function SearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-4 max-w-lg translate-y-0 gap-3 p-4 pt-12">
        <DialogTitle className="sr-only">Search restaurants and dishes</DialogTitle>
        <SearchBox onDone={() => onOpenChange(false)} inline={false} />
      </DialogContent>
    </Dialog>
  )
}
