import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs'
import { useOverflowFade } from '@client/lib/use-overflow-fade'
import type { MenuItem } from '@shared/schemas/restaurants'
import { UtensilsCrossed } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { groupByCategory } from '../menu-item'
import { MenuItemCard, MenuItemSkeleton } from './menu-item-card'

export const MENU_SKELETONS = 6

export function MenuSection({
  items,
  isLoading,
  isError,
  onAdd,
  onAddWithNote,
  bannerFor,
  summaryBanner,
  highlightId,
}: {
  items: MenuItem[] | undefined
  isLoading: boolean
  isError: boolean
  onAdd: (item: MenuItem) => void
  /** Opens the dish's add-to-cart dialog for a note to the kitchen (dishes without options add in one tap). */
  onAddWithNote?: (item: MenuItem) => void
  bannerFor: (item: MenuItem) => ReactNode
  summaryBanner: ReactNode
  /** A dish the diner came for (from search): its category opens and it is scrolled to. */
  highlightId?: number
}) {
  const groups = items ? groupByCategory(items) : []
  const highlighted = highlightId
    ? groups.find(([, list]) => list.some((i) => i.id === highlightId))
    : undefined
  useEffect(() => {
    if (!highlightId || !items) return
    document.getElementById(`dish-${highlightId}`)?.scrollIntoView({ block: 'center' })
  }, [highlightId, items])
  const tabsRef = useRef<HTMLDivElement>(null)
  const fade = useOverflowFade(tabsRef, groups.length)
  return (
    <section id="menu" aria-labelledby="menu-heading" className="grid scroll-mt-24 grid-cols-1 gap-4">
      <h2 id="menu-heading" className="text-2xl font-bold tracking-tight">
        Menu
      </h2>
      {summaryBanner}
      {isLoading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {Array.from({ length: MENU_SKELETONS }, (_, i) => (
            <MenuItemSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">
          Could not load menu data. Please try again.
        </p>
      ) : groups.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border bg-card p-10 text-center">
          <UtensilsCrossed className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No menu items available</p>
          <p className="text-sm text-muted-foreground">This kitchen has not published its menu yet.</p>
        </div>
      ) : (
        <Tabs key={highlighted?.[0] ?? 'menu'} defaultValue={highlighted?.[0] ?? groups[0]![0]}>
          <TabsList
            ref={tabsRef}
            style={fade.style}
            className="flex h-auto w-full justify-start overflow-x-auto"
          >
            {groups.map(([category, list]) => (
              <TabsTrigger key={category} value={category}>
                {category}
                <span className="text-xs text-muted-foreground">{list.length}</span>
              </TabsTrigger>
            ))}
          </TabsList>
          {groups.map(([category, list]) => (
            <TabsContent key={category} value={category}>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {list.map((item) => (
                  <MenuItemCard
                    key={item.id}
                    item={item}
                    onAdd={onAdd}
                    onAddWithNote={onAddWithNote}
                    banner={bannerFor(item)}
                    highlighted={item.id === highlightId}
                  />
                ))}
              </div>
            </TabsContent>
          ))}
        </Tabs>
      )}
    </section>
  )
}
