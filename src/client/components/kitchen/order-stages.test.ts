import { describe, expect, it } from 'vitest'
import { hasCookingStarted, stageState, TRACKER_STAGES } from './order-stages'

const states = (status: string) => TRACKER_STAGES.map((s) => stageState(s.status, status))

describe('status tracker stages', () => {
  it('marks stages before the current status completed, the current one in progress, later ones upcoming', () => {
    expect(states('preparing')).toEqual(['In Progress', 'Upcoming', 'Upcoming', 'Upcoming'])
    expect(states('cooking')).toEqual(['Completed', 'In Progress', 'Upcoming', 'Upcoming'])
    expect(states('plating')).toEqual(['Completed', 'Completed', 'In Progress', 'Upcoming'])
    expect(states('delivering')).toEqual(['Completed', 'Completed', 'Completed', 'In Progress'])
  })

  it('shows every stage completed once the order is completed', () => {
    expect(states('completed')).toEqual(['Completed', 'Completed', 'Completed', 'Completed'])
  })

  it('reaches no stage for a cancelled or unknown status', () => {
    expect(states('cancelled')).toEqual(['Upcoming', 'Upcoming', 'Upcoming', 'Upcoming'])
    expect(states('mystery')).toEqual(['Upcoming', 'Upcoming', 'Upcoming', 'Upcoming'])
  })
})

describe('hasCookingStarted', () => {
  it('starts at progress 30 or at a status at or after cooking', () => {
    expect(hasCookingStarted({ status: 'preparing', progress: 29 })).toBe(false)
    expect(hasCookingStarted({ status: 'preparing', progress: 30 })).toBe(true)
    expect(hasCookingStarted({ status: 'cooking', progress: 12 })).toBe(true)
    expect(hasCookingStarted({ status: 'delivering', progress: 0 })).toBe(true)
    expect(hasCookingStarted({ status: 'cancelled', progress: 0 })).toBe(false)
  })
})
