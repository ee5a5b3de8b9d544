/**
 * Idle sign-out enforced by the server: a staff member who has not used the terminal for longer
 * than the device settings' idle time is signed out (a charge is refused, `device.me` shows no
 * staff, the open terminal's stream is told); what they do there keeps them signed in, written
 * at most every 15 s (so 30 s of grace); looking at the terminal does not count; an idle time of
 * 0 never signs out.
 * Time passes by moving the recorded last use back, as that much waiting would.
 */
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario({ simnet: true, realtime: 'bus' })
afterAll(t.close)
const { env, net } = t

type Envelope<T> = { id: string; data: T } | [string, T, ...unknown[]]
const unwrap = <T>(e: Envelope<T>): T => (Array.isArray(e) ? e[1] : e.data)

let keys = 0
const charge = () => ({
  amount: { fiatMinor: 500 },
  method: 'lightning' as const,
  idempotencyKey: `idle-${++keys}-${Date.now()}`,
})

async function counter(b: TestBrowser, businessId: string, pin: string) {
  const { credentials, device } = await b.caller.devices.create({
    businessId,
    name: `Counter ${pin}`,
    isKiosk: false,
    mid: null,
  })
  const staff = await b.caller.staff.create({
    businessId,
    name: `Staff ${pin}`,
    language: 'nl',
    pin,
    permissions: { eodReport: true, refundReport: true, refund: true },
  })
  const d = env.browser()
  await d.caller.device.signIn(credentials)
  await d.caller.device.staffSignIn({ staffId: staff.id, pin })
  return { d, device, staff }
}

/** The staff member of the device's session last used the terminal this many seconds ago. */
async function lastUsed(deviceId: string, secondsAgo: number) {
  await sql`UPDATE device_sessions
            SET staff_active_at = now() - make_interval(secs => ${secondsAgo})
            WHERE device_id = ${deviceId}`.execute(env.database.db)
}

async function session(deviceId: string) {
  return env.database.db
    .selectFrom('deviceSessions')
    .select(['staffId', 'staffActiveAt'])
    .where('deviceId', '=', deviceId)
    .executeTakeFirstOrThrow()
}

describe('idle sign-out on the server', () => {
  it('signs out a staff member idle longer than the device settings say', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    await b.caller.deviceSettings.update({ businessId, idleSignOutSec: 60 })
    const { d, device, staff } = await counter(b, businessId, '924681')
    const signedInAt = (await session(device.id)).staffActiveAt
    expect(signedInAt).toBeInstanceOf(Date)
    expect(Math.abs(Date.now() - signedInAt!.getTime())).toBeLessThan(10_000)
    expect(await d.caller.terminal.charge(charge())).toMatchObject({ status: 'pending' })

    // What the staff member does moves their last use on, at most every 15 s.
    await lastUsed(device.id, 50)
    expect(await d.caller.device.staffActive()).toEqual({ signedIn: true })
    const touched = (await session(device.id)).staffActiveAt!
    expect(Date.now() - touched.getTime()).toBeLessThan(10_000)
    await lastUsed(device.id, 5)
    const recent = (await session(device.id)).staffActiveAt!
    await d.caller.device.staffActive()
    await d.caller.refunds.payments({})
    expect((await session(device.id)).staffActiveAt).toEqual(recent)
    // a staff-scoped call counts too
    await lastUsed(device.id, 55)
    await d.caller.refunds.payments({})
    expect(Date.now() - (await session(device.id)).staffActiveAt!.getTime()).toBeLessThan(10_000)

    // Looking at the terminal (who is signed in, settings, methods) is no use of it.
    await lastUsed(device.id, 40)
    const before = (await session(device.id)).staffActiveAt
    await d.caller.device.me()
    await d.caller.device.settings()
    await d.caller.terminal.methods()
    expect((await session(device.id)).staffActiveAt).toEqual(before)

    const stream = (await d.caller.terminal.events())[Symbol.asyncIterator]()
    const next = async () =>
      unwrap((await stream.next()).value as Envelope<{ staffId: string | null }>)
    expect(await next()).toMatchObject({ staffId: staff.id })

    // Past the minute, within the grace of a last use not yet written (30 s): still signed in.
    await lastUsed(device.id, 85)
    expect((await d.caller.device.me()).staff?.id).toBe(staff.id)
    // A minute and the grace gone without use: signed out.
    await lastUsed(device.id, 91)
    const refused = await rejection(d.caller.terminal.charge(charge()))
    expect(appCode(refused)).toBe('STAFF_SIGN_IN_REQUIRED')
    expect(await next()).toMatchObject({ signedIn: true, staffId: null })
    expect((await d.caller.device.me()).staff).toBeNull()
    expect(await session(device.id)).toEqual({ staffId: null, staffActiveAt: null })
    expect(appCode(await rejection(d.caller.refunds.payments({})))).toBe('STAFF_SIGN_IN_REQUIRED')
    expect(await d.caller.device.staffActive()).toEqual({ signedIn: false })
    await stream.return?.(undefined)

    // Signing in again starts a new idle time.
    await d.caller.device.staffSignIn({ staffId: staff.id, pin: '924681' })
    expect((await d.caller.device.me()).staff?.id).toBe(staff.id)
    expect(await d.caller.terminal.charge(charge())).toMatchObject({ status: 'pending' })
  })

  it('reports no staff to device.me alone once idle, and never signs out with an idle time of 0', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const { d, device, staff } = await counter(b, businessId, '813579')
    // the default idle time (5 minutes, and the grace) applies until the owner sets one
    await lastUsed(device.id, 320)
    expect((await d.caller.device.me()).staff).not.toBeNull()
    await lastUsed(device.id, 331)
    expect((await d.caller.device.me()).staff).toBeNull()
    expect((await session(device.id)).staffId).toBeNull()

    await b.caller.deviceSettings.update({ businessId, idleSignOutSec: 0 })
    await d.caller.device.staffSignIn({ staffId: staff.id, pin: '813579' })
    await lastUsed(device.id, 86_400)
    expect((await d.caller.device.me()).staff).not.toBeNull()
    expect(await d.caller.terminal.charge(charge())).toMatchObject({ status: 'pending' })
  })
})
