import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { isUuid } from './uuid'

describe('isUuid', () => {
  it('accepts what z.uuid() accepts and refuses the rest', () => {
    const values: unknown[] = [
      crypto.randomUUID(),
      crypto.randomUUID().toUpperCase(),
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '0190b7a2-7c1e-7d3f-9a2b-3c4d5e6f7a8b',
      '0190b7a2-7c1e-9d3f-9a2b-3c4d5e6f7a8b',
      '0190b7a2-7c1e-4d3f-7a2b-3c4d5e6f7a8b',
      '0190b7a2-7c1e-4d3f-9a2b-3c4d5e6f7a8',
      ` ${crypto.randomUUID()}`,
      'not-a-uuid',
      42,
      undefined,
      [crypto.randomUUID()],
    ]
    for (const value of values) {
      expect(isUuid(value), String(value)).toBe(z.uuid().safeParse(value).success)
    }
    expect(values.filter(isUuid)).toHaveLength(5)
  })
})
