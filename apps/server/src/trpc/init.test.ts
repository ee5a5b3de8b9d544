import { describe, expect, it } from 'vitest'
import { ZCompanyDetails } from '@app/domain'
import { fieldErrorsOf, ZBusinessInput } from './init'

describe('field errors', () => {
  it('names nested form fields by their dotted path, without the data envelope', () => {
    const input = ZBusinessInput.extend({ data: ZCompanyDetails })
    const result = input.safeParse({
      businessId: 'x',
      data: { legalName: '', address: { city: '' }, phone: { callingCode: '44' } },
    })
    expect(result.success).toBe(false)
    const errors = fieldErrorsOf(result.error!)
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['legalName', 'address.city', 'phone.callingCode', 'country']),
    )
    expect(Object.keys(errors).some((k) => k.startsWith('data'))).toBe(false)
  })
})
