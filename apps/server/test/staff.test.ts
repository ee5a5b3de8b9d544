/**
 * Staff logins: PINs kept hashed and unique within a business, permissions, RFID tags unique,
 * staff sign-in at a device by their PIN or a tag (wrong tries limited per device), and tags a device read but
 * nobody holds, listed and assigned with one call.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { approvedBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario()
afterAll(t.close)
const { env } = t

const allowed = { eodReport: true, refundReport: false, refund: true }
const none = { eodReport: false, refundReport: false, refund: false }

async function withDevice(b: TestBrowser, businessId: string, name = 'Till') {
  const { device, credentials } = await b.caller.devices.create({ businessId, name })
  const d = env.browser()
  await d.caller.device.signIn(credentials)
  return { device, d }
}

describe('staff logins', () => {
  it('creates, updates and deletes a staff login; the PIN is stored only hashed', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const ana = await b.caller.staff.create({
      businessId,
      name: 'Ana',
      language: 'nl',
      permissions: allowed,
      pin: '482913',
    })
    expect(ana).toMatchObject({ name: 'Ana', language: 'nl', permissions: allowed, rfidTags: [] })
    const row = await env.database.db
      .selectFrom('staff')
      .selectAll()
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain('482913')
    expect(row.pinHash).toMatch(/^scrypt\$/)

    const updated = await b.caller.staff.update({
      businessId,
      staffId: ana.id,
      name: 'Ana María',
      language: 'es',
      permissions: none,
    })
    expect(updated).toMatchObject({ name: 'Ana María', language: 'es', permissions: none })
    // the PIN was kept
    const { d } = await withDevice(b, businessId)
    const pin = { staffId: ana.id, pin: '482913' }
    expect((await d.caller.device.staffSignIn(pin)).name).toBe('Ana María')

    await b.caller.staff.delete({ businessId, staffId: ana.id })
    expect((await b.caller.staff.list({ businessId })).staff).toEqual([])
    expect(appCode(await rejection(d.caller.device.staffSignIn(pin)))).toBe('INVALID_CREDENTIALS')
    expect((await d.caller.device.me()).staff).toBeNull()
  })

  it('refuses a PIN of letters, of the wrong length, or already taken, changing nothing', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const base = { businessId, language: 'en' as const, permissions: none }
    const first = await b.caller.staff.create({ ...base, name: 'Ben', pin: '1234' })
    for (const pin of ['12a4', 'abcd', '123', '123456789', '12 34']) {
      expect(appCode(await rejection(b.caller.staff.create({ ...base, name: 'X', pin })))).toBe(
        'VALIDATION',
      )
    }
    const taken = await rejection(b.caller.staff.create({ ...base, name: 'Cleo', pin: '1234' }))
    expect(appCode(taken)).toBe('STAFF_PIN_TAKEN')
    const cleo = await b.caller.staff.create({ ...base, name: 'Cleo', pin: '9876' })
    const onto = await rejection(
      b.caller.staff.update({ ...base, staffId: cleo.id, name: 'Cleo', pin: '1234' }),
    )
    expect(appCode(onto)).toBe('STAFF_PIN_TAKEN')
    expect((await b.caller.staff.list({ businessId })).staff.map((s) => s.name)).toEqual([
      'Ben',
      'Cleo',
    ])
    // the same PIN in another business is fine; each device finds its own business's staff
    const other = await approvedBusiness(env)
    const dan = await other.b.caller.staff.create({
      ...base,
      businessId: other.businessId,
      name: 'Dan',
      pin: '1234',
    })
    const here = await withDevice(b, businessId)
    const there = await withDevice(other.b, other.businessId)
    const signIn = (t: typeof here, staffId: string) =>
      t.d.caller.device.staffSignIn({ staffId, pin: '1234' })
    expect((await signIn(here, first.id)).id).toBe(first.id)
    expect((await signIn(there, dan.id)).id).toBe(dan.id)
    // a device finds no staff member of another business
    expect(appCode(await rejection(signIn(here, dan.id)))).toBe('INVALID_CREDENTIALS')
  })

  it('signs staff in at a device with their PIN, with their permissions and language', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const eve = await b.caller.staff.create({
      businessId,
      name: 'Eve',
      language: 'de',
      permissions: allowed,
      pin: '55667788',
    })
    const { d } = await withDevice(b, businessId)
    expect(appCode(await rejection(d.caller.device.requireStaff()))).toBe('STAFF_SIGN_IN_REQUIRED')
    const wrong = d.caller.device.staffSignIn({ staffId: eve.id, pin: '55667789' })
    expect(appCode(await rejection(wrong))).toBe('INVALID_CREDENTIALS')
    const signed = await d.caller.device.staffSignIn({ staffId: eve.id, pin: '55667788' })
    expect(signed).toEqual({
      id: eve.id,
      name: 'Eve',
      language: 'de',
      permissions: ['eodReport', 'refund'],
      proof: 'pin',
    })
    expect((await d.caller.device.me()).staff?.id).toBe(eve.id)
    await d.caller.device.staffSignOut()
    expect((await d.caller.device.me()).staff).toBeNull()
  })

  it('rate limits wrong sign-in tries per device, not for other devices', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const fay = await b.caller.staff.create({
      businessId,
      name: 'Fay',
      language: 'none',
      permissions: none,
      pin: '2468',
    })
    const one = await withDevice(b, businessId, 'One')
    const two = await withDevice(b, businessId, 'Two')
    for (let i = 0; i < 10; i++) {
      expect(appCode(await rejection(one.d.caller.device.staffSignIn({ tag: `BAD${i}00` })))).toBe(
        'RFID_TAG_UNRECOGNISED',
      )
    }
    const right = { staffId: fay.id, pin: '2468' }
    const limited = await rejection(one.d.caller.device.staffSignIn(right))
    expect(appCode(limited)).toBe('RATE_LIMITED')
    expect((await two.d.caller.device.staffSignIn(right)).name).toBe('Fay')
  })
})

describe('RFID tags', () => {
  it('records an unknown tag as unrecognised, and one click assigns it', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const gus = await b.caller.staff.create({
      businessId,
      name: 'Gus',
      language: 'fr',
      permissions: none,
      pin: '1357',
    })
    const { d, device } = await withDevice(b, businessId, 'Counter')
    const unknown = await rejection(d.caller.device.staffSignIn({ tag: '04:a2:3b:c1' }))
    expect(appCode(unknown)).toBe('RFID_TAG_UNRECOGNISED')
    await rejection(d.caller.device.staffSignIn({ tag: '04A23BC1' }))
    const { unrecognised } = await b.caller.staff.list({ businessId })
    expect(unrecognised).toEqual([
      expect.objectContaining({
        tag: '04A23BC1',
        deviceId: device.id,
        deviceName: 'Counter',
        timesSeen: 2,
      }),
    ])

    const assigned = await b.caller.staff.addTag({ businessId, staffId: gus.id, tag: '04A23BC1' })
    expect(assigned.rfidTags).toEqual(['04A23BC1'])
    expect((await b.caller.staff.list({ businessId })).unrecognised).toEqual([])
    expect((await d.caller.device.staffSignIn({ tag: '04a23bc1' })).id).toBe(gus.id)

    const removed = await b.caller.staff.removeTag({ businessId, staffId: gus.id, tag: '04A23BC1' })
    expect(removed.rfidTags).toEqual([])

    // a tag read again and dismissed leaves the list
    await rejection(d.caller.device.staffSignIn({ tag: 'CAFE01' }))
    expect((await b.caller.staff.list({ businessId })).unrecognised.map((u) => u.tag)).toEqual([
      'CAFE01',
    ])
    await b.caller.staff.dismissTag({ businessId, tag: 'CAFE01' })
    expect((await b.caller.staff.list({ businessId })).unrecognised).toEqual([])
    expect(appCode(await rejection(b.caller.staff.dismissTag({ businessId, tag: 'CAFE01' })))).toBe(
      'NOT_FOUND',
    )
  })

  it('refuses a tag already assigned to someone else, and a malformed tag', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const base = { businessId, language: 'en' as const, permissions: none }
    const hal = await b.caller.staff.create({ ...base, name: 'Hal', pin: '1111' })
    const ida = await b.caller.staff.create({ ...base, name: 'Ida', pin: '2222' })
    await b.caller.staff.addTag({ businessId, staffId: hal.id, tag: 'DEADBEEF' })
    // assigning it to the holder again changes nothing
    await b.caller.staff.addTag({ businessId, staffId: hal.id, tag: 'deadbeef' })
    const taken = await rejection(
      b.caller.staff.addTag({ businessId, staffId: ida.id, tag: 'DEADBEEF' }),
    )
    expect(appCode(taken)).toBe('RFID_TAG_TAKEN')
    const bad = await rejection(
      b.caller.staff.addTag({ businessId, staffId: ida.id, tag: 'not-a-tag!' }),
    )
    expect(appCode(bad)).toBe('VALIDATION')
    const { staff } = await b.caller.staff.list({ businessId })
    expect(staff.map((s) => [s.name, s.rfidTags])).toEqual([
      ['Hal', ['DEADBEEF']],
      ['Ida', []],
    ])
  })

  it("an owner cannot manage another business's staff", async () => {
    const a = await approvedBusiness(env)
    const other = await approvedBusiness(env)
    const jo = await a.b.caller.staff.create({
      businessId: a.businessId,
      name: 'Jo',
      language: 'en',
      permissions: none,
      pin: '4321',
    })
    const bid = other.businessId
    for (const call of [
      () =>
        other.b.caller.staff.update({
          businessId: bid,
          staffId: jo.id,
          name: 'X',
          language: 'en',
          permissions: allowed,
        }),
      () => other.b.caller.staff.delete({ businessId: bid, staffId: jo.id }),
      () => other.b.caller.staff.addTag({ businessId: bid, staffId: jo.id, tag: 'ABCD' }),
    ]) {
      expect(appCode(await rejection(call()))).toBe('NOT_FOUND')
    }
    expect((await a.b.caller.staff.list({ businessId: a.businessId })).staff[0]?.name).toBe('Jo')
  })
})
