import { describe, expect, it } from 'vitest'
import { auditCsvHref, parseAuditSearch, toAuditApiFilter } from './audit-search'

const ID = '3f2b6c1e-8d4a-4b7e-9c1d-2a5e6f7b8c9d'

describe('the audit log URL', () => {
  it('keeps only valid filters', () => {
    expect(
      parseAuditSearch({ group: 'device', actor: `staff:${ID}`, from: '2026-03-01', to: 'x' }),
    ).toEqual({ group: 'device', actor: `staff:${ID}`, from: '2026-03-01' })
    expect(parseAuditSearch({ group: 'nope', actor: 'robot:1', from: 3 })).toEqual({})
    expect(parseAuditSearch({ actor: 'system' })).toEqual({ actor: 'system' })
    expect(parseAuditSearch({ actor: 'member:not-an-id' })).toEqual({})
  })

  it('asks the server for whole local days, the last one included', () => {
    const f = toAuditApiFilter({ actor: `member:${ID}`, from: '2026-03-05', to: '2026-03-01' })
    expect(f.actorKind).toBe('member')
    expect(f.actorId).toBe(ID)
    expect(f.from).toEqual(new Date(2026, 2, 1))
    expect(f.to).toEqual(new Date(2026, 2, 6))
  })

  it('downloads the CSV with the same filter', () => {
    const href = auditCsvHref('b-1', toAuditApiFilter({ group: 'staff', actor: 'system' }))
    expect(href).toBe('/api/businesses/b-1/audit-log.csv?group=staff&actorKind=system')
    expect(auditCsvHref('b-1', {})).toBe('/api/businesses/b-1/audit-log.csv')
  })
})
