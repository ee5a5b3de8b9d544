import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import {
  companySchema,
  corporationSchema,
  EMPTY_OWNER,
  EMPTY_PERSON,
  partnershipSchema,
  soleTraderSchema,
} from './application-schemas'

// the message is the key, so a test sees which one was chosen
const t = ((key: string) => key) as unknown as TFunction

function errorsOf(result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}): Record<string, string> {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  )
}

const company = {
  legalName: 'Acme Ltd',
  tradingName: 'Acme',
  companyType: 'corporation' as const,
  registrationNumber: '01234567',
  country: 'GB',
  address: {
    line1: '1 High Street',
    line2: '',
    city: 'London',
    postcode: 'SW1A 1AA',
    country: 'GB',
  },
  phone: { country: 'GB', number: '20 7946 0000' },
  website: '',
}

describe('the company form', () => {
  const check = (input: typeof company) => errorsOf(companySchema(t).safeParse(input))

  it('takes a complete company', () => {
    expect(check(company)).toEqual({})
  })

  it('refuses a postcode that cannot be one, and asks for an empty one', () => {
    const withPostcode = (postcode: string) => ({
      ...company,
      address: { ...company.address, postcode },
    })
    expect(check(withPostcode('not a postcode !!!'))).toEqual({
      'address.postcode': 'application.validation.postcode',
    })
    expect(check(withPostcode(''))).toEqual({
      'address.postcode': 'application.validation.required',
    })
    expect(check(withPostcode('1012 AB'))).toEqual({})
  })

  it('asks a corporation for its registration number, but not a sole trader', () => {
    expect(check({ ...company, registrationNumber: '' })).toEqual({
      registrationNumber: 'application.validation.registrationNumber',
    })
    expect(
      check({ ...company, companyType: 'sole_trader' as never, registrationNumber: '' }),
    ).toEqual({})
  })
})

describe('the people forms', () => {
  it('ask for an empty email in the name of the person it belongs to', () => {
    expect(errorsOf(soleTraderSchema(t).safeParse({ owner: EMPTY_PERSON }))).toMatchObject({
      'owner.email': 'application.validation.email.owner',
    })
    expect(
      errorsOf(partnershipSchema(t).safeParse({ partners: [EMPTY_OWNER, EMPTY_OWNER] })),
    ).toMatchObject({ 'partners.1.email': 'application.validation.email.partner' })
    const corporation = errorsOf(
      corporationSchema(t).safeParse({
        directors: [EMPTY_PERSON],
        beneficialOwners: [EMPTY_OWNER],
      }),
    )
    expect(corporation).toMatchObject({
      'directors.0.email': 'application.validation.email.director',
      'beneficialOwners.0.email': 'application.validation.email.beneficialOwner',
    })
    expect(Object.values(corporation)).not.toContain('validation.emailRequired')
  })
})
