import { DEFAULT_CURRENCY } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { createSalesRepo } from './repo'
import { insertPayment, ownerWithBusiness, settlePayment } from '../../../test/sales-fixtures'
import { createSalesService } from './service'
import { rejection } from '../../../test/assertions'
import { scenario } from '../../../test/harness'

const t = await scenario()
afterAll(t.close)
const { env } = t

const DAY = 86_400_000

describe('sales.dashboard', () => {
  it('sums settled payments per period and method over UTC days and zero-fills 30 days', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    const now = new Date('2026-03-15T10:00:00Z')
    const settle = async (
      method: 'lightning' | 'onchain' | 'ecash' | 'tip',
      settledAt: Date,
      sat: number,
      fiat: number,
    ) => {
      const id = await insertPayment(db, owner.businessId, {
        method,
        createdAt: settledAt.toISOString(),
        fiatMinor: fiat,
      })
      await settlePayment(db, id, settledAt, sat)
    }
    await settle('lightning', new Date('2026-03-15T00:00:00Z'), 1000, 50) // today, first instant
    await settle('tip', new Date('2026-03-15T09:59:00Z'), 200, 10) // today
    await settle('lightning', new Date('2026-03-14T23:59:59Z'), 3000, 150) // yesterday
    await settle('onchain', new Date('2026-03-09T12:00:00Z'), 50_000, 2500) // 6 days ago
    await settle('ecash', new Date('2026-03-08T12:00:00Z'), 7000, 350) // 7 days ago
    await settle('lightning', new Date('2026-02-14T12:00:00Z'), 9000, 450) // 29 days ago
    await settle('lightning', new Date('2026-02-13T12:00:00Z'), 100_000, 5000) // 30 days ago
    // Open, expired and failed payments count nowhere.
    await insertPayment(db, owner.businessId, { createdAt: now.toISOString(), amountSat: 5 })
    await insertPayment(db, owner.businessId, {
      createdAt: now.toISOString(),
      status: 'failed',
      amountSat: 7,
    })

    const sales = createSalesService(createSalesRepo(db), { now: () => now })
    const d = await sales.dashboard(owner.businessId)

    // a business that has not chosen a currency: what its payments are charged in
    expect(d.currency).toBe(DEFAULT_CURRENCY)
    expect(d.totals.today).toMatchObject({ count: 2, amountSat: 1200, fiatMinor: 60 })
    expect(d.totals.today.byMethod).toEqual({
      lightning: { count: 1, amountSat: 1000, fiatMinor: 50 },
      onchain: { count: 0, amountSat: 0, fiatMinor: 0 },
      ecash: { count: 0, amountSat: 0, fiatMinor: 0 },
      tip: { count: 1, amountSat: 200, fiatMinor: 10 },
    })
    expect(d.totals.last7Days).toMatchObject({ count: 4, amountSat: 54_200, fiatMinor: 2710 })
    expect(d.totals.last7Days.byMethod.onchain).toEqual({
      count: 1,
      amountSat: 50_000,
      fiatMinor: 2500,
    })
    expect(d.totals.last30Days).toMatchObject({ count: 6, amountSat: 70_200, fiatMinor: 3510 })
    expect(d.totals.last30Days.byMethod.lightning).toEqual({
      count: 3,
      amountSat: 13_000,
      fiatMinor: 650,
    })

    expect(d.series).toHaveLength(30)
    expect(d.series[0]).toEqual({ day: '2026-02-14', count: 1, amountSat: 9000, fiatMinor: 450 })
    expect(d.series[29]).toEqual({ day: '2026-03-15', count: 2, amountSat: 1200, fiatMinor: 60 })
    expect(d.series[28]).toEqual({ day: '2026-03-14', count: 1, amountSat: 3000, fiatMinor: 150 })
    expect(d.series[1]).toEqual({ day: '2026-02-15', count: 0, amountSat: 0, fiatMinor: 0 })
    const days = d.series.map((s) => s.day)
    expect(new Set(days).size).toBe(30)
    expect([...days].sort()).toEqual(days)
    expect(d.series.reduce((n, s) => n + s.amountSat, 0)).toBe(d.totals.last30Days.amountSat)

    // The newest ten payments of any status, newest first.
    expect(d.latest).toHaveLength(9)
    expect(d.latest.map((p) => p.amountSat).slice(0, 2)).toEqual(expect.arrayContaining([5, 7]))
    expect(d.latest[2]).toMatchObject({ status: 'settled', method: 'tip', receivedSat: 200 })
  })

  it('answers zeros and no payments for a new business, in the business currency', async () => {
    const owner = await ownerWithBusiness(env)
    await env.database.db
      .updateTable('businesses')
      .set({ currency: 'EUR' })
      .where('id', '=', owner.businessId)
      .execute()
    const d = await owner.caller.sales.dashboard({ businessId: owner.businessId })
    expect(d.currency).toBe('EUR')
    expect(d.totals.last30Days).toMatchObject({ count: 0, amountSat: 0, fiatMinor: 0 })
    expect(d.series).toHaveLength(30)
    expect(d.series.every((s) => s.count === 0 && s.amountSat === 0)).toBe(true)
    expect(d.series[29]?.day).toBe(new Date().toISOString().slice(0, 10))
    expect(d.latest).toEqual([])
  })

  it('includes a payment settled just now through the API', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    const id = await insertPayment(db, owner.businessId, {
      createdAt: new Date().toISOString(),
      memo: 'Flat white',
    })
    await settlePayment(db, id, new Date(), 2100, 105)
    const d = await owner.caller.sales.dashboard({ businessId: owner.businessId })
    expect(d.totals.last30Days).toMatchObject({ count: 1, amountSat: 2100 })
    expect(d.latest).toEqual([
      expect.objectContaining({ id, memo: 'Flat white', status: 'settled', receivedSat: 2100 }),
    ])
  })

  it('shows another user’s business as not found', async () => {
    const alice = await ownerWithBusiness(env)
    const mallory = await ownerWithBusiness(env, 'Mallory Mart')
    const err = await rejection(mallory.caller.sales.dashboard({ businessId: alice.businessId }))
    expect(err.code).toBe('NOT_FOUND')
  })
})

