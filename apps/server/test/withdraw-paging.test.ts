/**
 * The withdrawals list a page at a time: the latest 50 first, then "Load more" by the last id
 * shown, newest first with the id breaking ties of equal times, every withdrawal exactly once
 * and only the business's own.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { appCode, rejection } from './assertions'
import { nwcBusiness } from './businesses'
import { scenario } from './harness'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { env, net } = t

/** Past withdrawals of a business, written as sending them would have left them. */
async function pastWithdrawals(businessId: string, createdAt: Date[]) {
  const rows = await env.database.db
    .insertInto('withdrawals')
    .values(
      createdAt.map((at, i) => ({
        businessId,
        userId: null,
        walletKind: 'nwc' as const,
        rail: 'lightning' as const,
        destinationType: 'bolt11',
        destination: `lnbcrt${i}`,
        address: null,
        paymentRequest: null,
        paymentHash: null,
        exchangeKey: null,
        amountSat: 1_000 + i,
        feeRateSatVb: null,
        status: i % 7 === 0 ? ('failed' as const) : ('succeeded' as const),
        failureReason: null,
        txid: null,
        preimage: null,
        exchangeRef: null,
        idempotencyKey: randomUUID(),
        createdAt: at,
        sentAt: at,
        finishedAt: at,
      })),
    )
    .returning(['id', 'createdAt'])
    .execute()
  return rows
}

describe('paging the withdrawals list', () => {
  it('walks every withdrawal once, newest first, 50 at a time', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const other = await nwcBusiness(env, net)
    const start = Date.UTC(2026, 0, 1)
    // 100 at distinct times and 20 at one same time (ordered by id)
    const times = [
      ...Array.from({ length: 100 }, (_, i) => new Date(start + i * 1_000)),
      ...Array.from({ length: 20 }, () => new Date(start + 50_500)),
    ]
    const written = await pastWithdrawals(businessId, times)
    await pastWithdrawals(other.businessId, [new Date(start + 200_000), new Date(start)])
    const expected = [...written]
      .sort((x, y) =>
        x.createdAt.getTime() !== y.createdAt.getTime()
          ? y.createdAt.getTime() - x.createdAt.getTime()
          : x.id < y.id
            ? 1
            : -1,
      )
      .map((r) => r.id)

    const first = await b.caller.withdrawals.page({ businessId })
    expect(first.items).toHaveLength(50)
    expect(first.items.map((w) => w.id)).toEqual(
      (await b.caller.withdrawals.list({ businessId })).map((w) => w.id),
    )
    const seen = first.items.map((w) => w.id)
    let cursor = first.nextCursor
    const sizes = [first.items.length]
    while (cursor) {
      const next = await b.caller.withdrawals.page({ businessId, cursor })
      sizes.push(next.items.length)
      seen.push(...next.items.map((w) => w.id))
      cursor = next.nextCursor
    }
    expect(sizes).toEqual([50, 50, 20])
    expect(seen).toEqual(expected)

    // another business's withdrawal is no cursor here, and its rows never show
    const theirs = await other.b.caller.withdrawals.page({ businessId: other.businessId })
    expect(theirs.items).toHaveLength(2)
    expect(theirs.nextCursor).toBeNull()
    const foreign = await b.caller.withdrawals.page({ businessId, cursor: theirs.items[0]!.id })
    expect(foreign).toEqual({ items: [], nextCursor: null })
    const bad = await rejection(b.caller.withdrawals.page({ businessId, cursor: 'not-an-id' }))
    expect(appCode(bad)).toBe('VALIDATION')
  })
})
