/**
 * A refund made at a terminal is money asked to leave the business: the audit log records it
 * once, in the refund's transaction, with the staff member who made it; a refused refund leaves
 * no event.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { scenario } from './harness'
import { lnurlRefund, shopWithTerminal, SHOP_SERVER } from './refunds-support'

const w = await scenario(SHOP_SERVER)
afterAll(w.close)

const events = (businessId: string) =>
  w.env.database.db
    .selectFrom('auditEvents')
    .selectAll()
    .where('businessId', '=', businessId)
    .where('action', '=', 'payout.requested')
    .execute()

describe('refunds in the audit log', () => {
  it('records a refund with the staff member, and nothing for a refused one', async () => {
    const shop = await shopWithTerminal(w)
    const paymentId = await shop.charged(10_000)
    const key = randomUUID()
    const refund = await shop.d.caller.refunds.create(lnurlRefund(paymentId, 4_000, key))
    const [e, ...more] = await events(shop.businessId)
    expect(more).toEqual([])
    expect(e).toMatchObject({
      actorKind: 'staff',
      actorId: shop.rita.id,
      actorName: 'Rita',
      subjectKind: 'refund',
      subjectId: refund.id,
      details: { refund: true, amountSat: 4_000, payout: 'lnurl', paymentId },
    })
    // the same key again writes nothing new; more than remains is refused and writes nothing
    await shop.d.caller.refunds.create(lnurlRefund(paymentId, 4_000, key))
    expect(
      appCode(await rejection(shop.d.caller.refunds.create(lnurlRefund(paymentId, 9_000)))),
    ).toBe('REFUND_EXCEEDS_REMAINING')
    expect(await events(shop.businessId)).toHaveLength(1)
  })
})