describe('sales.transactions', () => {
  /** 23 payments; several share a creation time, two differ by one microsecond only. */
  async function seedTies() {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    const methods = ['lightning', 'tip', 'onchain', 'ecash'] as const
    const statuses = ['pending', 'expired', 'failed', 'processing'] as const
    const stamps = [
      '2026-01-10T10:00:00.000000Z',
      '2026-01-10T10:00:00.000000Z',
      '2026-01-10T10:00:00.000000Z',
      '2026-01-10T10:00:00.000001Z',
      '2026-01-10T10:00:00.000002Z',
      '2026-01-10T10:00:00.000002Z',
    ]
    const ids: string[] = []
    for (let i = 0; i < 23; i++) {
      const createdAt = stamps[i % stamps.length] ?? ''
      ids.push(
        await insertPayment(db, owner.businessId, {
          createdAt: i < 12 ? createdAt : `2026-01-0${1 + (i % 5)}T08:00:00Z`,
          method: methods[i % 4],
          status: statuses[i % 4],
          memo: `Order ${i}`,
        }),
      )
    }
    const expected = await db
      .selectFrom('payments')
      .select('id')
      .where('businessId', '=', owner.businessId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute()
    return { owner, ids, expected: expected.map((r) => r.id) }
  }

  async function allPages(
    owner: Awaited<ReturnType<typeof ownerWithBusiness>>,
    input: Omit<Parameters<typeof owner.caller.sales.transactions>[0], 'businessId'>,
  ) {
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await owner.caller.sales.transactions({
        ...input,
        businessId: owner.businessId,
        cursor,
      })
      seen.push(...page.items.map((i) => i.id))
      cursor = page.nextCursor ?? undefined
      pages += 1
    } while (cursor && pages < 50)
    return { seen, pages }
  }

  it('pages newest first with no duplicates or gaps when creation times tie', async () => {
    const { owner, expected } = await seedTies()
    for (const limit of [1, 4, 5, 23, 25]) {
      const { seen, pages } = await allPages(owner, { limit })
      expect(seen).toEqual(expected)
      expect(pages).toBe(Math.ceil(23 / limit))
    }
  })

  it('pages without duplicates or gaps under each kind of filter', async () => {
    const { owner } = await seedTies()
    const db = env.database.db
    const cases = [
      { status: ['pending' as const, 'failed' as const] },
      { method: ['tip' as const, 'ecash' as const] },
      { status: ['expired' as const], method: ['tip' as const, 'lightning' as const] },
      { search: 'order 1' },
      { search: 'ORDER', status: ['pending' as const, 'processing' as const] },
    ]
    for (const filter of cases) {
      let q = db
        .selectFrom('payments')
        .select('id')
        .where('businessId', '=', owner.businessId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
      if ('status' in filter && filter.status) q = q.where('status', 'in', filter.status)
      if ('method' in filter && filter.method) q = q.where('method', 'in', filter.method)
      if ('search' in filter && filter.search) q = q.where('memo', 'ilike', `%${filter.search}%`)
      const expected = (await q.execute()).map((r) => r.id)
      expect(expected.length).toBeGreaterThan(2)
      const { seen } = await allPages(owner, { ...filter, limit: 2 })
      expect(seen).toEqual(expected)
    }
  })

  it('finds search matches beyond the rows read in order, without duplicates or gaps', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    // Matches are rare among the newest rows and plentiful further back. Each has an address to
    // follow, as after the wallet answered, so the deadline sweep leaves the open ones alone.
    await env.database.pool.query(
      `INSERT INTO payments (business_id, method, status, amount_sat, currency, memo, created_at, address)
       SELECT $1, (ARRAY['lightning', 'tip'])[1 + i % 2], (ARRAY['pending', 'failed', 'expired'])[1 + i % 3],
         1000, 'GBP',
         CASE WHEN i % 17 = 0 OR (i > 40 AND i % 3 = 0) THEN 'Iced LATTE' ELSE 'Bagel' END,
         timestamptz '2026-01-01' - (i / 2) * interval '1 minute',
         'bcrt1qsearch' || i
       FROM generate_series(1, 120) AS i`,
      [owner.businessId],
    )
    const expectedIds = async (f: { status?: string[]; method?: string[] }) => {
      let q = db
        .selectFrom('payments')
        .select('id')
        .where('businessId', '=', owner.businessId)
        .where('memo', 'ilike', '%latte%')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
      if (f.status) q = q.where('status', 'in', f.status as ['pending'])
      if (f.method) q = q.where('method', 'in', f.method as ['tip'])
      return (await q.execute()).map((r) => r.id)
    }
    for (const searchWindow of [1, 3, 10, 1000]) {
      const sales = createSalesService(createSalesRepo(db, { searchWindow }))
      for (const f of [
        {},
        { status: ['failed' as const, 'pending' as const] },
        { method: ['tip' as const] },
      ]) {
        for (const limit of [1, 4, 25]) {
          const seen: string[] = []
          let cursor: string | undefined
          do {
            const page = await sales.transactions(owner.businessId, {
              ...f,
              search: 'latte',
              limit,
              cursor,
            })
            expect(page.items.length).toBeLessThanOrEqual(limit)
            seen.push(...page.items.map((i) => i.id))
            cursor = page.nextCursor ?? undefined
          } while (cursor)
          expect(seen, JSON.stringify({ searchWindow, f, limit })).toEqual(await expectedIds(f))
        }
      }
    }
  })

  it('returns the fields of each transaction', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    const id = await insertPayment(db, owner.businessId, {
      createdAt: '2026-02-01T12:00:00Z',
      method: 'onchain',
      amountSat: 25_000,
      fiatMinor: 1250,
      memo: 'Catering deposit',
      txid: 'ab'.repeat(32),
    })
    await settlePayment(db, id, new Date('2026-02-01T12:30:00Z'), 25_100)
    const page = await owner.caller.sales.transactions({ businessId: owner.businessId })
    expect(page).toEqual({
      items: [
        {
          id,
          createdAt: new Date('2026-02-01T12:00:00Z'),
          settledAt: new Date('2026-02-01T12:30:00Z'),
          status: 'settled',
          method: 'onchain',
          memo: 'Catering deposit',
          deviceId: null,
          deviceName: null,
          staffId: null,
          staffName: null,
          amountSat: 25_000,
          receivedSat: 25_100,
          fiatMinor: 1250,
          currency: 'GBP',
          paymentHash: null,
          txid: 'ab'.repeat(32),
        },
      ],
      nextCursor: null,
    })
  })

  it('filters by status, method, date range and memo', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    const add = (p: Parameters<typeof insertPayment>[2]) => insertPayment(db, owner.businessId, p)
    const latte = await add({ createdAt: '2026-01-05T09:00:00Z', memo: 'Oat LATTE', method: 'tip' })
    const bagel = await add({ createdAt: '2026-01-06T09:00:00Z', memo: 'Bagel', status: 'failed' })
    const percent = await add({ createdAt: '2026-01-07T00:00:00Z', memo: '100% arabica' })
    const beans = await add({
      createdAt: '2026-01-08T09:00:00Z',
      memo: 'Beans',
      method: 'onchain',
      status: 'expired',
    })
    const settled = await add({ createdAt: '2026-01-09T09:00:00Z', memo: 'Iced latte' })
    await settlePayment(db, settled, new Date('2026-01-09T09:01:00Z'), 1000)

    const ids = async (filter: Record<string, unknown>) =>
      (
        await owner.caller.sales.transactions({ businessId: owner.businessId, ...filter })
      ).items.map((i) => i.id)

    expect(await ids({})).toEqual([settled, beans, percent, bagel, latte])
    expect(await ids({ status: ['settled'] })).toEqual([settled])
    expect(await ids({ status: ['failed', 'expired'] })).toEqual([beans, bagel])
    expect(await ids({ status: [] })).toHaveLength(5)
    expect(await ids({ method: ['tip', 'onchain'] })).toEqual([beans, latte])
    expect(await ids({ method: ['lightning'], status: ['pending', 'failed'] })).toEqual([
      percent,
      bagel,
    ])
    // from is inclusive, to exclusive
    expect(
      await ids({ from: new Date('2026-01-06T09:00:00Z'), to: new Date('2026-01-08T09:00:00Z') }),
    ).toEqual([percent, bagel])
    expect(await ids({ from: new Date('2026-01-08T00:00:00Z') })).toEqual([settled, beans])
    expect(await ids({ to: new Date('2026-01-06T00:00:00Z') })).toEqual([latte])
    expect(
      await ids({
        status: ['pending'],
        from: new Date('2026-01-07T00:00:00Z'),
        method: ['lightning'],
      }),
    ).toEqual([percent])
    // case-insensitive substring; % and _ are literal characters
    expect(await ids({ search: 'latte' })).toEqual([settled, latte])
    expect(await ids({ search: '  LaTtE ' })).toEqual([settled, latte])
    expect(await ids({ search: 'at' })).toEqual([settled, latte])
    expect(await ids({ search: '0%' })).toEqual([percent])
    expect(await ids({ search: '%' })).toEqual([percent])
    expect(await ids({ search: '_' })).toEqual([])
    expect(await ids({ search: 'latte', status: ['settled'] })).toEqual([settled])
    expect(await ids({ search: 'latte', method: ['tip'] })).toEqual([latte])
    expect(await ids({ search: 'espresso' })).toEqual([])
    expect(await ids({ search: '' })).toHaveLength(5)
  })

  it('shows another user’s business as not found and lists nothing of it', async () => {
    const alice = await ownerWithBusiness(env)
    await insertPayment(env.database.db, alice.businessId, { createdAt: '2026-01-01T00:00:00Z' })
    const mallory = await ownerWithBusiness(env, 'Mallory Mart')
    await insertPayment(env.database.db, mallory.businessId, { createdAt: '2026-01-01T00:00:00Z' })
    const err = await rejection(mallory.caller.sales.transactions({ businessId: alice.businessId }))
    expect(err.code).toBe('NOT_FOUND')
    const own = await mallory.caller.sales.transactions({ businessId: mallory.businessId })
    expect(own.items).toHaveLength(1)
    const anon = env.browser()
    const err2 = await rejection(anon.caller.sales.transactions({ businessId: alice.businessId }))
    expect(err2.code).toBe('UNAUTHORIZED')
  })

  it('refuses a bad limit, a malformed cursor and a reversed range', async () => {
    const owner = await ownerWithBusiness(env)
    const businessId = owner.businessId
    const call = (input: Record<string, unknown>) =>
      rejection(owner.caller.sales.transactions({ businessId, ...input }))
    for (const input of [
      { limit: 0 },
      { limit: 101 },
      { limit: 2.5 },
      { cursor: 'not a cursor' },
      { cursor: Buffer.from('["2026-01-01", "x"]').toString('base64url') },
      { cursor: Buffer.from('{"a":1}').toString('base64url') },
      { cursor: '' },
      { status: ['refunded'] },
      { method: ['card'] },
      { from: new Date('2026-02-01'), to: new Date('2026-01-01') },
      { search: 'x'.repeat(201) },
    ]) {
      const err = await call(input)
      expect(err.code, JSON.stringify(input)).toBe('BAD_REQUEST')
    }
  })

  it('serves a cursor from one page to the next and ends with a null cursor', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    for (let i = 0; i < 3; i++) {
      await insertPayment(db, owner.businessId, {
        createdAt: new Date(Date.now() - i * DAY).toISOString(),
      })
    }
    const first = await owner.caller.sales.transactions({ businessId: owner.businessId, limit: 2 })
    expect(first.items).toHaveLength(2)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await owner.caller.sales.transactions({
      businessId: owner.businessId,
      limit: 2,
      cursor: first.nextCursor ?? undefined,
    })
    expect(second.items).toHaveLength(1)
    expect(second.nextCursor).toBeNull()
  })
})
