import { z } from 'zod'
import { idParam, singleLineText } from './common'

/** A restaurant's team: its owner (one, the creator) and the staff they invite. */
export const STAFF_ROLES = ['owner', 'manager', 'expo', 'cook'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
/** The roles an invitation or a change may give: the owner is never invited or made. */
export const INVITABLE_ROLES = ['manager', 'expo', 'cook'] as const
export type InvitableRole = (typeof INVITABLE_ROLES)[number]

/** Higher ranks may handle lower ones: no one grants a role above their own. */
export const ROLE_RANK: Record<StaffRole, number> = { owner: 3, manager: 2, expo: 1, cook: 1 }

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  expo: 'Expo',
  cook: 'Cook',
}

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000

const stationName = z
  .string({ error: 'A station is a name' })
  .trim()
  .toLowerCase()
  .min(1, 'A station needs a name')
  .max(30, 'A station name has at most 30 characters')
/** A cook's stations (the kitchen settings' names); other roles have none. */
export const stationsSchema = z
  .array(stationName, { error: 'stations must be a list of station names' })
  .max(20, 'At most 20 stations')
  .transform((list) => [...new Set(list)])

const emailSchema = singleLineText('Please enter a valid email address')
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'))

export const staffInviteCreateSchema = z
  .object({
    email: emailSchema,
    role: z.enum(INVITABLE_ROLES, { error: 'role must be manager, expo or cook' }),
    stations: stationsSchema.optional(),
  })
  .refine((v) => v.role !== 'cook' || (v.stations?.length ?? 0) > 0, {
    message: 'A cook needs at least one station',
    path: ['stations'],
  })
export type StaffInviteCreate = z.infer<typeof staffInviteCreateSchema>

export const staffInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  stations: z.array(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
})
export type StaffInvite = z.infer<typeof staffInviteSchema>

export const staffInviteCreated = z.object({
  invite: staffInviteSchema,
  /** The link to send: its token is shown this once and stored only hashed. */
  link: z.string(),
})

export const staffMemberSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  stations: z.array(z.string()),
  /** When they last did something in the restaurant; null when never. */
  lastActiveAt: z.string().nullable(),
  joinedAt: z.string(),
})
export type StaffMember = z.infer<typeof staffMemberSchema>

export const staffListSchema = z.object({
  members: z.array(staffMemberSchema),
  invites: z.array(staffInviteSchema),
  /** The stations of the kitchen's settings, for the invite and change forms. */
  stations: z.array(z.string()),
})
export type StaffList = z.infer<typeof staffListSchema>

export const staffUpdateSchema = z
  .object({
    role: z.enum(INVITABLE_ROLES, { error: 'role must be manager, expo or cook' }).optional(),
    stations: stationsSchema.optional(),
  })
  .refine((v) => v.role !== undefined || v.stations !== undefined, {
    message: 'Send a role, stations or both',
  })
export type StaffUpdate = z.infer<typeof staffUpdateSchema>

/** Hands the restaurant to a member of its staff: the owner's alone; the owner stays on as a manager. */
export const ownershipTransferSchema = z.object({
  userId: z
    .number({ error: 'Choose the member who becomes the owner' })
    .int('Choose the member who becomes the owner')
    .positive('Choose the member who becomes the owner'),
})
export type OwnershipTransfer = z.infer<typeof ownershipTransferSchema>

export const staffParams = z.object({ id: idParam(), userId: idParam() })
export const inviteParams = z.object({ id: idParam(), inviteId: idParam() })
export const inviteTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid'),
})

/** What an invitation shows before it is accepted (who invites, to what). */
export const staffInvitePreview = z.object({
  restaurantId: z.number(),
  restaurantName: z.string(),
  role: z.enum(INVITABLE_ROLES),
  stations: z.array(z.string()),
  email: z.string(),
  expiresAt: z.string(),
})
export type StaffInvitePreview = z.infer<typeof staffInvitePreview>

export const staffInviteAccepted = z.object({
  restaurantId: z.number(),
  restaurantName: z.string(),
  role: z.enum(STAFF_ROLES),
  stations: z.array(z.string()),
})

/** One of the restaurants where the signed-in user works (the header's "Kitchen"). */
export const myWorkplaceSchema = z.object({
  restaurantId: z.number(),
  restaurantName: z.string(),
  role: z.enum(STAFF_ROLES),
  stations: z.array(z.string()),
})
export type MyWorkplace = z.infer<typeof myWorkplaceSchema>

/** Who did something in the kitchen, as the restaurant sees it. */
export const staffActorSchema = z.object({ name: z.string(), role: z.enum(STAFF_ROLES) })
export type StaffActor = z.infer<typeof staffActorSchema>

export const ACTIVITY_ACTIONS = [
  'bump',
  'recall',
  'line_bump',
  'cancel',
  'shout_answer',
  'availability',
  'kitchen_mode',
  'kitchen_settings',
  'accept',
  'deny',
  'staff_invited',
  'staff_joined',
  'staff_changed',
  'staff_removed',
  'invite_revoked',
  'ownership_transferred',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const activityEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  /** A sentence a manager reads: "Order #0012: cooking → plating". */
  summary: z.string(),
  orderId: z.number().nullable(),
  actor: staffActorSchema.nullable(),
})
export type ActivityEntry = z.infer<typeof activityEntrySchema>

export const activityQuery = z.object({
  /** The id of the last entry of the previous page: entries older than it. */
  before: idParam().optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, 'limit must be a number')
    .transform(Number)
    .pipe(z.number().min(1, 'limit is at least 1').max(100, 'limit is at most 100'))
    .optional(),
})
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `before` for the next page; null at the end. */
  nextBefore: z.number().nullable(),
})
export type ActivityPage = z.infer<typeof activityPageSchema>

/** The console's own access, so it can show a cook their stations and what is read-only. */
export const kitchenAccessSchema = z.object({ role: z.enum(STAFF_ROLES), stations: z.array(z.string()) })
export type KitchenAccess = z.infer<typeof kitchenAccessSchema>
