/**
 * The audit log: each audited act writes exactly one event, with who did it (the member, or the
 * staff member at a terminal) and from where, in the act's own transaction (a failed act leaves
 * none, and an event that cannot be written undoes the act). The rows cannot be changed or
 * deleted through the application's connection. Members read the log with filters, a page at a
 * time, and download it as CSV.
 */
import { randomUUID } from 'node:crypto'
import type { AuditAction } from '@app/domain'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { withAudit } from '../src/modules/audit'
import { appCode, rejection, until } from './assertions'
import { fromDesk } from './audit-support'
import { nwcBusiness, paidLightning } from './businesses'
import { scenario, uniqueEmail, type TestBrowser } from './harness'
import { PERMITTED, withTerminal } from './terminal-fixture'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const t = await scenario({ simnet: true, screening: true, http: 'inject' })
afterAll(t.close)
const { env, net } = t
const db = env.database.db

const UA = 'AuditTest/1.0 (Counter tablet)'
const IP = '203.0.113.7'
const DESK = { ip: IP, userAgent: UA }

const events = (businessId: string) =>
  db
    .selectFrom('auditEvents')
    .selectAll()
    .where('businessId', '=', businessId)
    .orderBy('at')
    .orderBy('id')
    .execute()

const ownerIdOf = async (businessId: string) =>
  await db
    .selectFrom('businessMembers')
    .innerJoin('users', 'users.id', 'businessMembers.userId')
    .select(['users.id', 'users.email'])
    .where('businessMembers.businessId', '=', businessId)
    .executeTakeFirstOrThrow()

/** Runs `act` and returns the one event it wrote (fails if it wrote none or more). */
async function oneEvent(businessId: string, act: () => Promise<unknown>) {
  const before = (await events(businessId)).length
  await act()
  const after = await events(businessId)
  expect(after.length - before).toBe(1)
  return after.at(-1)!
}

