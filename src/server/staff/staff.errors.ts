import { defineError } from '../infra/errors'

export const roleNotAllowed = defineError({
  code: 'staff.role_not_allowed',
  status: 403,
  message: 'Your role in this restaurant does not allow that',
})
export const otherStation = defineError({
  code: 'staff.other_station',
  status: 403,
  message: 'This ticket has lines of a station that is not yours',
})
export const roleTooHigh = defineError({
  code: 'staff.role_too_high',
  status: 403,
  message: 'You may only handle roles below your own',
})
export const ownerFixed = defineError({
  code: 'staff.owner_fixed',
  status: 409,
  message: "The owner's role cannot be changed or removed",
})
export const memberNotFound = defineError({
  code: 'staff.member_not_found',
  status: 404,
  message: 'This person is not on the restaurant’s staff',
})
export const inviteNotFound = defineError({
  code: 'staff.invite_not_found',
  status: 404,
  message: 'Invitation not found',
})
export const invitePending = defineError({
  code: 'staff.invite_pending',
  status: 409,
  message: 'This address already has a pending invitation: revoke it first to send a new one',
})
export const inviteGone = defineError({
  code: 'staff.invite_gone',
  status: 410,
  message: 'This invitation is no longer valid',
})
export const alreadyOwner = defineError({
  code: 'staff.already_owner',
  status: 409,
  message: 'You own this restaurant already',
})
export const alreadyMember = defineError({
  code: 'staff.already_member',
  status: 409,
  message: 'This address already belongs to someone on the staff',
})
export const transferNeedsMember = defineError({
  code: 'staff.transfer_needs_member',
  status: 409,
  message: 'Ownership passes only to someone already on the restaurant’s staff: invite them first',
})
export const ownershipChanged = defineError({
  code: 'staff.ownership_changed',
  status: 409,
  message: 'The restaurant’s owner has just changed: reload the team to see who owns it now',
})
export const unknownStation = defineError({
  code: 'staff.unknown_station',
  status: 400,
  message: 'Stations must be ones of the kitchen’s settings',
})
