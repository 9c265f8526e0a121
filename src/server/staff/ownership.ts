/**
 * Handing a restaurant to another owner: the owner's alone, to someone already on its staff (who
 * knows the kitchen and has an account), in one transaction with its line in the activity log.
 * The old owner stays on as a manager, so the kitchen keeps them and only earnings and payouts
 * (and handing it back) leave with the title. The restaurant's row is locked first: of two
 * transfers at once, the second finds the owner changed (409) instead of giving it away twice.
 */
import { ROLE_LABELS, type StaffRole } from '../../shared/schemas/staff'
import type { RestaurantMember } from '../auth/access'
import type { Db } from '../db/client'
import { restaurantNotFound } from '../restaurants/restaurants.errors'
import { alreadyOwner, ownershipChanged, transferNeedsMember } from './staff.errors'
import { createStaffRepository } from './staff.repository'
import type { StaffChange } from './staff.service'

export function createOwnershipTransfer(deps: { db: Db; changed: (change: StaffChange) => void }) {
  const { db, changed } = deps

  return {
    /** Makes `toUserId` (a member) the owner and `actor` (the owner) a manager. */
    async transferOwnership(actor: RestaurantMember, toUserId: number) {
      if (toUserId === actor.userId) throw alreadyOwner()
      const { restaurantId } = actor
      await db.transaction(async (tx) => {
        const repo = createStaffRepository(tx)
        const restaurant = await repo.lockOwner(restaurantId)
        if (!restaurant) throw restaurantNotFound()
        if (restaurant.ownerId !== actor.userId) throw ownershipChanged()
        const taken = await repo.removeMember(restaurantId, toUserId)
        if (!taken) throw transferNeedsMember()
        await repo.setOwner(restaurantId, toUserId)
        await repo.addMember({ restaurantId, userId: actor.userId, role: 'manager', stations: [] })
        const [newOwner, oldOwner] = await Promise.all([repo.userName(toUserId), repo.userName(actor.userId)])
        // Written in the transaction, not beside it as other lines are: a change of owner with no
        // record of who made it does not happen.
        await repo.recordActivity({
          restaurantId,
          actorUserId: actor.userId,
          actorRole: 'owner',
          action: 'ownership_transferred',
          orderId: null,
          summary: `Made ${newOwner} (${ROLE_LABELS[taken.role as StaffRole].toLowerCase()}) the owner; ${oldOwner} stays on as manager`,
        })
      })
      // Both consoles are asked again: the new owner's widens, the old owner's narrows to a manager's.
      changed({ restaurantId, userId: toUserId })
      changed({ restaurantId, userId: actor.userId })
    },
  }
}
