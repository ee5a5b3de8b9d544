/** Valid application forms, as a merchant would fill them in. */
import type { TCompanyDetails } from '@app/domain'

export const address = {
  line1: '1 High Street',
  line2: '',
  city: 'London',
  postcode: 'SW1A 1AA',
  country: 'GB',
}

export function companyDetails(overrides: Partial<TCompanyDetails> = {}): TCompanyDetails {
  return {
    legalName: 'Corner Café Ltd',
    tradingName: 'Corner Café',
    companyType: 'corporation',
    registrationNumber: '01234567',
    country: 'GB',
    address,
    phone: { callingCode: '+44', number: '20 7946 0000' },
    website: 'https://corner.example',
    ...overrides,
  }
}

export const person = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  nationality: 'GB',
  email: 'ada@corner.example',
  address,
}

export const corporationDirectors = {
  companyType: 'corporation' as const,
  directors: [person],
  beneficialOwners: [{ ...person, ownershipPercent: 60 }],
}

export const financial = {
  currency: 'GBP' as const,
  expectedMonthlyVolumeMinor: 2_500_000,
  averageSaleMinor: 1_250,
  bankAccountHolder: 'Corner Café Ltd',
  iban: 'GB33BUKB20201555555555',
}

export const pci = {
  storesCardData: false,
  usesThirdPartyProcessor: true,
  hadDataBreach: false,
  breachDetails: '',
  acceptsSecurityPolicy: true as const,
}

export const operations = {
  productsDescription: 'Coffee, pastries and sandwiches',
  salesChannels: ['in_store' as const],
  locationsCount: 1,
  terminalsCount: 2,
}

export const terms = {
  acceptTerms: true as const,
  acceptPrivacy: true as const,
  termsVersion: '2026-11' as const,
}