describe('each audited act writes one event, with who and from where', () => {
  it('devices, staff, device settings and tip pages, by the member', async () => {
    const owner = await nwcBusiness(env, net)
    const { businessId } = owner
    const b = fromDesk(env, owner.b, DESK)
    const me = await ownerIdOf(businessId)
    const member = {
      actorKind: 'member',
      actorId: me.id,
      actorName: me.email,
      ip: IP,
      userAgent: UA,
    }

    const created = await b.caller.devices.create({ businessId, name: 'Till 1' })
    const deviceId = created.device.id
    let e = (await events(businessId)).at(-1)!
    expect(e).toMatchObject({
      ...member,
      action: 'device.created',
      subjectKind: 'device',
      subjectId: deviceId,
      subjectName: 'Till 1',
    })
    // the device's secret is never kept in the log
    expect(JSON.stringify(e)).not.toContain(created.credentials.secret)

    const expectations: [AuditAction, () => Promise<unknown>, Record<string, unknown>?][] = [
      [
        'device.renamed',
        () => b.caller.devices.update({ businessId, deviceId, name: 'Till A' }),
        { subjectName: 'Till A', details: { previousName: 'Till 1' } },
      ],
      [
        'device.changed',
        () => b.caller.devices.update({ businessId, deviceId, isKiosk: true }),
        { details: { kiosk: true } },
      ],
      [
        'device.credentials_regenerated',
        () => b.caller.devices.regenerate({ businessId, deviceId }),
      ],
      ['device.signed_out', () => b.caller.devices.signOut({ businessId, deviceId })],
      [
        'device_settings.changed',
        () =>
          b.caller.deviceSettings.update({ businessId, theme: 'dark', tipPercents: [10, 15, 20] }),
        { details: { theme: 'dark', tipPercents: '10,15,20' } },
      ],
      [
        'tips.page_created',
        () =>
          b.caller.tips.create({ businessId, shortName: `bar${Date.now()}`, description: 'Bar' }),
        { subjectKind: 'tip_page' },
      ],
      [
        'device.revoked',
        () => b.caller.devices.delete({ businessId, deviceId, confirmName: 'Till A' }),
      ],
    ]
    for (const [action, act, more] of expectations) {
      e = await oneEvent(businessId, act)
      expect(e, action).toMatchObject({ ...member, action, ...(more ?? {}) })
    }

    const pin = '482915'
    const staff = await b.caller.staff.create({
      businessId,
      name: 'Nora',
      language: 'de',
      permissions: PERMITTED,
      pin,
    })
    const staffSteps: [AuditAction, () => Promise<unknown>, Record<string, unknown>?][] = [
      [
        'staff.changed',
        () =>
          b.caller.staff.update({
            businessId,
            staffId: staff.id,
            name: 'Nora K',
            language: 'de',
            permissions: { ...PERMITTED, refund: false },
          }),
        { subjectName: 'Nora K', details: { previousName: 'Nora', refund: false } },
      ],
      [
        'staff.pin_reset',
        () =>
          b.caller.staff.update({
            businessId,
            staffId: staff.id,
            name: 'Nora K',
            language: 'de',
            permissions: { ...PERMITTED, refund: false },
            pin: '739154',
          }),
      ],
      ['staff.removed', () => b.caller.staff.delete({ businessId, staffId: staff.id })],
    ]
    for (const [action, act, more] of staffSteps) {
      e = await oneEvent(businessId, act)
      expect(e, action).toMatchObject({ ...member, action, subjectId: staff.id, ...(more ?? {}) })
    }
    // no PIN, old or new, in any event
    const all = JSON.stringify(await events(businessId))
    expect(all).not.toContain(pin)
    expect(all).not.toContain('739154')
    expect((await events(businessId)).map((r) => r.action)).toContain('staff.created')
  })

  it('a Z report closed at a terminal names the staff member; an unlock names the member', async () => {
    const owner = await nwcBusiness(env, net)
    const shop = await withTerminal({ env, net }, owner)
    const e = await oneEvent(shop.businessId, () => shop.d.caller.shifts.close())
    expect(e).toMatchObject({
      actorKind: 'staff',
      actorId: shop.rita.id,
      actorName: 'Rita',
      action: 'z_report.closed',
      subjectKind: 'device',
      subjectId: shop.device.id,
      subjectName: 'Counter',
      details: { report: 'Z-0001', payments: 0 },
    })

    // Sam is locked after wrong PINs; the owner unlocks him
    for (let i = 0; i < 10; i++) {
      const r = await rejection(
        shop.d.caller.device.staffSignIn({ staffId: shop.sam.id, pin: '0000' }),
      )
      if (appCode(r) === 'STAFF_LOCKED') break
    }
    const locked = await shop.b.caller.staff.locked({ businessId: shop.businessId })
    expect(locked.map((s) => s.id)).toContain(shop.sam.id)
    const unlock = await oneEvent(shop.businessId, () =>
      shop.b.caller.staff.unlock({ businessId: shop.businessId, staffId: shop.sam.id }),
    )
    expect(unlock).toMatchObject({
      actorKind: 'member',
      action: 'staff.unlocked',
      subjectName: 'Sam',
    })
  })

  it('a wallet replaced and a payout: requested by the member, sent by the platform', async () => {
    const owner = await nwcBusiness(env, net)
    const { businessId } = owner
    const b = fromDesk(env, owner.b, DESK)
    const { uri } = await net.control<{ uri: string }>('POST', '/nwc/connections', { name: 'new' })
    const replaced = await oneEvent(businessId, () =>
      b.caller.walletDetails.replaceNwc({ businessId, url: uri, password: ACCOUNT_PASSWORD }),
    )
    expect(replaced).toMatchObject({ actorKind: 'member', action: 'wallet.replaced', ip: IP })
    // the connection's secret stays out of the log
    expect(JSON.stringify(replaced)).not.toContain(new URL(uri).searchParams.get('secret') ?? '-')

    await paidLightning(owner, net, 20_000)
    const invoice = net.simnet.world.payer.addInvoice({ valueMsat: 5_000_000, memo: 'out' })
    const w = await b.caller.withdrawals.confirm({
      businessId,
      quote: { destination: invoice.paymentRequest },
      idempotencyKey: randomUUID(),
      password: ACCOUNT_PASSWORD,
    })
    await until(
      () => events(businessId),
      (rows) => rows.some((r) => r.action === 'payout.sent' || r.action === 'payout.failed'),
      'the payout to end',
    )
    const payout = (await events(businessId)).filter((r) => r.subjectId === w.id)
    expect(payout.map((r) => [r.action, r.actorKind])).toEqual([
      ['payout.requested', 'member'],
      ['payout.sent', 'system'],
    ])
    expect(payout[0]?.details).toMatchObject({ amountSat: 5_000, rail: 'lightning' })
  })
})

