/**
 * Device logins through the owner's procedures, and the device's own session: credentials shown
 * once and kept hashed, names unique per business, MID rules, rename/kiosk/MID, regenerate and
 * sign-out ending sessions, delete after typing the name; and the isolation rules (a device
 * session reaches no owner procedure, an owner's session no device procedure, and no business
 * reaches another's devices).
 */
import { MAX_DEVICES_PER_BUSINESS, MAX_STAFF_PER_BUSINESS } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { hashToken } from '../src/lib/secrets'
import { appCode, rejection } from './assertions'
import { approvedBusiness } from './businesses'
import { scenario } from './harness'

const t = await scenario()
afterAll(t.close)
const { env } = t

async function deviceBrowser(loginId: string, secret: string) {
  const d = env.browser()
  await d.caller.device.signIn({ loginId, secret })
  return d
}

describe('device logins', () => {
  it('creates a device whose credentials are shown once and stored only as a hash', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { device, credentials } = await b.caller.devices.create({
      businessId,
      name: 'Till 1',
      isKiosk: true,
      mid: 'MID-0042',
    })
    expect(device).toMatchObject({
      name: 'Till 1',
      isKiosk: true,
      mid: 'MID-0042',
      status: 'never',
    })
    expect(credentials.loginId).toMatch(/^dev_/)
    // 32 random bytes: 256 bits, base64url
    expect(Buffer.from(credentials.secret, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(credentials.secret.length).toBeGreaterThanOrEqual(43)
    expect(credentials.pairingUri).toContain(credentials.loginId)
    expect(credentials.pairingUri).toContain(credentials.secret)

    const list = await b.caller.devices.list({ businessId })
    expect(list).toHaveLength(1)
    expect(JSON.stringify(list)).not.toContain(credentials.secret)
    const stored = await env.database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow()
    expect(stored.secretHash).toBe(hashToken(credentials.secret))
    expect(JSON.stringify(stored)).not.toContain(credentials.secret)
  })

  it('refuses a duplicate name and a bad MID, changing nothing', async () => {
    const { b, businessId } = await approvedBusiness(env)
    await b.caller.devices.create({ businessId, name: 'Front till', isKiosk: false })
    const dup = await rejection(b.caller.devices.create({ businessId, name: ' front TILL ' }))
    expect(appCode(dup)).toBe('DEVICE_NAME_TAKEN')
    for (const mid of ['MID 42', 'x'.repeat(65), ' ', 'MID\t1']) {
      const bad = await rejection(
        b.caller.devices.create({ businessId, name: `Other ${mid.length}`, mid }),
      )
      expect(appCode(bad)).toBe('VALIDATION')
    }
    expect((await b.caller.devices.list({ businessId })).map((d) => d.name)).toEqual(['Front till'])
    // the same name in another business is fine
    const other = await approvedBusiness(env)
    await other.b.caller.devices.create({ businessId: other.businessId, name: 'Front till' })
  })

  it('renames, toggles kiosk, sets and clears the MID; a rename onto another name is refused', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { device } = await b.caller.devices.create({ businessId, name: 'A' })
    await b.caller.devices.create({ businessId, name: 'B' })
    const renamed = await b.caller.devices.update({ businessId, deviceId: device.id, name: 'Bar' })
    expect(renamed.name).toBe('Bar')
    expect(
      (await b.caller.devices.update({ businessId, deviceId: device.id, isKiosk: true })).isKiosk,
    ).toBe(true)
    expect(
      (await b.caller.devices.update({ businessId, deviceId: device.id, mid: 'T-99' })).mid,
    ).toBe('T-99')
    expect((await b.caller.devices.update({ businessId, deviceId: device.id, mid: '' })).mid).toBe(
      null,
    )
    const clash = await rejection(
      b.caller.devices.update({ businessId, deviceId: device.id, name: 'b' }),
    )
    expect(appCode(clash)).toBe('DEVICE_NAME_TAKEN')
    const badMid = await rejection(
      b.caller.devices.update({ businessId, deviceId: device.id, mid: 'has space' }),
    )
    expect(appCode(badMid)).toBe('VALIDATION')
    const now = (await b.caller.devices.list({ businessId })).find((d) => d.id === device.id)
    expect(now).toMatchObject({ name: 'Bar', isKiosk: true, mid: null })
  })

  it('deletes only after the exact name is typed, and the device is signed out', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { device, credentials } = await b.caller.devices.create({ businessId, name: 'Kitchen' })
    const d = await deviceBrowser(credentials.loginId, credentials.secret)
    const wrong = await rejection(
      b.caller.devices.delete({ businessId, deviceId: device.id, confirmName: 'kitchen' }),
    )
    expect(appCode(wrong)).toBe('VALIDATION')
    expect(await b.caller.devices.list({ businessId })).toHaveLength(1)
    expect((await d.caller.device.me()).device.id).toBe(device.id)

    await b.caller.devices.delete({ businessId, deviceId: device.id, confirmName: 'Kitchen' })
    expect(await b.caller.devices.list({ businessId })).toEqual([])
    expect(appCode(await rejection(d.caller.device.me()))).toBe('UNAUTHORIZED')
    const again = await rejection(
      env
        .browser()
        .caller.device.signIn({ loginId: credentials.loginId, secret: credentials.secret }),
    )
    expect(appCode(again)).toBe('INVALID_CREDENTIALS')
    // the name is free again
    await b.caller.devices.create({ businessId, name: 'Kitchen' })
  })
})

