import { Button } from '@client/components/ui/button'
import { Spinner } from '@client/components/ui/spinner'
import { useSearch } from '@client/lib/queries/search'
import { cn, formatMoney } from '@client/lib/utils'
import type { SearchResult } from '@shared/schemas/search'
import { Search, Store, UtensilsCrossed } from 'lucide-react'
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useLocation } from 'wouter'

interface Option {
  key: string
  href: string
  title: string
  detail: string
  group: 'restaurants' | 'dishes'
}

function optionsOf(result: SearchResult | undefined): Option[] {
  if (!result) return []
  return [
    ...result.restaurants.map((r) => ({
      key: `r${r.id}`,
      href: `/restaurant/${r.id}`,
      title: r.name,
      detail: `${r.cuisine} · ${r.priceRange}${r.isLive ? ' · Live kitchen' : ''}`,
      group: 'restaurants' as const,
    })),
    ...result.dishes.map((d) => ({
      key: `d${d.menuItem.id}`,
      href: `/restaurant/${d.restaurant.id}?dish=${d.menuItem.id}#dish-${d.menuItem.id}`,
      title: d.menuItem.name,
      detail: `${d.restaurant.name} · ${formatMoney(d.menuItem.price)}${d.menuItem.isAvailable ? '' : ' · unavailable'}`,
      group: 'dishes' as const,
    })),
  ]
}

/** True when a key press is meant for a field, not for the page's shortcuts. */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el) return false
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
}

/**
 * The header's search: restaurants by name and cuisine, dishes by name and ingredient, as the
 * diner types. `/` focuses it; arrows move through the grouped results, Enter opens one, Escape
 * closes. On small screens it opens in a dialog from the header's search button.
 */
export function SiteSearch() {
  const [dialogOpen, setDialogOpen] = useState(false)
  const inlineRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target))
        return
      event.preventDefault()
      const inline = inlineRef.current
      // The inline box is hidden on small screens: open the dialog there.
      if (inline && inline.offsetParent !== null) inline.focus()
      else setDialogOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <>
      <div className="hidden min-w-40 max-w-64 flex-1 xl:block">
        <SearchBox inputRef={inlineRef} />
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="xl:hidden"
        aria-label="Search restaurants and dishes"
        onClick={() => setDialogOpen(true)}
      >
        <Search aria-hidden="true" />
      </Button>
      {dialogOpen ? (
        <Suspense fallback={null}>
          <SearchDialog open={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      ) : null}
    </>
  )
}

/** The dialog of small screens: loaded the first time it opens. */
const SearchDialog = lazy(() => import('./search-dialog').then((m) => ({ default: m.SearchDialog })))

export function SearchBox({
  inputRef,
  onDone,
  inline = true,
}: {
  inputRef?: React.RefObject<HTMLInputElement | null>
  onDone?: () => void
  inline?: boolean
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [, navigate] = useLocation()
  const search = useSearch(text)
  const options = useMemo(() => optionsOf(search.data), [search.data])
  const typed = text.trim().length > 0
  const expanded = (open || !inline) && typed

  // biome-ignore lint/correctness/useExhaustiveDependencies: new results start again from the first one
  useEffect(() => setActive(0), [search.data])

  const choose = (option: Option | undefined) => {
    if (!option) return
    setText('')
    setOpen(false)
    onDone?.()
    navigate(option.href)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (options.length ? (i + 1) % options.length : 0))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => (options.length ? (i - 1 + options.length) % options.length : 0))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape') {
      if (text) {
        event.preventDefault()
        setText('')
      } else {
        event.currentTarget.blur()
      }
      setOpen(false)
    }
  }

  const optionId = (o: Option) => `${id}-${o.key}`
  const group = (name: Option['group'], label: string, Icon: typeof Store) => {
    const list = options.filter((o) => o.group === name)
    if (list.length === 0) return null
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options, not of form fields
      <div role="group" aria-labelledby={`${id}-${name}`}>
        <p
          id={`${id}-${name}`}
          className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
        >
          {label}
        </p>
        {list.map((o) => {
          const index = options.indexOf(o)
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input moves through the options with the arrow keys and opens one with Enter
            <div
              key={o.key}
              id={optionId(o)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              data-testid="search-option"
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md px-3 py-2',
                index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(o)}
            >
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="grid min-w-0">
                <span className="truncate text-sm font-medium">{o.title}</span>
                <span className="truncate text-xs text-muted-foreground">{o.detail}</span>
              </span>
            </div>
          )
        })}
      </div>
    )
  }

  return (
    <div className="relative">
      {/* The field's own box: its icons stay on it when the results open below it in the dialog. */}
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search restaurants and dishes"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-autocomplete="list"
          aria-activedescendant={expanded && options[active] ? optionId(options[active]) : undefined}
          autoComplete="off"
          placeholder="Search Clearplate"
          value={text}
          maxLength={80}
          onChange={(e) => {
            setText(e.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-9 w-full rounded-full border border-input bg-card pl-8 pr-8 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
        />
        {inline && !text ? (
          <kbd className="pointer-events-none absolute right-2.5 top-1/2 -translate-y-1/2 rounded border bg-muted px-1.5 text-[11px] text-muted-foreground">
            /
          </kbd>
        ) : null}
        {search.isFetching && typed ? (
          <Spinner className="absolute right-2.5 top-1/2 size-4 -translate-y-1/2" label="Searching" />
        ) : null}
      </div>
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label="Search results"
        hidden={!expanded}
        className={cn(
          'z-50 grid max-h-[70vh] overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg',
          inline ? 'absolute right-0 top-11 w-[22rem]' : 'mt-3',
        )}
      >
        {group('restaurants', 'Restaurants', Store)}
        {group('dishes', 'Dishes', UtensilsCrossed)}
        {expanded && search.data && options.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-muted-foreground">
            Nothing found for “{text.trim()}”. Try a dish, an ingredient or a cuisine.
          </p>
        ) : null}
      </div>
    </div>
  )
}
