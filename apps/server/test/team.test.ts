/**
 * A business is a team: an owner invites by email with a role, the invited address (and only it)
 * accepts, roles change and members go, a business always keeps an owner, ownership moves with
 * the owner's step-up, and a member removed or demoted loses the access at once, open streams too.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { appCode, rejection, until } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'

const t = await scenario({ business: 'approved', realtime: 'bus' })
afterAll(t.close)
const { env } = t
const { b: owner, businessId } = t.owner
const password = 'correct horse battery'

async function signedUp(email = uniqueEmail()): Promise<TestBrowser & { email: string }> {
  const b = env.browser()
  await b.caller.auth.signUp({ email, password })
  return { ...b, email }
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? ''

async function member(role: 'admin' | 'manager' | 'accountant') {
  const b = await signedUp()
  const { link } = await owner.caller.team.invite({ businessId, data: { email: b.email, role } })
  await b.caller.team.accept({ token: tokenOf(link) })
  const me = (await owner.caller.team.members({ businessId })).find((m) => m.email === b.email)
  return { ...b, userId: me?.userId ?? '' }
}

describe('invitations', () => {
  it('go out from a verified address only: an owner who has not confirmed theirs is refused', async () => {
    const unverified = await signedUp()
    const { id } = await unverified.caller.businesses.create({ name: 'Harbour Bakery' })
    const refused = await rejection(
      unverified.caller.team.invite({
        businessId: id,
        data: { email: uniqueEmail(), role: 'manager' },
      }),
    )
    expect(appCode(refused)).toBe('EMAIL_NOT_VERIFIED')
    expect(await unverified.caller.team.invitations({ businessId: id })).toEqual([])
  })

  it("is written in the invited account's language, or the inviter's for a new address", async () => {
    const german = await signedUp()
    await sql`UPDATE users SET locale = 'de' WHERE lower(email) = ${german.email.toLowerCase()}`.execute(
      env.database.db,
    )
    const stranger = uniqueEmail()
    await owner.caller.team.invite({ businessId, data: { email: german.email, role: 'manager' } })
    await owner.caller.team.invite({ businessId, data: { email: stranger, role: 'manager' } })
    const mails = await sql<{ toAddress: string; locale: string }>`SELECT to_address, locale
      FROM mail_outbox WHERE template = 'invitation'
      AND to_address IN (${german.email.toLowerCase()}, ${stranger.toLowerCase()})`.execute(
      env.database.db,
    )
    expect(new Map(mails.rows.map((m) => [m.toAddress, m.locale]))).toEqual(
      new Map([
        [german.email.toLowerCase(), 'de'],
        [stranger.toLowerCase(), 'en'],
      ]),
    )
  })

  it('an owner invites by email; that address accepts and joins with the role', async () => {
    const email = uniqueEmail('Invited').replace('invited', 'Invited')
    const sent = await owner.caller.team.invite({ businessId, data: { email, role: 'accountant' } })
    expect(sent.email).toBe(email.toLowerCase())
    expect(sent.link).toMatch(/\/invitations\/[\w-]{40,}$/)
    const days = (sent.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    // the token is kept only hashed
    const stored = await sql<{ tokenHash: string }>`SELECT token_hash FROM invitations
      WHERE id = ${sent.id}`.execute(env.database.db)
    expect(stored.rows[0]?.tokenHash).not.toContain(tokenOf(sent.link))
    // its mail is in the outbox, written with it
    const mails = await sql<{ template: string }>`SELECT template FROM mail_outbox
      WHERE to_address = ${email.toLowerCase()}`.execute(env.database.db)
    expect(mails.rows).toEqual([{ template: 'invitation' }])
    expect(await owner.caller.team.invitations({ businessId })).toContainEqual(
      expect.objectContaining({ id: sent.id, role: 'accountant', state: 'open' }),
    )

    const page = await env.browser().caller.team.invitation({ token: tokenOf(sent.link) })
    expect(page).toMatchObject({ businessName: 'Corner Café', role: 'accountant', state: 'open' })

    const other = await signedUp()
    const wrong = await rejection(other.caller.team.accept({ token: tokenOf(sent.link) }))
    expect(appCode(wrong)).toBe('INVITATION_OTHER_EMAIL')
    expect(await other.caller.businesses.list()).toEqual([])

    const invited = await signedUp(email)
    expect(await invited.caller.team.accept({ token: tokenOf(sent.link) })).toEqual({
      businessId,
      role: 'accountant',
    })
    expect(await invited.caller.businesses.list()).toEqual([
      expect.objectContaining({ id: businessId, role: 'accountant' }),
    ])
    const again = await rejection(invited.caller.team.accept({ token: tokenOf(sent.link) }))
    expect(appCode(again)).toBe('INVITATION_USED')
    expect(await owner.caller.team.invitations({ businessId })).not.toContainEqual(
      expect.objectContaining({ id: sent.id }),
    )
  })

  it('refuses an invalid address, a member, a second open invitation, and non-owners', async () => {
    const refused = async (p: Promise<unknown>) => appCode(await rejection(p))
    const before = await owner.caller.team.invitations({ businessId })
    expect(
      await refused(
        owner.caller.team.invite({ businessId, data: { email: 'not-an-address', role: 'admin' } }),
      ),
    ).toBe('VALIDATION')
    const ownerEmail = (await owner.caller.auth.getProfile())?.email ?? ''
    expect(
      await refused(
        owner.caller.team.invite({
          businessId,
          data: { email: ownerEmail.toUpperCase(), role: 'admin' },
        }),
      ),
    ).toBe('ALREADY_MEMBER')
    expect(
      await refused(
        owner.caller.team.invite({
          businessId,
          data: { email: 'x@y.example', role: 'owner' as 'admin' },
        }),
      ),
    ).toBe('VALIDATION')
    const admin = await member('admin')
    const outbox = await sql`SELECT id FROM mail_outbox`.execute(env.database.db)
    expect(
      await refused(
        admin.caller.team.invite({ businessId, data: { email: uniqueEmail(), role: 'manager' } }),
      ),
    ).toBe('ROLE_NOT_ALLOWED')
    expect(await owner.caller.team.invitations({ businessId })).toEqual(before)
    // refused invitations send nothing
    expect((await sql`SELECT id FROM mail_outbox`.execute(env.database.db)).rows).toHaveLength(
      outbox.rows.length,
    )

    const email = uniqueEmail()
    await owner.caller.team.invite({ businessId, data: { email, role: 'manager' } })
    expect(
      await refused(owner.caller.team.invite({ businessId, data: { email, role: 'admin' } })),
    ).toBe('INVITATION_PENDING')
  })

  it('refuses an expired or revoked invitation', async () => {
    const late = await signedUp()
    const sent = await owner.caller.team.invite({
      businessId,
      data: { email: late.email, role: 'manager' },
    })
    await sql`UPDATE invitations SET created_at = now() - interval '8 days',
      expires_at = now() - interval '1 day' WHERE id = ${sent.id}`.execute(env.database.db)
    expect(appCode(await rejection(late.caller.team.accept({ token: tokenOf(sent.link) })))).toBe(
      'INVITATION_EXPIRED',
    )
    // an expired invitation makes way for a new one
    const renewed = await owner.caller.team.invite({
      businessId,
      data: { email: late.email, role: 'manager' },
    })
    await owner.caller.team.revoke({ businessId, invitationId: renewed.id })
    expect(
      appCode(await rejection(late.caller.team.accept({ token: tokenOf(renewed.link) }))),
    ).toBe('INVITATION_REVOKED')
    expect(await late.caller.businesses.list()).toEqual([])
    expect(appCode(await rejection(late.caller.team.accept({ token: 'x'.repeat(43) })))).toBe(
      'INVITATION_NOT_FOUND',
    )
  })
})

describe('roles', () => {
  it('a business always keeps an owner', async () => {
    const ownerId = (await owner.caller.auth.getProfile())?.id ?? ''
    const refused = await rejection(
      owner.caller.team.changeRole({ businessId, userId: ownerId, role: 'admin' }),
    )
    expect(appCode(refused)).toBe('LAST_OWNER')
    expect(
      appCode(await rejection(owner.caller.team.remove({ businessId, userId: ownerId }))),
    ).toBe('LAST_OWNER')
    expect(await owner.caller.businesses.get({ businessId })).toMatchObject({ role: 'owner' })
  })

  it('a member demoted or removed loses the access at once, open streams included', async () => {
    const admin = await member('admin')
    await admin.caller.devices.list({ businessId })
    const stream = await admin.caller.node.watch({ businessId })
    const it = stream[Symbol.asyncIterator]()
    const ended = it
      .next()
      .then(async function drain(step): Promise<unknown> {
        return step.done ? 'done' : drain(await it.next())
      })
      .catch((e: unknown) => e)

    await owner.caller.team.changeRole({ businessId, userId: admin.userId, role: 'accountant' })
    expect(appCode(await rejection(admin.caller.devices.list({ businessId })))).toBe(
      'ROLE_NOT_ALLOWED',
    )
    // the node's state is the dashboard's: an accountant still reads it
    await admin.caller.node.status({ businessId })
    const manager = await member('manager')
    const deviceStream = await manager.caller.node.watch({ businessId })
    const dit = deviceStream[Symbol.asyncIterator]()
    const removed = dit
      .next()
      .then(async function drain(step): Promise<unknown> {
        return step.done ? 'done' : drain(await dit.next())
      })
      .catch((e: unknown) => e)
    await owner.caller.team.remove({ businessId, userId: manager.userId })
    const gone = await until(
      () => Promise.race([removed, new Promise((r) => setTimeout(() => r('open'), 50))]),
      (v) => v !== 'open',
      'the removed member’s stream to end',
    )
    expect(gone).toMatchObject({ cause: { code: 'NOT_FOUND' } })
    expect(appCode(await rejection(manager.caller.sales.dashboard({ businessId })))).toBe(
      'NOT_FOUND',
    )
    expect(await manager.caller.businesses.list()).toEqual([])
    // the demoted admin's stream of wallet.read goes on; stopped here
    void it.return?.()
    void ended
  })

  it('ownership moves to another member with the owner’s step-up', async () => {
    const next = await member('manager')
    const ownerId = (await owner.caller.auth.getProfile())?.id ?? ''
    const noProof = await rejection(
      owner.caller.team.transferOwnership({ businessId, userId: next.userId }),
    )
    expect(appCode(noProof)).toBe('STEP_UP_REQUIRED')
    const wrong = await rejection(
      owner.caller.team.transferOwnership({
        businessId,
        userId: next.userId,
        proof: { password: 'not the password' },
      }),
    )
    expect(appCode(wrong)).toBe('WRONG_PASSWORD')
    expect(await next.caller.businesses.get({ businessId })).toMatchObject({ role: 'manager' })

    await owner.caller.team.transferOwnership({
      businessId,
      userId: next.userId,
      proof: { password },
    })
    expect(await next.caller.businesses.get({ businessId })).toMatchObject({ role: 'owner' })
    expect(await owner.caller.businesses.get({ businessId })).toMatchObject({ role: 'admin' })
    expect(appCode(await rejection(owner.caller.team.members({ businessId })))).toBe(
      'ROLE_NOT_ALLOWED',
    )
    // and back, so the other tests' owner stays one
    await next.caller.team.transferOwnership({ businessId, userId: ownerId, proof: { password } })
    expect(await owner.caller.businesses.get({ businessId })).toMatchObject({ role: 'owner' })
  })

  it('admins pay out only where an owner allows it', async () => {
    const admin = await member('admin')
    expect(await admin.caller.businesses.get({ businessId })).toMatchObject({
      adminsMayPayOut: false,
    })
    expect(appCode(await rejection(admin.caller.withdrawals.list({ businessId })))).toBe(
      'ROLE_NOT_ALLOWED',
    )
    expect(
      appCode(await rejection(admin.caller.team.setAdminsMayPayOut({ businessId, allowed: true }))),
    ).toBe('ROLE_NOT_ALLOWED')
    await owner.caller.team.setAdminsMayPayOut({ businessId, allowed: true })
    expect(appCode(await rejection(admin.caller.withdrawals.list({ businessId })))).not.toBe(
      'ROLE_NOT_ALLOWED',
    )
    await owner.caller.team.setAdminsMayPayOut({ businessId, allowed: false })
  })
})
