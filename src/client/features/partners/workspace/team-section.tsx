import { Badge } from '@client/components/ui/badge'
import { Button } from '@client/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card'
import { Checkbox } from '@client/components/ui/checkbox'
import { Field } from '@client/components/ui/field'
import { Input, NativeSelect } from '@client/components/ui/input'
import { PageSpinner } from '@client/components/ui/spinner'
import { toast } from '@client/components/ui/use-toast'
import { ApiError, errorMessage } from '@client/lib/api-client'
import {
  INVITABLE_ROLES,
  type InvitableRole,
  ROLE_LABELS,
  ROLE_RANK,
  type StaffMember,
  type StaffRole,
} from '@shared/schemas/staff'
import { Check, Copy, Crown, Link2, UserMinus, X } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useActivity } from '../api/get-activity'
import { useStaff } from '../api/get-staff'
import { useInviteStaff } from '../api/invite-staff'
import { useRemoveMember } from '../api/remove-member'
import { useRevokeInvite } from '../api/revoke-invite'
import { useUpdateMember } from '../api/update-member'
import { TransferOwnershipDialog } from './transfer-ownership-dialog'

const ROLE_HINTS: Record<InvitableRole, string> = {
  manager: 'Everything but earnings and payouts; handles expo and cooks.',
  expo: 'Runs the pass: every ticket, bumps, cancels, kitchen mode, sold-out dishes.',
  cook: 'Their stations’ tickets and sold-out dishes; sees the rest read-only.',
}

