import { describe, expect, it } from 'vitest'
import { allergenSummaryHeadline, isEmergencyRisk } from './allergen-summary'

describe('the allergen summary', () => {
  it('calls life-threatening allergies SEVERE and a medical emergency risk', () => {
    expect(allergenSummaryHeadline(2, 'life-threatening')).toBe('You have 2 SEVERE food allergies')
    expect(isEmergencyRisk(2, 'life-threatening')).toBe(true)
  })

  it('names the other severities plainly, with no emergency warning', () => {
    expect(allergenSummaryHeadline(1, 'moderate')).toBe('You have 1 moderate food allergy')
    expect(allergenSummaryHeadline(3, 'severe')).toBe('You have 3 severe food allergies')
    expect(isEmergencyRisk(3, 'severe')).toBe(false)
  })

  it('says so when nothing is saved, whatever the severity', () => {
    expect(allergenSummaryHeadline(0, 'life-threatening')).toBe('No food allergies saved yet')
    expect(isEmergencyRisk(0, 'life-threatening')).toBe(false)
  })
})
