/**
 * Ecash at the terminal: the customer's Cashu token (minted by simnet's mint) is taken for the
 * amount and tip keyed in; the payment names the device and the staff member, its tip is
 * recorded, the X report counts it under ecash. A token for another amount, a kiosk, a device
 * without staff and an owner's session are refused, and the token stays spendable.
 */
import { Wallet } from '@cashu/cashu-ts'
import { fiatMinorToSat } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario, type TestBrowser } from './harness'

const t = await scenario({ simnet: true, realtime: true })
afterAll(t.close)
const { env, net } = t

const mintToken = async (amountSat: number) =>
  (await net.control<{ token: string }>('POST', '/cashu/token', { amountSat, format: 'B' })).token

async function isUnspent(token: string) {
  const payer = new Wallet(`${net.simnet.url}/cashu`, { unit: 'sat' })
  await payer.loadMint()
  const states = await payer.checkProofsStates(payer.decodeToken(token).proofs)
  return states.every((s) => s.state === 'UNSPENT')
}

let keys = 0
const key = () => `terminal-ecash-${++keys}-${Date.now()}`

async function counter(b: TestBrowser, businessId: string, opts: { kiosk?: boolean } = {}) {
  const { credentials, device } = await b.caller.devices.create({
    businessId,
    name: `Counter ${++keys}`,
    isKiosk: opts.kiosk ?? false,
    mid: null,
  })
  const d = env.browser()
  await d.caller.device.signIn(credentials)
  return { d, device }
}

const rowsOf = (businessId: string) =>
  env.database.db
    .selectFrom('payments')
    .select(['id', 'method', 'status', 'amountSat', 'fiatMinor', 'deviceId', 'staffId'])
    .where('businessId', '=', businessId)
    .execute()

describe('ecash at the terminal', () => {
  it('takes a token for amount and tip, naming device and staff, counted under ecash', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const { d, device } = await counter(b, businessId)
    const pieter = await b.caller.staff.create({
      businessId,
      name: 'Pieter',
      language: 'nl',
      pin: '314159',
      permissions: { eodReport: true, refundReport: false, refund: false },
    })
    await d.caller.device.staffSignIn({ staffId: pieter.id, pin: '314159' })
    expect(await d.caller.terminal.methods()).toMatchObject({ lightning: true, ecash: true })

    // In sats: 2,000 and a tip of 200.
    const token = await mintToken(2_200)
    const charge = { amount: { sat: 2_000 }, tip: 200, memo: 'koffie', idempotencyKey: key() }
    const paid = await d.caller.terminal.redeemEcash({ ...charge, token })
    expect(paid).toMatchObject({
      method: 'ecash',
      status: 'settled',
      amountSat: 2_200,
      memo: 'koffie',
      tipSat: 200,
      tipFiatMinor: null,
    })
    expect(paid.receivedSat).toBeGreaterThan(2_100)
    // a retry of the same redemption is the same payment
    expect((await d.caller.terminal.redeemEcash({ ...charge, token })).id).toBe(paid.id)
    expect(await rowsOf(businessId)).toEqual([
      expect.objectContaining({
        id: paid.id,
        method: 'ecash',
        deviceId: device.id,
        staffId: pieter.id,
        fiatMinor: null,
      }),
    ])
    const receipt = await d.caller.terminal.receipt({ paymentId: paid.id })
    expect(receipt).toMatchObject({ method: 'ecash', staffName: 'Pieter', tipSat: 200 })

    // In the business's currency: the token holds the sats due at today's price.
    const price = await env.services.price.get()
    const dueSat = fiatMinorToSat(550, price.minorPerBtc.GBP)
    const fiat = await d.caller.terminal.redeemEcash({
      amount: { fiatMinor: 500 },
      tip: 50,
      token: await mintToken(dueSat),
      idempotencyKey: key(),
    })
    expect(fiat).toMatchObject({ method: 'ecash', status: 'settled', fiatMinor: 550 })
    expect(fiat.tipFiatMinor).toBe(50)
    expect(fiat.tipSat).toBe(Math.round(dueSat / 11))

    const x = await d.caller.shifts.x()
    expect(x.methods).toEqual([
      expect.objectContaining({ method: 'ecash', count: 2, sat: 2_200 + dueSat }),
    ])
    expect(x.tips).toMatchObject({ count: 2, sat: 200 + fiat.tipSat })
    expect(x.staff.map((s) => [s.staffId, s.payments.count])).toEqual([[pieter.id, 2]])
  })

  it('refuses a token for another amount, a kiosk, no staff and an owner, spending nothing', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const { d } = await counter(b, businessId)
    const sanne = await b.caller.staff.create({
      businessId,
      name: 'Sanne',
      language: 'nl',
      pin: '271828',
      permissions: { eodReport: false, refundReport: false, refund: false },
    })
    const token = await mintToken(1_000)
    const input = { amount: { sat: 1_500 }, tip: 0, token, idempotencyKey: key() }

    expect(appCode(await rejection(d.caller.terminal.redeemEcash(input)))).toBe(
      'STAFF_SIGN_IN_REQUIRED',
    )
    await d.caller.device.staffSignIn({ staffId: sanne.id, pin: '271828' })
    const wrong = await rejection(d.caller.terminal.redeemEcash(input))
    expect(appCode(wrong)).toBe('ECASH_TOKEN_AMOUNT_MISMATCH')
    expect(
      appCode(await rejection(d.caller.terminal.redeemEcash({ ...input, amount: { sat: 900 } }))),
    ).toBe('ECASH_TOKEN_AMOUNT_MISMATCH')

    const kiosk = await counter(b, businessId, { kiosk: true })
    const kioskSignIn = kiosk.d.caller.device.staffSignIn({ staffId: sanne.id, pin: '271828' })
    expect(appCode(await rejection(kioskSignIn))).toBe('KIOSK_NO_STAFF')
    const manual = await rejection(
      kiosk.d.caller.terminal.redeemEcash({ ...input, amount: { sat: 1_000 } }),
    )
    expect(appCode(manual)).toBe('KIOSK_NO_MANUAL_ENTRY')
    // an owner's session is no device
    const owner = await rejection(
      b.caller.terminal.redeemEcash({
        ...input,
        amount: { sat: 1_000 },
      }),
    )
    expect(appCode(owner)).toBe('UNAUTHORIZED')

    expect(await rowsOf(businessId)).toEqual([])
    expect(await isUnspent(token)).toBe(true)
    // the same token for its amount is taken
    const ok = await d.caller.terminal.redeemEcash({ ...input, amount: { sat: 1_000 } })
    expect(ok).toMatchObject({ status: 'settled', amountSat: 1_000 })
    expect(await isUnspent(token)).toBe(false)
  })
})
