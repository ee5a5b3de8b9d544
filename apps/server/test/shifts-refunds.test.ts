/**
 * Refunds in end-of-day reports count in the shift in which they ended, so each report's totals
 * are the money that moved: a refund still open (or being sent) when a shift closes is shown as
 * pending, outside the totals; once paid it counts in the report of the shift it was paid in,
 * and one that expires or fails counts in none.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { scenario } from './harness'
import { claim, lnurlRefund, shopWithTerminal, SHOP_SERVER } from './refunds-support'

const w = await scenario(SHOP_SERVER)
afterAll(w.close)

describe('refunds in the Z report', () => {
  it('shows open refunds as pending and counts each in the shift in which it ended', async () => {
    const shop = await shopWithTerminal(w)
    const p = await shop.paid({ sat: 20_000 })
    const refunded = (id: string) =>
      until(
        () => shop.d.caller.refunds.get({ refundId: id }),
        (r) => r.state === 'refunded',
        'the refund to be paid',
      )
    const expiring = await shop.d.caller.refunds.create(lnurlRefund(p.id, 3_000))
    const paidNow = await shop.d.caller.refunds.create(lnurlRefund(p.id, 2_000))
    const paidLater = await shop.d.caller.refunds.create(lnurlRefund(p.id, 4_000))
    const first = await claim(w, paidNow.lnurl ?? '')
    await refunded(paidNow.id)

    const x = await shop.d.caller.shifts.x()
    expect(x).toMatchObject({
      payments: { count: 1, sat: 20_000 },
      refunds: { count: 1, sat: 2_000 },
      pending: { count: 2, sat: 7_000 },
      net: { sat: 18_000 },
    })
    const z1 = await shop.d.caller.shifts.close()
    expect(z1.report).toMatchObject({
      refunds: { count: 1, sat: 2_000 },
      pending: { count: 2, sat: 7_000 },
      net: { sat: 18_000 },
    })

    // after the close: one open refund expires (its deadline moved to now), the other is paid
    await w.env.database.db
      .updateTable('refunds')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where('id', '=', expiring.id)
      .execute()
    expect((await shop.d.caller.refunds.get({ refundId: expiring.id })).state).toBe('expired')
    const later = await claim(w, paidLater.lnurl ?? '')
    await refunded(paidLater.id)

    const z2 = await shop.d.caller.shifts.close()
    expect(z2.report).toMatchObject({
      payments: { count: 0, sat: 0 },
      refunds: { count: 1, sat: 4_000 },
      pending: { count: 0, sat: 0 },
      net: { sat: -4_000 },
    })
    expect(z2.report.staff.map((s) => [s.name, s.refunds.sat])).toEqual([['Rita', 4_000]])
    // the reports' refunds are the money that moved: what the customer's wallet received
    const moved = [first, later].map((c) => received(c.paymentHash)).reduce((a, sat) => a + sat, 0)
    expect(z1.report.refunds.sat + z2.report.refunds.sat).toBe(moved)
    expect(moved).toBe(6_000)
    // a kept report does not change afterwards
    const history = await shop.b.caller.shifts.history({
      businessId: shop.businessId,
      deviceId: shop.device.id,
    })
    expect(history.map((h) => [h.label, h.report.refunds.sat, h.report.pending.sat])).toEqual([
      ['Z-0002', 4_000, 0],
      ['Z-0001', 2_000, 7_000],
    ])
    const x3 = await shop.d.caller.shifts.x()
    expect(x3).toMatchObject({ refunds: { count: 0 }, pending: { count: 0 } })
  })
})

/** What the payer's wallet received for an invoice, in sats. */
function received(paymentHash: string): number {
  return (w.net.simnet.world.payer.lookupInvoice(paymentHash)?.amtPaidMsat ?? 0) / 1000
}
