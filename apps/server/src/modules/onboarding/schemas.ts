/**
 * What a regulated payment provider needs to know about a business, one schema per form.
 * The web validates with the same rules; the server is the authority.
 */
import { countries } from 'country-data-list'
import { z } from 'zod'
import { COMPANY_TYPES } from '@app/domain'

export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const
export type Currency = (typeof CURRENCIES)[number]

/** Assigned ISO 3166 countries from the static country list. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  countries.all.filter((c) => c.status === 'assigned').map((c) => c.alpha2),
)

const ZCountry = z
  .string()
  .length(2)
  .refine((c) => COUNTRY_CODES.has(c), { message: 'Unknown country' })

const text = (max = 200) => z.string().trim().min(1).max(max)
const optionalText = (max = 200) => z.string().trim().max(max).optional().default('')

export const ZAddress = z.object({
  line1: text(),
  line2: optionalText(),
  city: text(100),
  postcode: text(20),
  country: ZCountry,
})

/** A phone number: calling code like +44 and the national number, digits and spaces. */
export const ZPhone = z.object({
  callingCode: z.string().regex(/^\+\d{1,4}$/, 'Invalid calling code'),
  number: z
    .string()
    .trim()
    .regex(/^[0-9 ()-]{4,20}$/, 'Invalid phone number'),
})

export const ZCompanyDetails = z
  .object({
    legalName: text(),
    tradingName: text(),
    companyType: z.enum(COMPANY_TYPES),
    registrationNumber: optionalText(50),
    country: ZCountry,
    address: ZAddress,
    phone: ZPhone,
    website: z.union([z.literal(''), z.url().max(300)]).default(''),
  })
  .refine((c) => c.companyType === 'sole_trader' || c.registrationNumber.length > 0, {
    message: 'Registration number is required',
    path: ['registrationNumber'],
  })
export type TCompanyDetails = z.infer<typeof ZCompanyDetails>

/** Age in whole calendar years on `today` (UTC): an 18th birthday counts as 18. */
export function ageOn(dateOfBirth: string, today = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number]
  let age = today.getUTCFullYear() - y
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)
  if (beforeBirthday) age -= 1
  return age
}

const ZDateOfBirth = z.iso.date().refine(
  (d) => {
    const age = ageOn(d)
    return age >= 18 && age < 120
  },
  { message: 'Must be at least 18 years old' },
)

export const ZPerson = z.object({
  firstName: text(100),
  lastName: text(100),
  dateOfBirth: ZDateOfBirth,
  nationality: ZCountry,
  email: z.email().max(254),
  address: ZAddress,
})

export const ZOwnershipPerson = ZPerson.extend({
  ownershipPercent: z.number().min(0).max(100),
})

/** Sole trader: the owner. Partnership: at least two partners. Corporation: directors and UBOs. */
export const ZDirectorDetails = z.discriminatedUnion('companyType', [
  z.object({ companyType: z.literal('sole_trader'), owner: ZPerson }),
  z.object({
    companyType: z.literal('partnership'),
    partners: z.array(ZOwnershipPerson).min(2).max(20),
  }),
  z.object({
    companyType: z.literal('corporation'),
    directors: z.array(ZPerson).min(1).max(20),
    beneficialOwners: z.array(ZOwnershipPerson).max(20),
  }),
])
export type TDirectorDetails = z.infer<typeof ZDirectorDetails>

export const ZFinancialDetails = z.object({
  currency: z.enum(CURRENCIES),
  /** minor units of the currency */
  expectedMonthlyVolumeMinor: z.number().int().min(0).max(1e13),
  averageSaleMinor: z.number().int().min(0).max(1e11),
  bankAccountHolder: text(),
  iban: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,34}$/i, 'Invalid IBAN'),
})
export type TFinancialDetails = z.infer<typeof ZFinancialDetails>

export const ZPciDetails = z.object({
  storesCardData: z.boolean(),
  usesThirdPartyProcessor: z.boolean(),
  hadDataBreach: z.boolean(),
  breachDetails: optionalText(2000),
  acceptsSecurityPolicy: z.literal(true, { message: 'Required' }),
})
export type TPciDetails = z.infer<typeof ZPciDetails>

export const SALES_CHANNELS = ['in_store', 'online', 'mobile', 'events'] as const

export const ZOperationsDetails = z.object({
  productsDescription: text(2000),
  salesChannels: z.array(z.enum(SALES_CHANNELS)).min(1),
  locationsCount: z.number().int().min(0).max(10000),
  terminalsCount: z.number().int().min(0).max(10000),
})
export type TOperationsDetails = z.infer<typeof ZOperationsDetails>

export const TERMS_VERSION = '2026-11'

export const ZTermsAcceptance = z.object({
  acceptTerms: z.literal(true, { message: 'Required' }),
  acceptPrivacy: z.literal(true, { message: 'Required' }),
  termsVersion: z.literal(TERMS_VERSION),
})