/** The roles `viewer` may give: below their own (the owner gives any but owner). */
function grantable(viewer: StaffRole): InvitableRole[] {
  return INVITABLE_ROLES.filter((r) => viewer === 'owner' || ROLE_RANK[r] < ROLE_RANK[viewer])
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Not yet'

function StationPicker({
  stations,
  value,
  onChange,
  idPrefix,
}: {
  stations: string[]
  value: string[]
  onChange(next: string[]): void
  idPrefix: string
}) {
  if (stations.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        The kitchen has no stations yet: give its menu categories stations in the kitchen console’s settings.
      </p>
    )
  return (
    <div className="flex flex-wrap gap-3">
      {stations.map((s) => (
        <label key={s} htmlFor={`${idPrefix}-${s}`} className="flex items-center gap-2 text-sm capitalize">
          <Checkbox
            id={`${idPrefix}-${s}`}
            checked={value.includes(s)}
            onCheckedChange={(checked) => onChange(checked ? [...value, s] : value.filter((v) => v !== s))}
          />
          {s}
        </label>
      ))}
    </div>
  )
}

/**
 * The workspace's Team section: invite by link, pending invitations, members and their roles, and
 * for the owner alone, handing the restaurant to a member.
 */
export function TeamSection({
  restaurantId,
  restaurantName,
  viewerId,
  viewerRole,
}: {
  restaurantId: number
  restaurantName: string
  viewerId: number
  viewerRole: StaffRole
}) {
  const staff = useStaff(restaurantId)
  const id = useId()
  const invite = useInviteStaff(restaurantId)
  const revoke = useRevokeInvite(restaurantId)
  const update = useUpdateMember(restaurantId)
  const remove = useRemoveMember(restaurantId)
  const roles = grantable(viewerRole)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<InvitableRole>(roles.includes('cook') ? 'cook' : roles[0]!)
  const [stations, setStations] = useState<string[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [link, setLink] = useState<{ email: string; url: string } | undefined>()
  const [copied, setCopied] = useState(false)
  const [newOwner, setNewOwner] = useState<StaffMember | undefined>()

  if (staff.isLoading) return <PageSpinner />
  if (staff.isError || !staff.data)
    return (
      <p className="text-muted-foreground">{errorMessage(staff.error, 'The team could not be loaded.')}</p>
    )
  const { members, invites, stations: kitchenStations } = staff.data

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    invite.mutate(
      { email, role, ...(role === 'cook' ? { stations } : {}) },
      {
        onSuccess: (result) => {
          setLink({ email: result.invite.email, url: result.link })
          setCopied(false)
          setEmail('')
          setStations([])
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : undefined
          if (fields) setErrors(fields)
          else setErrors({ form: errorMessage(error, 'The invitation could not be sent.') })
        },
      },
    )
  }

  const copy = async () => {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link.url)
      setCopied(true)
    } catch {
      toast({ title: 'Copy the link by hand', description: link.url })
    }
  }

  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' })

  return (
    <div className="grid gap-6" data-testid="team-section">
      <Card>
        <CardHeader>
          <CardTitle>Invite someone</CardTitle>
          <CardDescription>
            They get a link that works once, for 7 days. Send it however your team talks: text, chat or email.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
              <Field id={`${id}-email`} label="Email" error={errors.email}>
                <Input
                  id={`${id}-email`}
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="cook@example.com"
                  required
                />
              </Field>
              <Field id={`${id}-role`} label="Role" error={errors.role}>
                <NativeSelect
                  id={`${id}-role`}
                  value={role}
                  onChange={(e) => setRole(e.target.value as InvitableRole)}
                >
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
            <p className="text-sm text-muted-foreground">{ROLE_HINTS[role]}</p>
            {role === 'cook' ? (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Stations</legend>
                <StationPicker
                  stations={kitchenStations}
                  value={stations}
                  onChange={setStations}
                  idPrefix={`${id}-invite-station`}
                />
                {errors.stations ? (
                  <p role="alert" className="text-sm font-medium text-destructive">
                    {errors.stations}
                  </p>
                ) : null}
              </fieldset>
            ) : null}
            {errors.form ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.form}
              </p>
            ) : null}
            <Button type="submit" className="w-fit" disabled={invite.isPending}>
              <Link2 aria-hidden="true" />
              Create invitation link
            </Button>
          </form>
          {link ? (
            <div
              className="mt-5 grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4"
              data-testid="invite-link"
            >
              <p className="text-sm font-medium">
                Link for {link.email}: shown this once. Copy it now and send it to them.
              </p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  readOnly
                  value={link.url}
                  aria-label="Invitation link"
                  onFocus={(e) => e.target.select()}
                />
                <Button type="button" variant="outline" onClick={copy}>
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Pending invitations</CardTitle>
        </CardHeader>
        <CardContent>
          {invites.length === 0 ? (
            <p className="text-sm text-muted-foreground">None waiting.</p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Pending invitations">
              {invites.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{i.email}</p>
                    <p className="text-sm text-muted-foreground">
                      {ROLE_LABELS[i.role]}
                      {i.stations.length ? ` · ${i.stations.join(', ')}` : ''} · expires {when(i.expiresAt)}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    className="text-destructive"
                    disabled={revoke.isPending || !roles.includes(i.role)}
                    onClick={() =>
                      revoke.mutate(i.id, { onError: failed('Could not revoke the invitation') })
                    }
                  >
                    <X aria-hidden="true" />
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border" aria-label="Members">
            {members.map((m) => (
              <MemberRow
                key={m.userId}
                member={m}
                roles={roles}
                kitchenStations={kitchenStations}
                canHandle={
                  m.role !== 'owner' && (viewerRole === 'owner' || ROLE_RANK[m.role] < ROLE_RANK[viewerRole])
                }
                busy={update.isPending || remove.isPending}
                onChange={(patch) =>
                  update.mutate(
                    { userId: m.userId, ...patch },
                    { onError: failed('Could not change the member') },
                  )
                }
                onMakeOwner={viewerRole === 'owner' && m.role !== 'owner' ? () => setNewOwner(m) : undefined}
                onRemove={() => {
                  if (window.confirm(`Remove ${m.fullName} from the team? Their console closes at once.`))
                    remove.mutate(m.userId, {
                      onSuccess: () => toast({ title: `${m.fullName} removed` }),
                      onError: failed('Could not remove the member'),
                    })
                }}
              />
            ))}
          </ul>
        </CardContent>
      </Card>

      <TransferOwnershipDialog
        restaurantId={restaurantId}
        restaurantName={restaurantName}
        viewerId={viewerId}
        member={newOwner}
        onClose={() => setNewOwner(undefined)}
      />
      <ActivityCard restaurantId={restaurantId} />
    </div>
  )
}

/** Who did what: bumps, cancels, sold-out dishes, team changes, newest first. */
function ActivityCard({ restaurantId }: { restaurantId: number }) {
  const activity = useActivity(restaurantId)
  const entries = activity.data?.pages.flatMap((p) => p.entries) ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>Every kitchen action and team change, with who did it.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isLoading ? (
          <PageSpinner />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="divide-y divide-border" aria-label="Activity">
            {entries.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
              >
                <span className="min-w-0">
                  {e.summary}
                  {e.actor ? (
                    <span className="text-muted-foreground">
                      {' '}
                      · {e.actor.name} ({ROLE_LABELS[e.actor.role].toLowerCase()})
                    </span>
                  ) : null}
                </span>
                <time className="shrink-0 text-xs text-muted-foreground" dateTime={e.at}>
                  {when(e.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
        {activity.hasNextPage ? (
          <Button
            variant="outline"
            className="mt-3"
            disabled={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            Show older
          </Button>
        ) : null}
      </CardContent>
    </Card>
  )
}

function MemberRow({
  member,
  roles,
  kitchenStations,
  canHandle,
  busy,
  onChange,
  onMakeOwner,
  onRemove,
}: {
  member: StaffMember
  roles: InvitableRole[]
  kitchenStations: string[]
  canHandle: boolean
  busy: boolean
  onChange(patch: { role?: InvitableRole; stations?: string[] }): void
  /** Only the owner is offered it, for every other member. */
  onMakeOwner: (() => void) | undefined
  onRemove(): void
}) {
  const id = useId()
  return (
    <li className="grid gap-3 py-4" data-testid={`member-${member.userId}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="truncate">{member.fullName}</span>
            <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>
              {ROLE_LABELS[member.role]}
            </Badge>
          </p>
          <p className="truncate text-sm text-muted-foreground">
            {member.email} · last active {member.role === 'owner' ? '—' : when(member.lastActiveAt)}
          </p>
        </div>
        {canHandle ? (
          <div className="flex flex-wrap items-center gap-2">
            <NativeSelect
              aria-label={`Role of ${member.fullName}`}
              className="w-36"
              value={member.role}
              disabled={busy}
              onChange={(e) => {
                const role = e.target.value as InvitableRole
                onChange(
                  role === 'cook'
                    ? {
                        role,
                        stations: member.stations.length ? member.stations : kitchenStations.slice(0, 1),
                      }
                    : { role },
                )
              }}
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
            {onMakeOwner ? (
              <Button variant="ghost" disabled={busy} onClick={onMakeOwner}>
                <Crown aria-hidden="true" />
                Make owner
              </Button>
            ) : null}
            <Button variant="ghost" className="text-destructive" disabled={busy} onClick={onRemove}>
              <UserMinus aria-hidden="true" />
              Remove
            </Button>
          </div>
        ) : null}
      </div>
      {member.role === 'cook' ? (
        canHandle ? (
          <StationPicker
            stations={kitchenStations}
            value={member.stations}
            idPrefix={`${id}-station`}
            onChange={(next) => {
              if (next.length > 0) onChange({ stations: next })
            }}
          />
        ) : (
          <p className="text-sm capitalize text-muted-foreground">{member.stations.join(', ')}</p>
        )
      ) : null}
    </li>
  )
}
