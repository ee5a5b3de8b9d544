/** The transactions CSV download over real HTTP: who may fetch it, what it holds, its quoting. */
import { afterAll, describe, expect, it } from 'vitest'
import { CSV_BOM, csvField, formatMinor, neutraliseFormula } from './csv'
import { insertPayment, ownerWithBusiness, settlePayment } from '../../../test/sales-fixtures'
import { scenario } from '../../../test/harness'

const t = await scenario({ http: 'inject' })
afterAll(t.close)
const { env, app } = t

const url = (businessId: string, query = '') =>
  `/api/businesses/${businessId}/transactions.csv${query}`

/** A small RFC 4180 reader, enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let i = 0
  let quoted = false
  while (i < text.length) {
    const c = text[i] ?? ''
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (c === '"') quoted = false
      else field += c
      i += 1
      continue
    }
    if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i += 1
    } else field += c
    i += 1
  }
  return rows
}

describe('transactions CSV', () => {
  it('streams a header and every matching row, quoted per RFC 4180', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    const tricky = await insertPayment(db, owner.businessId, {
      createdAt: '2026-01-02T10:00:00Z',
      memo: 'Table 4, "the corner"\nsecond line',
      amountSat: 12_345,
      fiatMinor: 617,
      paymentHash: 'ff'.repeat(32),
    })
    await settlePayment(db, tricky, new Date('2026-01-02T10:00:05Z'), 12_345)
    const formula = await insertPayment(db, owner.businessId, {
      createdAt: '2026-01-01T10:00:00Z',
      memo: '=HYPERLINK("http://evil")',
      method: 'tip',
      status: 'expired',
      fiatMinor: 5,
    })
    const noFiat = await insertPayment(db, owner.businessId, {
      createdAt: '2025-12-31T10:00:00Z',
      memo: 'Café',
      fiatMinor: null,
      method: 'ecash',
    })

    const res = await app.inject({
      method: 'GET',
      url: url(owner.businessId),
      headers: { cookie: owner.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.body.startsWith(CSV_BOM)).toBe(true)
    expect(res.body.endsWith('\r\n')).toBe(true)
    const rows = parseCsv(res.body.slice(1))
    expect(rows).toEqual([
      [
        'id',
        'created_at',
        'settled_at',
        'status',
        'method',
        'device_id',
        'device_name',
        'staff_id',
        'staff_name',
        'memo',
        'amount_sat',
        'received_sat',
        'fiat_amount',
        'currency',
        'payment_hash',
        'txid',
      ],
      [
        tricky,
        '2026-01-02T10:00:00.000Z',
        '2026-01-02T10:00:05.000Z',
        'settled',
        'lightning',
        '',
        '',
        '',
        '',
        'Table 4, "the corner"\nsecond line',
        '12345',
        '12345',
        '6.17',
        'GBP',
        'ff'.repeat(32),
        '',
      ],
      [
        formula,
        '2026-01-01T10:00:00.000Z',
        '',
        'expired',
        'tip',
        '',
        '',
        '',
        '',
        `'=HYPERLINK("http://evil")`,
        '1000',
        '0',
        '0.05',
        'GBP',
        '',
        '',
      ],
      [
        noFiat,
        '2025-12-31T10:00:00.000Z',
        '',
        'pending',
        'ecash',
        '',
        '',
        '',
        '',
        'Café',
        '1000',
        '0',
        '',
        'GBP',
        '',
        '',
      ],
    ])
    // The quoting itself, byte for byte.
    expect(res.body).toContain(',"Table 4, ""the corner""\nsecond line",')
  })

  it('applies the same filters as the list', async () => {
    const owner = await ownerWithBusiness(env)
    const db = env.database.db
    const a = await insertPayment(db, owner.businessId, {
      createdAt: '2026-01-01T10:00:00Z',
      memo: 'Latte',
      method: 'tip',
    })
    const b = await insertPayment(db, owner.businessId, {
      createdAt: '2026-01-02T10:00:00Z',
      memo: 'Latte',
      status: 'failed',
    })
    await insertPayment(db, owner.businessId, { createdAt: '2026-01-03T10:00:00Z', memo: 'Bagel' })
    const ids = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: url(owner.businessId, query),
        headers: { cookie: owner.cookie },
      })
      expect(res.statusCode).toBe(200)
      return parseCsv(res.body.slice(1))
        .slice(1)
        .map((r) => r[0])
    }
    expect(await ids('')).toHaveLength(3)
    expect(await ids('?search=latte')).toEqual([b, a])
    expect(await ids('?search=latte&status=pending&status=failed&method=lightning')).toEqual([b])
    expect(await ids('?status=pending,failed&method=tip,lightning&search=LAT')).toEqual([b, a])
    expect(
      await ids(`?from=${encodeURIComponent('2026-01-01T12:00:00Z')}&to=2026-01-03T00:00:00.000Z`),
    ).toEqual([b])
    expect(await ids('?method=onchain')).toEqual([])
  })

  it('streams every row of a long export, beyond one internal page', async () => {
    const owner = await ownerWithBusiness(env)
    await env.database.pool.query(
      `INSERT INTO payments (business_id, method, amount_sat, currency, fiat_minor, memo, created_at)
       SELECT $1, 'lightning', i, 'EUR', i, 'Item ' || i, timestamptz '2026-01-01' + (i % 700) * interval '1 second'
       FROM generate_series(1, 2500) AS i`,
      [owner.businessId],
    )
    const res = await app.inject({
      method: 'GET',
      url: url(owner.businessId),
      headers: { cookie: owner.cookie },
    })
    const rows = parseCsv(res.body.slice(1)).slice(1)
    expect(rows).toHaveLength(2500)
    expect(new Set(rows.map((r) => r[0])).size).toBe(2500)
    expect(rows.find((r) => r[9] === 'Item 1234')?.[12]).toBe('12.34')
  })

  it('answers 401 without a session, 404 for a business that is not yours, 400 for bad filters', async () => {
    const alice = await ownerWithBusiness(env)
    const mallory = await ownerWithBusiness(env, 'Mallory Mart')
    await insertPayment(env.database.db, alice.businessId, {
      createdAt: '2026-01-01T00:00:00Z',
      memo: 'secret',
    })

    const anon = await app.inject({ method: 'GET', url: url(alice.businessId) })
    expect(anon.statusCode).toBe(401)
    const forged = await app.inject({
      method: 'GET',
      url: url(alice.businessId),
      headers: { cookie: 'sid=forged' },
    })
    expect(forged.statusCode).toBe(401)
    for (const businessId of [
      alice.businessId,
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: url(businessId),
        headers: { cookie: mallory.cookie },
      })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('secret')
    }
    for (const query of [
      '?status=refunded',
      '?method=card',
      '?from=yesterday',
      '?from=2026-02-01&to=2026-01-01',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: url(alice.businessId, query),
        headers: { cookie: alice.cookie },
      })
      expect(res.statusCode, query).toBe(400)
    }
  })
})

describe('CSV cells', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"')
    expect(csvField('')).toBe('')
  })

  it('writes minor units with a decimal point', () => {
    expect(formatMinor(0)).toBe('0.00')
    expect(formatMinor(5)).toBe('0.05')
    expect(formatMinor(123_456)).toBe('1234.56')
    expect(formatMinor(-250)).toBe('-2.50')
  })

  it('keeps spreadsheet formulas from running', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx'])
      expect(neutraliseFormula(s)).toBe(`'${s}`)
    expect(neutraliseFormula('Latte = good')).toBe('Latte = good')
  })
})
