import type { ComponentType } from 'react'

/**
 * What a page that shows the wallet panel hands it. The panel lives in features/wallet; a page in
 * another feature receives it as a component from the router (app/ composes features), so no
 * feature imports another.
 */
export type WalletPanelProps = { userId: number | undefined; signInHref: string }
export type WalletPanelSlot = ComponentType<WalletPanelProps>
