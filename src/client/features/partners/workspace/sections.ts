import type { StaffRole } from '@shared/schemas/staff'
import {
  CalendarClock,
  ChartColumn,
  Coins,
  Cpu,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  Users,
  UtensilsCrossed,
  Video,
} from 'lucide-react'

/**
 * The workspace's sections, in the order of its navigation. A new section is one more entry here
 * and one more case in the workspace page.
 */
export const WORKSPACE_SECTIONS = [
  { slug: 'overview', label: 'Overview', icon: LayoutDashboard },
  { slug: 'insights', label: 'Insights', icon: ChartColumn },
  { slug: 'earnings', label: 'Earnings', icon: Coins },
  { slug: 'menu', label: 'Menu', icon: UtensilsCrossed },
  { slug: 'cameras', label: 'Cameras', icon: Video },
  { slug: 'integrations', label: 'Integrations', icon: Plug },
  { slug: 'installations', label: 'Installations', icon: CalendarClock },
  { slug: 'devices', label: 'Devices', icon: Cpu },
  { slug: 'team', label: 'Team', icon: Users },
] as const satisfies readonly { slug: string; label: string; icon: LucideIcon }[]

export type WorkspaceSection = (typeof WORKSPACE_SECTIONS)[number]['slug']

export function workspaceSection(slug: string | undefined): WorkspaceSection {
  return WORKSPACE_SECTIONS.find((s) => s.slug === slug)?.slug ?? 'overview'
}

export function workspacePath(restaurantId: number, section: WorkspaceSection = 'overview'): string {
  return section === 'overview' ? `/partner/${restaurantId}` : `/partner/${restaurantId}/${section}`
}

/** Sections only the owner sees: a manager runs everything else (earnings and payouts are the owner's). */
const OWNER_ONLY: readonly WorkspaceSection[] = ['earnings']

/** The sections `role` may open; expo and cooks work in the kitchen console, not here. */
export function sectionsFor(role: StaffRole) {
  if (role === 'owner') return WORKSPACE_SECTIONS
  if (role === 'manager') return WORKSPACE_SECTIONS.filter((s) => !OWNER_ONLY.includes(s.slug))
  return []
}
