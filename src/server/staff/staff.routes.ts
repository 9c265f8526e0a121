import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParams } from '../../shared/schemas/common'
import {
  activityPageSchema,
  activityQuery,
  inviteParams,
  inviteTokenParams,
  myWorkplaceSchema,
  ownershipTransferSchema,
  staffInviteAccepted,
  staffInviteCreated,
  staffInviteCreateSchema,
  staffInvitePreview,
  staffListSchema,
  staffMemberSchema,
  staffParams,
  staffUpdateSchema,
} from '../../shared/schemas/staff'
import { memberOf, restaurantAccess, self, signedIn, userOf } from '../auth/access'
import type { StaffService } from './staff.service'

/** A restaurant's team: staff, invitations, the link's page, and the activity log. */
export function staffRoutes(staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    const noStore = { 'cache-control': 'private, no-store' }

    app.get(
      '/restaurants/:id/staff',
      {
        ...restaurantAccess('manage_staff', { param: 'id' }),
        schema: {
          tags: ['staff'],
          summary: 'The team: members with role, stations and last active; pending invitations',
          params: idParams,
          response: { 200: staffListSchema },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await staff.list(request.params.id)),
    )

    app.post(
      '/restaurants/:id/staff/invites',
      {
        ...restaurantAccess('manage_staff', { param: 'id' }),
        schema: {
          tags: ['staff'],
          summary:
            'Invite someone by a single-use link valid 7 days; the link’s token is shown in this answer only',
          params: idParams,
          body: staffInviteCreateSchema,
          response: { 201: staffInviteCreated },
        },
      },
      async (request, reply) => {
        const origin = `${request.protocol}://${request.host}`
        const created = await staff.invite(memberOf(request), request.body, origin)
        return reply.code(201).headers(noStore).send(created)
      },
    )

    app.delete(
      '/restaurants/:id/staff/invites/:inviteId',
      {
        ...restaurantAccess('manage_staff', { param: 'id' }),
        schema: {
          tags: ['staff'],
          summary: 'Revoke a pending invitation: its link stops working (410)',
          params: inviteParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await staff.revokeInvite(memberOf(request), request.params.inviteId)
        return reply.code(204).send(null)
      },
    )

    app.patch(
      '/restaurants/:id/staff/:userId',
      {
        ...restaurantAccess('manage_staff', { param: 'id' }),
        schema: {
          tags: ['staff'],
          summary: 'Change a member’s role or stations; it applies to their next request and live console',
          params: staffParams,
          body: staffUpdateSchema,
          response: { 200: staffMemberSchema },
        },
      },
      async (request) => staff.update(memberOf(request), request.params.userId, request.body),
    )

    app.delete(
      '/restaurants/:id/staff/:userId',
      {
        ...restaurantAccess('manage_staff', { param: 'id' }),
        schema: {
          tags: ['staff'],
          summary: 'Remove a member: their next request is refused and their live console closed',
          params: staffParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await staff.remove(memberOf(request), request.params.userId)
        return reply.code(204).send(null)
      },
    )

    app.put(
      '/restaurants/:id/owner',
      {
        ...restaurantAccess('transfer_ownership', { param: 'id' }),
        schema: {
          tags: ['staff'],
          summary:
            'Hand the restaurant to a member of its staff (owner only); the owner stays on as a manager. Answers the team',
          params: idParams,
          body: ownershipTransferSchema,
          response: { 200: staffListSchema },
        },
      },
      async (request, reply) =>
        reply.headers(noStore).send(await staff.transferOwnership(memberOf(request), request.body.userId)),
    )

    app.get(
      '/restaurants/:id/activity',
      {
        ...restaurantAccess('read_activity', { param: 'id' }),
        schema: {
          tags: ['staff'],
          summary: 'Who did what in the restaurant, newest first, a page at a time',
          params: idParams,
          querystring: activityQuery,
          response: { 200: activityPageSchema },
        },
      },
      async (request, reply) =>
        reply
          .headers(noStore)
          .send(await staff.activity(request.params.id, request.query.before, request.query.limit)),
    )

    app.get(
      '/staff-invites/:token',
      {
        schema: {
          tags: ['staff'],
          summary: 'What an invitation link invites to; 410 once it is used, revoked or expired',
          params: inviteTokenParams,
          response: { 200: staffInvitePreview },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await staff.preview(request.params.token)),
    )

    app.post(
      '/staff-invites/:token/accept',
      {
        ...signedIn,
        schema: {
          tags: ['staff'],
          summary:
            'Join the restaurant’s staff with the invitation’s role; 410 once it is used, revoked or expired',
          params: inviteTokenParams,
          response: { 200: staffInviteAccepted },
        },
      },
      async (request) => staff.accept(request.params.token, userOf(request).id),
    )

    app.get(
      '/users/:id/workplaces',
      {
        ...self(),
        schema: {
          tags: ['staff'],
          summary: 'The restaurants where the user works, with their role: owned ones first',
          params: idParams,
          response: { 200: z.array(myWorkplaceSchema) },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await staff.workplaces(userOf(request).id)),
    )
  }
}
