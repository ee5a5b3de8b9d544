import { describe, expect, it } from 'vitest'
import {
  csvExportHref,
  dayKey,
  hasFilters,
  parseTransactionsSearch,
  toApiFilter,
} from './transaction-filters'

describe('transaction filters in the URL', () => {
  it('keeps known values and drops unknown or malformed ones', () => {
    expect(
      parseTransactionsSearch({
        status: ['failed', 'refunded', 'settled'],
        method: 'tip',
        range: 'forever',
        q: '  latte ',
      }),
    ).toEqual({ status: ['settled', 'failed'], q: 'latte' })
    expect(parseTransactionsSearch({ status: [], method: ['card'], q: '   ' })).toEqual({})
    expect(parseTransactionsSearch({ range: 'custom', from: '2026-03-01', to: 'soon' })).toEqual({
      range: 'custom',
      from: '2026-03-01',
    })
    expect(parseTransactionsSearch({ range: 'custom' })).toEqual({})
    expect(parseTransactionsSearch({ range: '7d', from: '2026-03-01' })).toEqual({ range: '7d' })
  })

  it('keeps the open payment only when it names one by its id', () => {
    const id = '0b9f2c9e-1f7a-4c55-9d3e-5a8e2f1c7b64'
    expect(parseTransactionsSearch({ payment: id, q: 'tea' })).toEqual({ payment: id, q: 'tea' })
    expect(parseTransactionsSearch({ payment: 'latest' })).toEqual({})
  })

  it('says whether anything filters', () => {
    expect(hasFilters({})).toBe(false)
    expect(hasFilters({ q: 'x' })).toBe(true)
    expect(hasFilters({ range: 'today' })).toBe(true)
    expect(hasFilters({ method: ['tip'] })).toBe(true)
    // an open payment's detail filters nothing
    expect(hasFilters({ payment: '0b9f2c9e-1f7a-4c55-9d3e-5a8e2f1c7b64' })).toBe(false)
  })
})

describe('what the server is asked for', () => {
  const now = new Date(2026, 2, 15, 14, 30)

  it('starts presets at local midnight, counting today', () => {
    expect(toApiFilter({ range: 'today' }, now)).toEqual({ from: new Date(2026, 2, 15) })
    expect(toApiFilter({ range: '7d' }, now)).toEqual({ from: new Date(2026, 2, 9) })
    expect(toApiFilter({ range: '30d' }, now)).toEqual({ from: new Date(2026, 1, 14) })
  })

  it('takes a custom range as whole days, the last one included', () => {
    expect(toApiFilter({ range: 'custom', from: '2026-02-27', to: '2026-03-01' }, now)).toEqual({
      from: new Date(2026, 1, 27),
      to: new Date(2026, 2, 2),
    })
    expect(toApiFilter({ range: 'custom', from: '2026-03-05', to: '2026-03-01' }, now)).toEqual({
      from: new Date(2026, 2, 1),
      to: new Date(2026, 2, 6),
    })
    expect(toApiFilter({ range: 'custom', to: '2026-12-31' }, now)).toEqual({
      to: new Date(2027, 0, 1),
    })
  })

  it('passes statuses, methods and the search on', () => {
    expect(toApiFilter({ status: ['settled'], method: ['tip', 'ecash'], q: 'latte' }, now)).toEqual(
      { status: ['settled'], method: ['tip', 'ecash'], search: 'latte' },
    )
  })

  it('gives local day keys', () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})

describe('the CSV link', () => {
  it('carries the same filters as the list', () => {
    const from = new Date(Date.UTC(2026, 2, 1))
    expect(
      csvExportHref('b-1', {
        status: ['settled', 'processing'],
        method: ['tip'],
        from,
        search: 'Flat white & co',
      }),
    ).toBe(
      '/api/businesses/b-1/transactions.csv?status=settled%2Cprocessing&method=tip&from=2026-03-01T00%3A00%3A00.000Z&search=Flat+white+%26+co',
    )
    expect(csvExportHref('b-1', {})).toBe('/api/businesses/b-1/transactions.csv')
  })
})
