/**
 * The terminal's procedures: a payment taken at a device with its staff member and a tip (one
 * invoice, the tip recorded beside it), followed until simnet pays it, its receipt and the public
 * receipt by signed token; refusals (no staff, kiosk, another device, a forged token); and the
 * terminal's stream: a till's payment appears and disappears, a revoked device is told at once.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection, until } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario({
  simnet: true,
  realtime: true,
  watcherOptions: { leaseMs: 1_500, renewMs: 300 },
})
afterAll(t.close)
const { env, net } = t

type Envelope<T> = { id: string; data: T } | [string, T, ...unknown[]]
const unwrap = <T>(e: Envelope<T>): T => (Array.isArray(e) ? e[1] : e.data)

async function terminal(b: TestBrowser, businessId: string, opts: { kiosk?: boolean } = {}) {
  const name = `Counter ${Math.random().toString(36).slice(2, 8)}`
  const { device, credentials } = await b.caller.devices.create({
    businessId,
    name,
    isKiosk: opts.kiosk ?? false,
    mid: `MID-${name.replace(' ', '-')}`,
  })
  const d = env.browser()
  await d.caller.device.signIn(credentials)
  return { device, d, credentials }
}

async function staffAt(b: TestBrowser, businessId: string, d: TestBrowser, pin: string) {
  const staff = await b.caller.staff.create({
    businessId,
    name: 'Noor',
    language: 'nl',
    pin,
    permissions: { eodReport: false, refundReport: false, refund: false },
  })
  await d.caller.device.staffSignIn({ staffId: staff.id, pin })
  return staff
}

let keys = 0
const key = () => `terminal-key-${++keys}-${Date.now()}`

describe('taking a payment at the terminal', () => {
  it('charges amount and tip with one invoice, records device, staff and tip, and settles', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const { device, d } = await terminal(b, businessId)
    const refused = await rejection(
      d.caller.terminal.charge({
        amount: { fiatMinor: 1_000 },
        method: 'lightning',
        idempotencyKey: key(),
      }),
    )
    expect(appCode(refused)).toBe('STAFF_SIGN_IN_REQUIRED')
    const noor = await staffAt(b, businessId, d, '246810')

    expect(await d.caller.terminal.methods()).toEqual({
      lightning: true,
      onchain: false,
      ecash: true,
      currency: 'GBP',
    })
    const idempotencyKey = key()
    const charge = {
      amount: { fiatMinor: 1_000 },
      tip: 100,
      memo: 'two lattes',
      method: 'lightning' as const,
      idempotencyKey,
    }
    const p = await d.caller.terminal.charge(charge)
    expect(p).toMatchObject({ status: 'pending', fiatMinor: 1_100, memo: 'two lattes' })
    expect(p.tipFiatMinor).toBe(100)
    expect(p.tipSat).toBe(Math.round(p.amountSat / 11))
    // a retry of the same charge is the same payment, with one tip
    expect((await d.caller.terminal.charge(charge)).id).toBe(p.id)
    const row = await env.database.db
      .selectFrom('payments')
      .select(['deviceId', 'staffId'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ deviceId: device.id, staffId: noor.id })

    const follow = await d.caller.terminal.follow({ paymentId: p.id })
    const seen: string[] = []
    const done = (async () => {
      for await (const e of follow) seen.push(unwrap(e as Envelope<typeof p>).status)
    })()
    await until(
      () => Promise.resolve(seen.length),
      (n) => n > 0,
      'the first event',
    )
    expect(seen).toEqual(['pending'])
    await net.control('POST', '/pay', { invoice: p.paymentRequest })
    await done
    expect(seen.at(-1)).toBe('settled')

    const receipt = await d.caller.terminal.receipt({ paymentId: p.id })
    expect(receipt).toMatchObject({
      id: p.id,
      status: 'settled',
      staffName: 'Noor',
      deviceName: device.name,
      fiatMinor: 1_100,
      tipFiatMinor: 100,
      currency: 'GBP',
      displayName: 'Corner Café',
    })
    expect(receipt.url).toMatch(/\/receipt\/[0-9a-f-]{36}[A-Za-z0-9_-]{22}$/)

    // the customer's page, with no session at all
    const stranger = env.browser()
    const shown = await stranger.caller.terminal.publicReceipt({ token: receipt.token })
    expect(shown).toMatchObject({
      id: p.id,
      fiatMinor: 1_100,
      tipFiatMinor: 100,
      staffName: 'Noor',
    })
    expect(shown).not.toHaveProperty('deviceName')
    const forged = `${p.id}${'A'.repeat(22)}`
    expect(
      appCode(await rejection(stranger.caller.terminal.publicReceipt({ token: forged }))),
    ).toBe('NOT_FOUND')
  })

  it('keeps a payment to its device, cancels it, and refuses manual entry on a kiosk', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const one = await terminal(b, businessId)
    const two = await terminal(b, businessId)
    const noor = await staffAt(b, businessId, one.d, '135791')
    const p = await one.d.caller.terminal.charge({
      amount: { sat: 2_000 },
      tip: 200,
      method: 'lightning',
      idempotencyKey: key(),
    })
    expect(p).toMatchObject({ amountSat: 2_200, tipSat: 200, tipFiatMinor: null })
    expect(appCode(await rejection(two.d.caller.terminal.get({ paymentId: p.id })))).toBe(
      'NOT_FOUND',
    )
    expect(appCode(await rejection(two.d.caller.terminal.cancel({ paymentId: p.id })))).toBe(
      'NOT_FOUND',
    )
    // a pending payment has no public receipt
    const receipt = await one.d.caller.terminal.receipt({ paymentId: p.id })
    expect(
      appCode(
        await rejection(env.browser().caller.terminal.publicReceipt({ token: receipt.token })),
      ),
    ).toBe('NOT_FOUND')
    expect(await one.d.caller.terminal.cancel({ paymentId: p.id })).toMatchObject({
      status: 'expired',
      failureReason: 'PAYMENT_CANCELLED',
    })
    expect(appCode(await rejection(one.d.caller.terminal.cancel({ paymentId: p.id })))).toBe(
      'PAYMENT_NOT_CANCELLABLE',
    )
    // an owner's session is no device
    expect(appCode(await rejection(b.caller.terminal.methods()))).toBe('UNAUTHORIZED')

    const kiosk = await terminal(b, businessId, { kiosk: true })
    const kioskSignIn = kiosk.d.caller.device.staffSignIn({ staffId: noor.id, pin: '135791' })
    expect(appCode(await rejection(kioskSignIn))).toBe('KIOSK_NO_STAFF')
    const manual = await rejection(
      kiosk.d.caller.terminal.charge({
        amount: { sat: 500 },
        method: 'lightning',
        idempotencyKey: key(),
      }),
    )
    expect(appCode(manual)).toBe('KIOSK_NO_MANUAL_ENTRY')
  })
})

describe("the terminal's stream", () => {
  it("shows a till's payment at once, drops it when cancelled, and ends when revoked", async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const { device, d } = await terminal(b, businessId, { kiosk: true })
    type Ev = { signedIn: boolean; tillPayment?: { id: string; status: string } | null }
    const stream = (await d.caller.terminal.events())[Symbol.asyncIterator]()
    const next = async () => unwrap((await stream.next()).value as Envelope<Ev>)
    expect(await next()).toMatchObject({ signedIn: true, tillPayment: null })

    const caller = { device: { ...device, businessId }, staffId: null }
    const created = await env.services.pos.create(caller, {
      amount: 1_500,
      currency: 'SAT',
      method: 'lightning',
      memo: 'table 4',
      idempotencyKey: key(),
    })
    const shown = await next()
    expect(shown.tillPayment).toMatchObject({ id: created.id, status: 'pending' })

    await env.services.pos.cancel(caller, created.id)
    expect(await next()).toMatchObject({ signedIn: true, tillPayment: null })

    const started = Date.now()
    await b.caller.devices.regenerate({ businessId, deviceId: device.id })
    expect(await next()).toEqual({ signedIn: false })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await stream.next()).done).toBe(true)
    expect(appCode(await rejection(d.caller.device.me()))).toBe('UNAUTHORIZED')
  })
})
