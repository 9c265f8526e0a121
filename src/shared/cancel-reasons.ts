/**
 * Why an order was cancelled, and how that reads. Plain values, apart from the schemas that check
 * them: the pages that show an order read these without loading the schema library.
 */

export const CANCEL_REASONS = ['out_of_stock', 'kitchen_closed', 'diner_request', 'other'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  out_of_stock: 'Out of stock',
  kitchen_closed: 'Kitchen closed',
  diner_request: 'Cancelled by the diner',
  other: 'Other',
}

/** Why a delivery platform's order was cancelled: the kitchen denied it, let it expire, or the platform cancelled it. */
export const PLATFORM_CANCEL_REASON_LABELS = {
  denied: 'Denied by the kitchen',
  missed: 'Not accepted in time',
  platform_cancelled: 'Cancelled on the platform',
} as const

/** How a cancellation's reason reads; "Cancelled" for one not known here. */
export function cancelReasonLabel(reason: string | null | undefined): string {
  const labels: Record<string, string> = { ...CANCEL_REASON_LABELS, ...PLATFORM_CANCEL_REASON_LABELS }
  return labels[reason ?? ''] ?? 'Cancelled'
}