describe('device sessions', () => {
  it('signs in with its credentials, goes online, and is refused with wrong ones', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { device, credentials } = await b.caller.devices.create({ businessId, name: 'Door' })
    const wrong = await rejection(
      env.browser().caller.device.signIn({
        loginId: credentials.loginId,
        secret: `${credentials.secret.slice(0, -1)}${credentials.secret.endsWith('A') ? 'B' : 'A'}`,
      }),
    )
    expect(appCode(wrong)).toBe('INVALID_CREDENTIALS')
    const unknown = await rejection(
      env.browser().caller.device.signIn({
        loginId: 'dev_AAAAAAAAAAAAAAAAAAAAAAAA',
        secret: credentials.secret,
      }),
    )
    expect(appCode(unknown)).toBe('INVALID_CREDENTIALS')
    expect((await b.caller.devices.list({ businessId }))[0]?.status).toBe('never')

    const d = await deviceBrowser(credentials.loginId, credentials.secret)
    expect(d.cookies.get('dsid')).toBeTruthy()
    expect(await d.caller.device.me()).toEqual({
      device: { id: device.id, businessId, name: 'Door', isKiosk: false, mid: null },
      staff: null,
    })
    expect((await b.caller.devices.list({ businessId }))[0]?.status).toBe('online')
  })

  it('regenerating ends every session and the old credentials stop working', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { device, credentials } = await b.caller.devices.create({ businessId, name: 'Terrace' })
    const first = await deviceBrowser(credentials.loginId, credentials.secret)
    const second = await deviceBrowser(credentials.loginId, credentials.secret)
    const fresh = await b.caller.devices.regenerate({ businessId, deviceId: device.id })
    expect(fresh.credentials.secret).not.toBe(credentials.secret)
    expect(fresh.credentials.loginId).not.toBe(credentials.loginId)
    expect(appCode(await rejection(first.caller.device.me()))).toBe('UNAUTHORIZED')
    expect(appCode(await rejection(second.caller.device.me()))).toBe('UNAUTHORIZED')
    expect(
      appCode(
        await rejection(
          env
            .browser()
            .caller.device.signIn({ loginId: credentials.loginId, secret: credentials.secret }),
        ),
      ),
    ).toBe('INVALID_CREDENTIALS')
    const renewed = await deviceBrowser(fresh.credentials.loginId, fresh.credentials.secret)
    expect((await renewed.caller.device.me()).device.id).toBe(device.id)
  })

  it('the owner signs a device out (revoke); it signs in again with its credentials', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { device, credentials } = await b.caller.devices.create({ businessId, name: 'Patio' })
    const d = await deviceBrowser(credentials.loginId, credentials.secret)
    expect(await b.caller.devices.signOut({ businessId, deviceId: device.id })).toEqual({
      ended: 1,
    })
    expect(appCode(await rejection(d.caller.device.me()))).toBe('UNAUTHORIZED')
    await d.caller.device.signIn(credentials)
    expect((await d.caller.device.me()).device.id).toBe(device.id)
    await d.caller.device.signOut()
    expect(appCode(await rejection(d.caller.device.me()))).toBe('UNAUTHORIZED')
  })
})

