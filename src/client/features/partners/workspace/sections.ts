import {
  CalendarClock,
  Cpu,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  UtensilsCrossed,
  Video,
} from 'lucide-react'

/**
 * The workspace's sections, in the order of its navigation. A new section is one more entry here
 * and one more case in the workspace page.
 */
export const WORKSPACE_SECTIONS = [
  { slug: 'overview', label: 'Overview', icon: LayoutDashboard },
  { slug: 'menu', label: 'Menu', icon: UtensilsCrossed },
  { slug: 'cameras', label: 'Cameras', icon: Video },
  { slug: 'integrations', label: 'Integrations', icon: Plug },
  { slug: 'installations', label: 'Installations', icon: CalendarClock },
] as const satisfies readonly { slug: string; label: string; icon: LucideIcon }[]

/** Pages of their own that the workspace's navigation links to, after its sections. */
export const WORKSPACE_LINKS = [
  { href: '/partner/devices', label: 'Devices', icon: Cpu },
] as const satisfies readonly {
  href: string
  label: string
  icon: LucideIcon
}[]

export type WorkspaceSection = (typeof WORKSPACE_SECTIONS)[number]['slug']

export function workspaceSection(slug: string | undefined): WorkspaceSection {
  return WORKSPACE_SECTIONS.find((s) => s.slug === slug)?.slug ?? 'overview'
}

export function workspacePath(restaurantId: number, section: WorkspaceSection = 'overview'): string {
  return section === 'overview' ? `/partner/${restaurantId}` : `/partner/${restaurantId}/${section}`
}
