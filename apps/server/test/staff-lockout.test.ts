/**
 * Staff sign-in as hard to abuse as a card terminal: a PIN sign-in names the staff member, wrong
 * PINs lock them (across devices) until the owner unlocks them, right sign-ins never count, a
 * tag signs in for sales only, refunds and reports need a long enough PIN, and a kiosk (as the
 * owner has it now) refuses staff, refunds and shifts, and signs out only with a closer's PIN.
 * Seed words: only failed reveals count.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection, until } from './assertions'
import { approvedBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'
import { NOTHING, PERMITTED, RITA_PIN } from './terminal-fixture'

const t = await scenario({ simnet: true, business: 'nwc', device: true })
afterAll(t.close)
const { env } = t
const { b, businessId } = t.terminal
const db = env.database.db

let devices = 0
async function device(owner: { b: TestBrowser; businessId: string } = t.terminal) {
  const { device, credentials } = await owner.b.caller.devices.create({
    businessId: owner.businessId,
    name: `Till ${++devices}`,
  })
  const d = env.browser()
  await d.caller.device.signIn(credentials)
  return { device, credentials, d }
}

let names = 0
const staff = (pin: string, permissions = NOTHING) =>
  b.caller.staff.create({ businessId, name: `Staff ${++names}`, language: 'en', permissions, pin })

const period = () => ({
  from: new Date(Date.now() - 3_600_000).toISOString(),
  to: new Date().toISOString(),
})

describe('wrong PINs', () => {
  it(
    '12 wrong PINs over two devices lock that staff member and the owner sees it; 50 right sign-ins never lock',
    { timeout: 240_000 },
    async () => {
      const lea = await staff('4826')
      await b.caller.staff.addTag({ businessId, staffId: lea.id, tag: 'BEEF01' })
      const [one, two, three] = [await device(), await device(), await device()]
      const right = { staffId: lea.id, pin: '4826' }

      // a busy till: staff sign in per order, far beyond any limit of tries
      for (let i = 0; i < 50; i++) {
        expect((await one.d.caller.device.staffSignIn(right)).proof).toBe('pin')
      }
      // nine wrong, then a right one: the count starts again
      for (let i = 0; i < 9; i++) {
        const wrong = three.d.caller.device.staffSignIn({ staffId: lea.id, pin: `90${i}0` })
        expect(appCode(await rejection(wrong))).toBe('INVALID_CREDENTIALS')
      }
      await three.d.caller.device.staffSignIn(right)

      const codes: string[] = []
      for (let i = 0; i < 12; i++) {
        const at = i % 2 === 0 ? one : two
        codes.push(
          appCode(await rejection(at.d.caller.device.staffSignIn({ ...right, pin: `81${i}3` }))),
        )
      }
      const wrongs: string[] = Array.from({ length: 9 }, () => 'INVALID_CREDENTIALS')
      expect(codes).toEqual([...wrongs, 'STAFF_LOCKED', 'STAFF_LOCKED', 'STAFF_LOCKED'])

      // locked everywhere, PIN or tag, and signed out where they were signed in
      expect(appCode(await rejection(one.d.caller.device.staffSignIn(right)))).toBe('STAFF_LOCKED')
      expect(appCode(await rejection(two.d.caller.device.staffSignIn({ tag: 'BEEF01' })))).toBe(
        'STAFF_LOCKED',
      )
      expect((await three.d.caller.device.me()).staff).toBeNull()
      expect((await three.d.caller.device.staff()).find((s) => s.id === lea.id)).toEqual({
        id: lea.id,
        name: lea.name,
        locked: true,
      })
      // other staff are not locked out
      const sam = { staffId: t.terminal.sam.id, pin: '1357' }
      expect((await two.d.caller.device.staffSignIn(sam)).id).toBe(t.terminal.sam.id)

      // the owner is told: who, since when, after how many
      const listed = (await b.caller.staff.list({ businessId })).staff.find((s) => s.id === lea.id)
      expect(listed?.lock?.wrongPins).toBe(10)
      expect(listed?.lock?.since).toBeInstanceOf(Date)
      expect((await b.caller.staff.locked({ businessId })).map((s) => s.id)).toEqual([lea.id])

      const unlocked = await b.caller.staff.unlock({ businessId, staffId: lea.id })
      expect(unlocked.lock).toBeNull()
      expect(await b.caller.staff.locked({ businessId })).toEqual([])
      expect((await one.d.caller.device.staffSignIn(right)).id).toBe(lea.id)
      const again = await rejection(b.caller.staff.unlock({ businessId, staffId: lea.id }))
      expect(appCode(again)).toBe('VALIDATION')

      const events = await db
        .selectFrom('staffLockEvents')
        .select(['event', 'wrongPins', 'deviceId', 'userId'])
        .where('staffId', '=', lea.id)
        .orderBy('at')
        .execute()
      const { userId: ownerId } = await db
        .selectFrom('businessMembers')
        .select('userId')
        .where('businessId', '=', businessId)
        .executeTakeFirstOrThrow()
      expect(events).toEqual([
        { event: 'locked', wrongPins: 10, deviceId: two.device.id, userId: null },
        { event: 'unlocked', wrongPins: 10, deviceId: null, userId: ownerId },
      ])
    },
  )

  it('counts wrong tries per device and per business, never a right one', async () => {
    const shop = await approvedBusiness(env)
    const max = await shop.b.caller.staff.create({
      businessId: shop.businessId,
      name: 'Max',
      language: 'en',
      permissions: NOTHING,
      pin: '7391',
    })
    const right = { staffId: max.id, pin: '7391' }
    // five devices with ten unknown tags each spend the business's fifty wrong tries
    const tills = []
    for (let i = 0; i < 6; i++) tills.push(await device(shop))
    for (const till of tills.slice(0, 5)) {
      for (let i = 0; i < 10; i++) {
        const unknown = till.d.caller.device.staffSignIn({ tag: `CAFE${devices}${i}` })
        expect(appCode(await rejection(unknown))).toBe('RFID_TAG_UNRECOGNISED')
      }
      expect(appCode(await rejection(till.d.caller.device.staffSignIn(right)))).toBe('RATE_LIMITED')
    }
    const fresh = tills[5]!
    expect(appCode(await rejection(fresh.d.caller.device.staffSignIn(right)))).toBe('RATE_LIMITED')
  })
})

describe('how a sign-in was proved', () => {
  it('a tag signs in for sales only; refunds and reports need the PIN', async () => {
    const { d, rita } = t.terminal
    await b.caller.staff.addTag({ businessId, staffId: rita.id, tag: 'A11CE0' })
    const signed = await d.caller.device.staffSignIn({ tag: 'A11CE0' })
    expect(signed).toMatchObject({ id: rita.id, proof: 'tag' })
    expect((await d.caller.device.me()).staff?.proof).toBe('tag')
    const sale = await d.caller.terminal.charge({
      amount: { sat: 1_000 },
      tip: 0,
      method: 'lightning',
      idempotencyKey: 'tag-sale-1',
    })
    expect(sale.status).toBe('pending')
    for (const call of [
      () => d.caller.refunds.payments({}),
      () => d.caller.refunds.report(period()),
      () => d.caller.shifts.x(),
      () => d.caller.shifts.close(),
    ]) {
      expect(appCode(await rejection(call()))).toBe('STAFF_PIN_REQUIRED')
    }
    await d.caller.device.staffSignIn({ staffId: rita.id, pin: RITA_PIN })
    expect((await d.caller.device.me()).staff?.proof).toBe('pin')
    expect(await d.caller.refunds.payments({})).toBeInstanceOf(Array)
    expect((await d.caller.shifts.x()).label).toMatch(/^Z-/)
  })

  it('staff who may refund need a long PIN; a short one set before keeps selling only', async () => {
    const short = await rejection(staff('2580', { ...NOTHING, refund: true }))
    expect(appCode(short)).toBe('STAFF_PIN_TOO_SHORT')
    const ola = await staff('2580')
    const grant = { businessId, staffId: ola.id, name: ola.name, language: 'en' as const }
    const granted = await rejection(b.caller.staff.update({ ...grant, permissions: PERMITTED }))
    expect(appCode(granted)).toBe('STAFF_PIN_TOO_SHORT')
    // as a staff member with a short PIN and every permission was left by the previous release
    await db
      .updateTable('staff')
      .set({ canRefund: true, canEodReport: true, canRefundReport: true, pinDigits: null })
      .where('id', '=', ola.id)
      .execute()
    const { d } = await device()
    await d.caller.device.staffSignIn({ staffId: ola.id, pin: '2580' })
    const sale = { amount: { sat: 500 }, tip: 0, method: 'lightning' as const }
    await d.caller.terminal.charge({ ...sale, idempotencyKey: 'short-pin-sale' })
    expect(appCode(await rejection(d.caller.refunds.payments({})))).toBe('STAFF_PIN_TOO_SHORT')
    expect(appCode(await rejection(d.caller.shifts.close()))).toBe('STAFF_PIN_TOO_SHORT')
    const listed = (await b.caller.staff.list({ businessId })).staff.find((s) => s.id === ola.id)
    expect(listed?.pinTooShort).toBe(true)

    await b.caller.staff.update({ ...grant, permissions: PERMITTED, pin: '258036' })
    await d.caller.device.staffSignIn({ staffId: ola.id, pin: '258036' })
    expect(await d.caller.refunds.payments({})).toBeInstanceOf(Array)
  })
})

describe('a kiosk', () => {
  it('refuses staff, refunds and shifts, also to a cashier signed in before it became a kiosk', async () => {
    const { d, device: till, rita } = t.terminal
    await d.caller.device.staffSignIn({ staffId: rita.id, pin: RITA_PIN })
    await b.caller.devices.update({ businessId, deviceId: till.id, isKiosk: true })
    expect((await d.caller.device.me()).staff).toBeNull()
    for (const call of [
      () => d.caller.shifts.x(),
      () => d.caller.shifts.close(),
      () => d.caller.refunds.payments({}),
      () => d.caller.refunds.report(period()),
      () => d.caller.device.requireStaff(),
      () => d.caller.device.staff(),
      () => d.caller.device.staffSignIn({ staffId: rita.id, pin: RITA_PIN }),
    ]) {
      expect(appCode(await rejection(call()))).toBe('KIOSK_NO_STAFF')
    }
    const closes = db.selectFrom('shiftCloses').select('id').where('deviceId', '=', till.id)
    expect(await closes.execute()).toEqual([])

    // unpairing a kiosk needs the PIN of someone who may close shifts
    expect(appCode(await rejection(d.caller.device.signOut()))).toBe('STAFF_PIN_REQUIRED')
    expect(appCode(await rejection(d.caller.device.signOut({ pin: '999999' })))).toBe(
      'INVALID_CREDENTIALS',
    )
    expect(appCode(await rejection(d.caller.device.signOut({ pin: '1357' })))).toBe(
      'STAFF_PERMISSION_REQUIRED',
    )
    expect(await env.services.devices.countSessions(till.id)).toBe(1)
    await d.caller.device.signOut({ pin: RITA_PIN })
    expect(await env.services.devices.countSessions(till.id)).toBe(0)
    expect(appCode(await rejection(d.caller.device.me()))).toBe('UNAUTHORIZED')

    // a terminal that is no kiosk signs out as before
    const other = await device()
    await other.d.caller.device.signOut()
    expect(await env.services.devices.countSessions(other.device.id)).toBe(0)
  })
})

describe('pairing over a paired terminal', () => {
  it('previews whose credentials these are without signing in', async () => {
    const { device: till, credentials } = await b.caller.devices.create({
      businessId,
      name: 'Preview till',
    })
    const stranger = env.browser()
    const shown = await stranger.caller.device.preview(credentials)
    const { name } = await db
      .selectFrom('businesses')
      .select('name')
      .where('id', '=', businessId)
      .executeTakeFirstOrThrow()
    expect(shown).toEqual({ businessName: name, deviceName: 'Preview till' })
    expect(await env.services.devices.countSessions(till.id)).toBe(0)
    expect(appCode(await rejection(stranger.caller.device.me()))).toBe('UNAUTHORIZED')
    const wrong = {
      ...credentials,
      secret: credentials.secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    }
    expect(appCode(await rejection(stranger.caller.device.preview(wrong)))).toBe(
      'INVALID_CREDENTIALS',
    )
  })
})

describe('seed words', () => {
  it('count only failed reveals towards the limit', { timeout: 120_000 }, async () => {
    const nodePassword = 'my node password'
    const owner = await approvedBusiness(env)
    const id = owner.businessId
    await owner.b.caller.onboarding.choosePaymentProvider({ businessId: id, kind: 'lightningNode' })
    await owner.b.caller.node.request({ businessId: id })
    await until(
      () => owner.b.caller.node.status({ businessId: id }),
      (s) => s.hostState === 'waiting_for_initialisation',
      'the node to wait for initialisation',
    )
    const { seedWords } = await owner.b.caller.node.initialise({
      businessId: id,
      password: nodePassword,
      confirmPassword: nodePassword,
    })
    const reveal = (password: string) =>
      owner.b.caller.node.revealSeed({ businessId: id, password })
    for (let i = 0; i < 8; i++) expect((await reveal(nodePassword)).seedWords).toEqual(seedWords)
    for (let i = 0; i < 5; i++) {
      expect(appCode(await rejection(reveal(`guess ${i} wrong`)))).toBe('INVALID_NODE_PASSWORD')
    }
    expect(appCode(await rejection(reveal(nodePassword)))).toBe('RATE_LIMITED')
  })
})
