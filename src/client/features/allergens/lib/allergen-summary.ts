import { SEVERITIES } from '@shared/constants'

/** The headline of the allergen summary card for a saved profile. */
export function allergenSummaryHeadline(count: number, severity: string): string {
  if (count === 0) return 'No food allergies saved yet'
  const plural = count === 1 ? 'allergy' : 'allergies'
  if (severity === 'life-threatening') return `You have ${count} SEVERE food ${plural}`
  const label = SEVERITIES.find((s) => s.value === severity)?.label.toLowerCase() ?? severity
  return `You have ${count} ${label} food ${plural}`
}

export function isEmergencyRisk(count: number, severity: string): boolean {
  return count > 0 && severity === 'life-threatening'
}
