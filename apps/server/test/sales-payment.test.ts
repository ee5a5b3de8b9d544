/**
 * A payment's detail (`sales.payment`): one payment of the business with the device and staff
 * member that took it, its tip, fee and refunds; members of the business only, and another
 * business's payment is not found.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { shopWithTerminal, SHOP_SERVER } from './refunds-support'
import { scenario } from './harness'

const w = await scenario(SHOP_SERVER)
afterAll(w.close)

describe('sales.payment', () => {
  it('shows a terminal payment with its device, staff member, tip and refunds', async () => {
    const shop = await shopWithTerminal(w)
    const id = await shop.charged(5_000, 500)
    const invoice = w.net.simnet.world.payer.addInvoice({ valueMsat: 1_000_000, memo: 'refund' })
    await shop.d.caller.refunds.create({
      paymentId: id,
      basis: 'sat',
      amount: 1_000,
      payout: { kind: 'destination', destination: invoice.paymentRequest },
      idempotencyKey: randomUUID(),
    })

    const detail = await shop.b.caller.sales.payment({ businessId: shop.businessId, paymentId: id })
    expect(detail).toMatchObject({
      id,
      method: 'lightning',
      status: 'settled',
      amountSat: 5_500,
      receivedSat: 5_500,
      deviceId: shop.device.id,
      deviceName: 'Counter',
      staffId: shop.rita.id,
      staffName: 'Rita',
      tip: { sat: 500, fiatMinor: null },
      txid: null,
      refundState: 'partly',
    })
    expect(detail.paymentHash).toMatch(/^[0-9a-f]{64}$/)
    expect(detail.settledAt).toBeInstanceOf(Date)
    expect(detail.feeSat).toBeGreaterThanOrEqual(0)
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        state: 'refunded',
        amountSat: 1_000,
        staffName: 'Rita',
        deviceName: 'Counter',
      }),
    ])
    // the customer's destination stays with the refund, not in the sales view
    expect(detail.refunds[0]).not.toHaveProperty('destination')
  })

  it('shows a payment taken without a terminal with no device, staff member, tip or refunds', async () => {
    const shop = await shopWithTerminal(w)
    const taken = await shop.b.caller.payments.createLightning({
      businessId: shop.businessId,
      amount: { sat: 20_000 },
      memo: 'Catering',
    })
    const detail = await shop.b.caller.sales.payment({
      businessId: shop.businessId,
      paymentId: taken.id,
    })
    expect(detail).toMatchObject({
      method: 'lightning',
      status: 'pending',
      memo: 'Catering',
      paymentHash: taken.paymentHash,
      deviceName: null,
      staffName: null,
      tip: null,
      settledAt: null,
      refundState: 'none',
      refunds: [],
    })
  })

  it('finds no payment of another business and lets no one else in', async () => {
    const shop = await shopWithTerminal(w)
    const other = await shopWithTerminal(w)
    const id = await shop.charged(1_000)
    // the other business's member, asking in their own business for this payment
    expect(
      appCode(
        await rejection(
          other.b.caller.sales.payment({ businessId: other.businessId, paymentId: id }),
        ),
      ),
    ).toBe('NOT_FOUND')
    // or naming this business, which they do not belong to
    expect(
      appCode(
        await rejection(
          other.b.caller.sales.payment({ businessId: shop.businessId, paymentId: id }),
        ),
      ),
    ).toBe('NOT_FOUND')
    // a terminal's session is not a member's
    expect(
      appCode(
        await rejection(
          shop.d.caller.sales.payment({ businessId: shop.businessId, paymentId: id }),
        ),
      ),
    ).toBe('UNAUTHORIZED')
    expect(
      appCode(
        await rejection(
          shop.b.caller.sales.payment({ businessId: shop.businessId, paymentId: 'not-an-id' }),
        ),
      ),
    ).toBe('VALIDATION')
    expect(
      appCode(
        await rejection(
          shop.b.caller.sales.payment({ businessId: shop.businessId, paymentId: randomUUID() }),
        ),
      ),
    ).toBe('NOT_FOUND')
  })
})
