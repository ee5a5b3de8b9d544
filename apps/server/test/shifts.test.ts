/**
 * End of day at a terminal: the X report (the shift so far) and the Z report (closing it,
 * numbered per device) with totals by method, tips, refunds and per staff member in fiat and
 * sats; only staff who may see them; the owner sees a device's closes. The refund report lists
 * a period's refunds with who made them, for staff who may see it.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection, until } from './assertions'
import { claim, lnurlRefund, shopWithTerminal, SHOP_SERVER } from './refunds-support'
import { scenario } from './harness'
import { RITA_PIN } from './terminal-fixture'

const w = await scenario(SHOP_SERVER)
afterAll(w.close)

describe('end-of-day reports', () => {
  it('refuses staff without the permission and owners at the terminal', async () => {
    const shop = await shopWithTerminal(w)
    await shop.d.caller.device.staffSignIn({ staffId: shop.sam.id, pin: '1357' })
    expect(appCode(await rejection(shop.d.caller.shifts.x()))).toBe('STAFF_PERMISSION_REQUIRED')
    expect(appCode(await rejection(shop.d.caller.shifts.close()))).toBe('STAFF_PERMISSION_REQUIRED')
    const now = new Date()
    const period = {
      from: new Date(now.getTime() - 3_600_000).toISOString(),
      to: now.toISOString(),
    }
    expect(appCode(await rejection(shop.d.caller.refunds.report(period)))).toBe(
      'STAFF_PERMISSION_REQUIRED',
    )
    expect(appCode(await rejection(shop.b.caller.shifts.x()))).toBe('UNAUTHORIZED')
    const other = await shopWithTerminal(w)
    const foreign = await rejection(
      other.b.caller.shifts.history({ businessId: shop.businessId, deviceId: shop.device.id }),
    )
    expect(appCode(foreign)).toBe('NOT_FOUND')
    expect(await w.env.database.db.selectFrom('shiftCloses').selectAll().execute()).toEqual([])
  })

  it('totals three payments and a refund, closes Z-0001 and starts a new shift', async () => {
    const shop = await shopWithTerminal(w)
    const first = await shop.charged(10_000, 1_000)
    await shop.charged(5_000)
    await shop.d.caller.device.staffSignIn({ staffId: shop.sam.id, pin: '1357' })
    await shop.charged(2_000)
    await shop.d.caller.device.staffSignIn({ staffId: shop.rita.id, pin: RITA_PIN })
    const refund = await shop.d.caller.refunds.create(lnurlRefund(first, 4_000))
    expect(refund.state).toBe('open')
    // a refund counts once it is paid (one still open is pending: shifts-refunds.test.ts)
    await claim(w, refund.lnurl ?? '')
    await until(
      () => shop.d.caller.refunds.get({ refundId: refund.id }),
      (r) => r.state === 'refunded',
      'the refund to be paid',
    )

    const x = await shop.d.caller.shifts.x()
    expect(x).toMatchObject({
      label: 'Z-0001',
      deviceName: 'Counter',
      currency: 'GBP',
      methods: [{ method: 'lightning', count: 3, sat: 18_000 }],
      payments: { count: 3, sat: 18_000 },
      tips: { count: 1, sat: 1_000 },
      refunds: { count: 1, sat: 4_000 },
      net: { sat: 14_000 },
    })
    expect(x.payments.fiatMinor).toBeGreaterThan(0)
    // a tip keyed in sats counts in fiat at its payment's own rate
    expect(x.tips.fiatMinor).toBeGreaterThan(0)
    expect(x.net.fiatMinor).toBe(x.payments.fiatMinor - x.refunds.fiatMinor)
    expect(
      x.staff.map((s) => [s.name, s.payments.count, s.payments.sat, s.tips.sat, s.refunds.sat]),
    ).toEqual([
      ['Rita', 2, 16_000, 1_000, 4_000],
      ['Sam', 1, 2_000, 0, 0],
    ])

    const z = await shop.d.caller.shifts.close()
    expect(z).toMatchObject({ label: 'Z-0001', number: 1, staffName: 'Rita' })
    expect(z.report).toMatchObject({ payments: x.payments, refunds: x.refunds, tips: x.tips })
    const after = await shop.d.caller.shifts.x()
    expect(after).toMatchObject({ label: 'Z-0002', payments: { count: 0, sat: 0 }, methods: [] })
    await shop.charged(700)
    // two closes at once: consecutive numbers, the payment counted in one of them only
    const closes = await Promise.all([shop.d.caller.shifts.close(), shop.d.caller.shifts.close()])
    expect(closes.map((c) => c.number).sort()).toEqual([2, 3])
    expect(closes.map((c) => c.report.payments.sat).sort((a, b) => a - b)).toEqual([0, 700])

    const history = await shop.b.caller.shifts.history({
      businessId: shop.businessId,
      deviceId: shop.device.id,
    })
    expect(history.map((h) => h.label)).toEqual(['Z-0003', 'Z-0002', 'Z-0001'])
    expect(history[2]?.report.payments.sat).toBe(18_000)
  })
})

describe('the refund report', () => {
  it('lists the refunds of a period with who made them', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ sat: 9_000 })
    const refund = await shop.d.caller.refunds.create(lnurlRefund(p.id, 2_500))
    const now = Date.now()
    const report = await shop.d.caller.refunds.report({
      from: new Date(now - 3_600_000).toISOString(),
      to: new Date(now + 60_000).toISOString(),
    })
    expect(report.refunds).toEqual([
      expect.objectContaining({
        id: refund.id,
        paymentId: p.id,
        amountSat: 2_500,
        staffName: 'Rita',
        deviceName: 'Counter',
      }),
    ])
    // not paid yet: outside the total, as pending
    expect(report.total).toMatchObject({ count: 0, sat: 0 })
    expect(report.pending).toMatchObject({ count: 1, sat: 2_500 })
    const earlier = await shop.d.caller.refunds.report({
      from: new Date(now - 7_200_000).toISOString(),
      to: new Date(now - 3_600_000).toISOString(),
    })
    expect(earlier.refunds).toEqual([])
    const tooLong = await rejection(
      shop.d.caller.refunds.report({
        from: new Date(now - 200 * 86_400_000).toISOString(),
        to: new Date(now).toISOString(),
      }),
    )
    expect(appCode(tooLong)).toBe('VALIDATION')
  })
})