describe('device images', () => {
  it('an uploaded logo and its removal are recorded, with the uploader', async () => {
    const owner = await nwcBusiness(env, net)
    const { businessId } = owner
    const me = await ownerIdOf(businessId)
    const logo = await sharp({
      create: { width: 60, height: 20, channels: 4, background: '#5b3cf5' },
    })
      .png()
      .toBuffer()
    const uploaded = await oneEvent(businessId, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/businesses/${businessId}/device-images/logo`,
        headers: {
          cookie: `sid=${owner.b.cookies.get('sid') ?? ''}`,
          'content-type': 'image/png',
          'x-upload-source': 'test',
          'user-agent': UA,
        },
        body: logo,
      })
      expect(res.statusCode, res.body).toBe(200)
    })
    expect(uploaded).toMatchObject({
      actorKind: 'member',
      actorId: me.id,
      userAgent: UA,
      action: 'device_settings.image_changed',
      details: { image: 'logo', width: 60, height: 20 },
    })
    const removed = await oneEvent(businessId, () =>
      owner.b.caller.deviceSettings.removeImage({ businessId, kind: 'logo' }),
    )
    expect(removed).toMatchObject({
      action: 'device_settings.image_changed',
      details: { image: 'logo', removed: true },
    })
  })
})

describe('in the same transaction as the act', () => {
  it('a refused change leaves no event', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    await b.caller.devices.create({ businessId, name: 'Till 1' })
    const two = await b.caller.devices.create({ businessId, name: 'Till 2' })
    const before = (await events(businessId)).length
    // both refused by the database's unique name, inside the act's transaction
    expect(appCode(await rejection(b.caller.devices.create({ businessId, name: 'Till 1' })))).toBe(
      'DEVICE_NAME_TAKEN',
    )
    expect(
      appCode(
        await rejection(
          b.caller.devices.update({ businessId, deviceId: two.device.id, name: 'Till 1' }),
        ),
      ),
    ).toBe('DEVICE_NAME_TAKEN')
    expect(
      appCode(await rejection(b.caller.staff.delete({ businessId, staffId: randomUUID() }))),
    ).toBe('NOT_FOUND')
    expect((await events(businessId)).length).toBe(before)
  })

  it('an event that cannot be written undoes the act', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const failing = withAudit(
      db,
      (trx) =>
        trx
          .insertInto('devices')
          .values({
            businessId,
            name: 'Ghost',
            isKiosk: false,
            mid: null,
            loginId: `dev_${randomUUID()}`,
            secretHash: 'x',
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      () => ({
        businessId,
        by: {
          actor: { kind: 'system', id: null, name: '' },
          origin: { ip: null, userAgent: null },
        },
        // refused by the table's check: the act must go with it
        action: 'Not An Action' as AuditAction,
      }),
    )
    await expect(failing).rejects.toThrow()
    const ghost = await db
      .selectFrom('devices')
      .select('id')
      .where('businessId', '=', businessId)
      .where('name', '=', 'Ghost')
      .execute()
    expect(ghost).toEqual([])
  })
})

describe('the log cannot be changed', () => {
  it("refuses UPDATE, DELETE and TRUNCATE on the application's connection", async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    await b.caller.devices.create({ businessId, name: 'Kept' })
    const before = await events(businessId)
    expect(before.length).toBeGreaterThan(0)
    await expect(
      db
        .updateTable('auditEvents')
        .set({ actorName: 'someone else' })
        .where('businessId', '=', businessId)
        .execute(),
    ).rejects.toThrow(/append-only/)
    await expect(
      db.deleteFrom('auditEvents').where('businessId', '=', businessId).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(sql`TRUNCATE audit_events`.execute(db)).rejects.toThrow(/append-only/)
    expect(await events(businessId)).toEqual(before)
  })
})

describe('reading the log', () => {
  it('filters by time, actor and action, pages newest first, and keeps to its business', async () => {
    const owner = await nwcBusiness(env, net)
    const { b, businessId } = owner
    const shop = await withTerminal({ env, net }, owner)
    for (let i = 0; i < 5; i++) await b.caller.devices.create({ businessId, name: `Spare ${i}` })
    await shop.d.caller.shifts.close()
    const all = await events(businessId)

    const page1 = await b.caller.auditLog.list({ businessId, limit: 4 })
    expect(page1.items.map((i) => i.id)).toEqual(
      all
        .slice(-4)
        .reverse()
        .map((r) => r.id),
    )
    expect(page1.nextCursor).not.toBeNull()
    const seen = [...page1.items]
    let cursor = page1.nextCursor
    while (cursor) {
      const next = await b.caller.auditLog.list({ businessId, limit: 4, cursor })
      seen.push(...next.items)
      cursor = next.nextCursor
    }
    expect(seen.map((i) => i.id)).toEqual(all.map((r) => r.id).reverse())

    const devices = await b.caller.auditLog.list({ businessId, group: 'device' })
    expect(devices.items.length).toBe(6)
    expect(devices.items.every((i) => i.action.startsWith('device.'))).toBe(true)
    const byStaff = await b.caller.auditLog.list({ businessId, actorKind: 'staff' })
    expect(byStaff.items.map((i) => [i.action, i.actorName])).toEqual([['z_report.closed', 'Rita']])
    const byRita = await b.caller.auditLog.list({ businessId, actorId: shop.rita.id })
    expect(byRita.items.length).toBe(1)
    const created = await b.caller.auditLog.list({ businessId, action: 'staff.created' })
    expect(created.items.map((i) => i.subjectName).sort()).toEqual(['Rita', 'Sam'])
    const future = await b.caller.auditLog.list({ businessId, from: new Date(Date.now() + 60_000) })
    expect(future.items).toEqual([])
    const past = await b.caller.auditLog.list({ businessId, to: all[0]!.at })
    expect(past.items).toEqual([])

    const actors = await b.caller.auditLog.actors({ businessId })
    expect(actors.map((a) => a.kind).sort()).toEqual(['member', 'staff'])

    expect(
      appCode(await rejection(b.caller.auditLog.list({ businessId, cursor: 'not-a-cursor' }))),
    ).toBe('VALIDATION')
    const other = await nwcBusiness(env, net)
    expect(appCode(await rejection(other.b.caller.auditLog.list({ businessId })))).toBe('NOT_FOUND')
    expect((await other.b.caller.auditLog.list({ businessId: other.businessId })).items).toEqual([])
  })

  it('downloads the filtered log as CSV, members only', async () => {
    const owner = await nwcBusiness(env, net)
    const { businessId } = owner
    const b = fromDesk(env, owner.b, DESK)
    await b.caller.devices.create({ businessId, name: '=HYPERLINK("x")' })
    await b.caller.deviceSettings.update({ businessId, receiptText: 'Thanks, "friend"' })
    const cookie = `sid=${owner.b.cookies.get('sid') ?? ''}`
    const get = (query: string, headers: Record<string, string> = { cookie }) =>
      t.app.inject({
        method: 'GET',
        url: `/api/businesses/${businessId}/audit-log.csv${query}`,
        headers,
      })

    const res = await get('')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'id,at,actor_kind,actor_id,actor_name,action,subject_kind,subject_id,subject_name,details,ip,user_agent',
    )
    expect(lines.length).toBe(3)
    expect(lines[1]).toContain('device_settings.changed')
    expect(lines[1]).toContain('"{""receiptText"":""Thanks, \\""friend\\""""}"')
    expect(lines[1]).toContain(`,${IP},${UA}`)
    // a name a spreadsheet would run is neutralised
    expect(lines[2]).toContain(`'=HYPERLINK`)

    const devicesOnly = await get('?group=device')
    expect(devicesOnly.body.trimEnd().split('\r\n').length).toBe(2)
    expect((await get('?group=nothing')).statusCode).toBe(400)
    expect((await get('', {})).statusCode).toBe(401)
    const stranger = await nwcBusiness(env, net)
    const foreign = await get('', { cookie: `sid=${stranger.b.cookies.get('sid') ?? ''}` })
    expect(foreign.statusCode).toBe(404)
  })

  it('owners, admins and accountants read it and export it; a manager may not', async () => {
    const owner = await nwcBusiness(env, net)
    const { businessId } = owner
    await owner.b.caller.devices.create({ businessId, name: 'Till 1' })
    const as = async (role: 'admin' | 'manager' | 'accountant') => {
      const m = env.browser()
      const email = uniqueEmail(role)
      await m.caller.auth.signUp({ email, password: ACCOUNT_PASSWORD })
      const { link } = await owner.b.caller.team.invite({ businessId, data: { email, role } })
      await m.caller.team.accept({ token: new URL(link).pathname.split('/').pop() ?? '' })
      return m
    }
    const csv = (m: TestBrowser) =>
      t.app.inject({
        method: 'GET',
        url: `/api/businesses/${businessId}/audit-log.csv`,
        headers: { cookie: `sid=${m.cookies.get('sid') ?? ''}` },
      })
    for (const role of ['admin', 'accountant'] as const) {
      const m = await as(role)
      const { items } = await m.caller.auditLog.list({ businessId })
      expect(
        items.map((i) => i.action),
        role,
      ).toContain('device.created')
      expect((await csv(m)).statusCode, role).toBe(200)
    }
    const manager = await as('manager')
    expect(appCode(await rejection(manager.caller.auditLog.list({ businessId })))).toBe(
      'ROLE_NOT_ALLOWED',
    )
    expect(appCode(await rejection(manager.caller.auditLog.actors({ businessId })))).toBe(
      'ROLE_NOT_ALLOWED',
    )
    expect((await csv(manager)).statusCode).toBe(403)
  })
})
