import { describe, expect, it } from 'vitest'
import { needsRegistrationNumber, ZCompanyDetails } from './schemas'

const company = {
  legalName: 'Acme Ltd',
  tradingName: 'Acme',
  companyType: 'corporation',
  registrationNumber: '01234567',
  country: 'GB',
  address: { line1: '1 High Street', city: 'London', postcode: 'SW1A 1AA', country: 'GB' },
  phone: { callingCode: '+44', number: '20 7946 0000' },
}

function issuesOf(input: unknown): Record<string, string> {
  const result = ZCompanyDetails.safeParse(input)
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  )
}

describe('ZCompanyDetails', () => {
  it('takes a complete company', () => {
    expect(issuesOf(company)).toEqual({})
  })

  it('refuses an address whose postcode cannot be one', () => {
    const address = { ...company.address, postcode: 'not a postcode !!!' }
    expect(issuesOf({ ...company, address })).toEqual({ 'address.postcode': 'Invalid postcode' })
  })

  it('asks a partnership and a corporation for the registration number, not a sole trader', () => {
    expect(needsRegistrationNumber('corporation')).toBe(true)
    expect(needsRegistrationNumber('partnership')).toBe(true)
    expect(needsRegistrationNumber('sole_trader')).toBe(false)
    for (const registrationNumber of ['', '   ']) {
      expect(issuesOf({ ...company, registrationNumber })).toEqual({
        registrationNumber: 'Registration number is required',
      })
    }
    expect(issuesOf({ ...company, companyType: 'sole_trader', registrationNumber: '' })).toEqual({})
  })
})