describe('isolation', () => {
  it('a device session reaches no owner procedure, and a user session no device procedure', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { credentials } = await b.caller.devices.create({ businessId, name: 'Iso' })
    const d = await deviceBrowser(credentials.loginId, credentials.secret)
    for (const call of [
      () => d.caller.devices.list({ businessId }),
      () => d.caller.devices.create({ businessId, name: 'Evil' }),
      () => d.caller.staff.list({ businessId }),
      () => d.caller.businesses.list(),
      () => d.caller.sales.transactions({ businessId }),
    ]) {
      expect(appCode(await rejection(call()))).toBe('UNAUTHORIZED')
    }
    expect(appCode(await rejection(b.caller.device.me()))).toBe('UNAUTHORIZED')
    expect(await b.caller.devices.list({ businessId })).toHaveLength(1)
  })

  it("an owner cannot see or change another business's devices", async () => {
    const a = await approvedBusiness(env)
    const other = await approvedBusiness(env)
    const { device } = await a.b.caller.devices.create({ businessId: a.businessId, name: 'Mine' })
    const bid = other.businessId
    for (const call of [
      () => other.b.caller.devices.update({ businessId: bid, deviceId: device.id, name: 'Stolen' }),
      () => other.b.caller.devices.regenerate({ businessId: bid, deviceId: device.id }),
      () => other.b.caller.devices.signOut({ businessId: bid, deviceId: device.id }),
      () =>
        other.b.caller.devices.delete({
          businessId: bid,
          deviceId: device.id,
          confirmName: 'Mine',
        }),
    ]) {
      expect(appCode(await rejection(call()))).toBe('NOT_FOUND')
    }
    const foreign = await rejection(other.b.caller.devices.list({ businessId: a.businessId }))
    expect(appCode(foreign)).toBe('NOT_FOUND')
    expect((await a.b.caller.devices.list({ businessId: a.businessId }))[0]?.name).toBe('Mine')
  })
})

describe('the devices and staff a business has had', () => {
  it('names removed ones too, and counts only the others toward the limits', async () => {
    const { b, businessId } = await approvedBusiness(env)
    const { device } = await b.caller.devices.create({ businessId, name: 'Old till' })
    await b.caller.devices.create({ businessId, name: 'Bar' })
    const staff = (name: string, pin: string) =>
      b.caller.staff.create({
        businessId,
        name,
        language: 'en',
        permissions: { eodReport: false, refundReport: false, refund: false },
        pin,
      })
    const ann = await staff('Ann', '1357')
    await staff('Bo', '2468')
    await b.caller.devices.delete({ businessId, deviceId: device.id, confirmName: 'Old till' })
    await b.caller.staff.delete({ businessId, staffId: ann.id })
    const people = await b.caller.devices.people({ businessId })
    expect(people.devices.map((d) => [d.name, d.deleted])).toEqual([
      ['Bar', false],
      ['Old till', true],
    ])
    expect(people.staff.map((s) => [s.name, s.deleted])).toEqual([
      ['Ann', true],
      ['Bo', false],
    ])

    // one short of each limit with the live ones, the removed ones not counted
    const { db } = env.database
    await db
      .insertInto('devices')
      .values(
        Array.from({ length: MAX_DEVICES_PER_BUSINESS - 2 }, (_, i) => ({
          businessId,
          name: `Till ${i}`,
          loginId: `dev_limit-${businessId}-${i}`,
          secretHash: 'x',
        })),
      )
      .execute()
    await db
      .insertInto('staff')
      .values(
        Array.from({ length: MAX_STAFF_PER_BUSINESS - 2 }, (_, i) => ({
          businessId,
          name: `Clerk ${i}`,
          pinLookup: `limit-${i}`,
          pinHash: 'x',
        })),
      )
      .execute()
    await b.caller.devices.create({ businessId, name: 'Last till' })
    const device101 = await rejection(b.caller.devices.create({ businessId, name: 'One more' }))
    expect(appCode(device101)).toBe('DEVICE_LIMIT_REACHED')
    await staff('Cy', '8642')
    expect(appCode(await rejection(staff('Di', '9753')))).toBe('VALIDATION')
  })
})
