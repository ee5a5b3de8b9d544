/**
 * The team's changes in the audit log: an invitation sent and revoked, a member joining, a role
 * changed, a member removed and the business given to another member each write one event, with
 * who did it and from where, in the change's own transaction (a refused change writes none). And
 * accepting an invitation keeps to the businesses an account may belong to.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_BUSINESSES_PER_USER } from '../src/modules/businesses'
import { appCode, rejection } from './assertions'
import { auditEventsOf, fromDesk } from './audit-support'
import { scenario, uniqueEmail } from './harness'

const t = await scenario({ business: 'approved' })
afterAll(t.close)
const { env } = t
const db = env.database.db
const { businessId } = t.owner
const { events, oneEvent, noEvent } = auditEventsOf(env, businessId)
const password = 'correct horse battery'

const UA = 'TeamAudit/1.0 (Back office)'
const IP = '198.51.100.23'
const DESK = { ip: IP, userAgent: UA }

const owner = fromDesk(env, t.owner.b, DESK)

async function signedUp(email = uniqueEmail()) {
  const b = env.browser({ ip: IP, headers: { 'user-agent': UA } })
  await b.caller.auth.signUp({ email, password })
  const id = (await b.caller.auth.getProfile())?.id ?? ''
  return { ...b, email, id }
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? ''

describe('member and ownership changes in the audit log', () => {
  it('each writes one event with who, what and from where; a refused one writes none', async () => {
    const me = (await owner.caller.auth.getProfile())!
    const byOwner = {
      actorKind: 'member',
      actorId: me.id,
      actorName: me.email,
      ip: IP,
      userAgent: UA,
    }

    // invited, then revoked
    const first = uniqueEmail()
    let sent: { id: string; link: string } = { id: '', link: '' }
    const invited = await oneEvent(async () => {
      sent = await owner.caller.team.invite({ businessId, data: { email: first, role: 'manager' } })
    })
    expect(invited).toMatchObject({
      ...byOwner,
      action: 'member.invited',
      subjectKind: 'invitation',
      subjectId: sent.id,
      subjectName: first,
      details: { role: 'manager' },
    })
    // the link's token is never in the log
    expect(JSON.stringify(invited)).not.toContain(tokenOf(sent.link))
    await noEvent('ALREADY_MEMBER', () =>
      owner.caller.team.invite({ businessId, data: { email: me.email, role: 'admin' } }),
    )
    await noEvent('INVITATION_PENDING', () =>
      owner.caller.team.invite({ businessId, data: { email: first, role: 'admin' } }),
    )
    expect(
      await oneEvent(() => owner.caller.team.revoke({ businessId, invitationId: sent.id })),
    ).toMatchObject({
      ...byOwner,
      action: 'member.invitation_revoked',
      subjectId: sent.id,
      subjectName: first,
      details: { role: 'manager' },
    })
    await noEvent('INVITATION_NOT_FOUND', () =>
      owner.caller.team.revoke({ businessId, invitationId: sent.id }),
    )

    // joined: the new member acted, from their own browser
    const kim = await signedUp()
    const { link } = await owner.caller.team.invite({
      businessId,
      data: { email: kim.email, role: 'accountant' },
    })
    const other = await signedUp()
    await noEvent('INVITATION_OTHER_EMAIL', () =>
      other.caller.team.accept({ token: tokenOf(link) }),
    )
    expect(await oneEvent(() => kim.caller.team.accept({ token: tokenOf(link) }))).toMatchObject({
      actorKind: 'member',
      actorId: kim.id,
      actorName: kim.email,
      ip: IP,
      userAgent: UA,
      action: 'member.joined',
      subjectKind: 'member',
      subjectId: kim.id,
      details: { role: 'accountant' },
    })
    await noEvent('INVITATION_USED', () => kim.caller.team.accept({ token: tokenOf(link) }))

    // role changed
    expect(
      await oneEvent(() =>
        owner.caller.team.changeRole({ businessId, userId: kim.id, role: 'manager' }),
      ),
    ).toMatchObject({
      ...byOwner,
      action: 'member.role_changed',
      subjectId: kim.id,
      subjectName: kim.email,
      details: { role: 'manager', previousRole: 'accountant' },
    })
    // the same role again changes nothing, and records nothing
    const before = (await events()).length
    await owner.caller.team.changeRole({ businessId, userId: kim.id, role: 'manager' })
    expect((await events()).length).toBe(before)
    // the last owner cannot go
    await noEvent('LAST_OWNER', () =>
      owner.caller.team.changeRole({ businessId, userId: me.id, role: 'admin' }),
    )
    await noEvent('LAST_OWNER', () => owner.caller.team.remove({ businessId, userId: me.id }))
    // a manager changes no member
    await noEvent('ROLE_NOT_ALLOWED', () =>
      fromDesk(env, kim, DESK).caller.team.remove({ businessId, userId: me.id }),
    )

    // ownership transferred (and back), refused without the step-up
    await noEvent('STEP_UP_REQUIRED', () =>
      owner.caller.team.transferOwnership({ businessId, userId: kim.id }),
    )
    expect(
      await oneEvent(() =>
        owner.caller.team.transferOwnership({ businessId, userId: kim.id, proof: { password } }),
      ),
    ).toMatchObject({
      ...byOwner,
      action: 'ownership.transferred',
      subjectId: kim.id,
      subjectName: kim.email,
      details: { previousRole: 'manager' },
    })
    // the password is never in the log
    expect(JSON.stringify(await events())).not.toContain(password)
    expect(
      await oneEvent(() =>
        kim.caller.team.transferOwnership({ businessId, userId: me.id, proof: { password } }),
      ),
    ).toMatchObject({ actorId: kim.id, action: 'ownership.transferred', subjectId: me.id })

    // removed
    expect(
      await oneEvent(() => owner.caller.team.remove({ businessId, userId: kim.id })),
    ).toMatchObject({
      ...byOwner,
      action: 'member.removed',
      subjectId: kim.id,
      subjectName: kim.email,
      details: { role: 'admin' },
    })
    await noEvent('NOT_FOUND', () => owner.caller.team.remove({ businessId, userId: kim.id }))
  })
})

describe('who may pay out', () => {
  it('a change is one settings event; setting it as it already is writes none', async () => {
    const me = (await owner.caller.auth.getProfile())!
    expect(
      await oneEvent(() => owner.caller.team.setAdminsMayPayOut({ businessId, allowed: true })),
    ).toMatchObject({
      actorKind: 'member',
      actorId: me.id,
      ip: IP,
      action: 'business.settings_changed',
      details: { adminsMayPayOut: true },
    })
    const before = (await events()).length
    await owner.caller.team.setAdminsMayPayOut({ businessId, allowed: true })
    expect((await events()).length).toBe(before)
    expect(
      await oneEvent(() => owner.caller.team.setAdminsMayPayOut({ businessId, allowed: false })),
    ).toMatchObject({ details: { adminsMayPayOut: false } })
  })
})

describe('accepting an invitation', () => {
  it('keeps to the businesses an account may belong to', async () => {
    const full = await signedUp()
    const { link } = await owner.caller.team.invite({
      businessId,
      data: { email: full.email, role: 'manager' },
    })
    // the account belongs to as many businesses as it may already
    for (let i = 0; i < MAX_BUSINESSES_PER_USER; i++) {
      await full.caller.businesses.create({ name: `Stall ${i + 1}` })
    }
    const before = (await events()).length
    const refused = await rejection(full.caller.team.accept({ token: tokenOf(link) }))
    expect(appCode(refused)).toBe('BUSINESS_LIMIT_REACHED')
    expect((await events()).length).toBe(before)
    expect(await full.caller.businesses.list()).toHaveLength(MAX_BUSINESSES_PER_USER)
    // the invitation stays open: with one business fewer, it is accepted
    expect(await owner.caller.team.invitations({ businessId })).toContainEqual(
      expect.objectContaining({ email: full.email, state: 'open' }),
    )
    const last = (await full.caller.businesses.list()).at(-1)!
    await db
      .deleteFrom('businessMembers')
      .where('businessId', '=', last.id)
      .where('userId', '=', full.id)
      .execute()
    expect(await full.caller.team.accept({ token: tokenOf(link) })).toEqual({
      businessId,
      role: 'manager',
    })
    expect(await full.caller.businesses.list()).toHaveLength(MAX_BUSINESSES_PER_USER)
  })
})
