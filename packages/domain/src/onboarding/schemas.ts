/**
 * What a regulated payment provider needs to know about a business, one schema per form, as
 * the server takes it. The server validates with these; the web's forms (which read what the
 * inputs hold and speak the user's language) check the same rules with the same functions
 * exported here, so a form the web accepts is one the server accepts.
 */
import { z } from 'zod'
import { CURRENCY_CODES } from '../currencies'
import { COUNTRY_CODES } from './countries'
import { isValidIban, normalizeIban } from './iban'
import { isAdult, isPlausibleBirthDate } from './person-age'
import { isPlausiblePostcode } from './postcode'
import { COMPANY_TYPES, type CompanyType } from './steps'

export const SALES_CHANNELS = ['in_store', 'online', 'mobile', 'events'] as const
export type SalesChannel = (typeof SALES_CHANNELS)[number]

/** Most people (partners, directors, owners) one application lists in one list. */
export const MAX_PEOPLE = 20
/** Most locations or terminals. */
export const MAX_COUNT = 10_000
export const MAX_MONTHLY_VOLUME_MINOR = 1e13
export const MAX_AVERAGE_SALE_MINOR = 1e11
export const MAX_WEBSITE_LENGTH = 300
export const PHONE_NUMBER_PATTERN = /^[0-9 ()-]{4,20}$/

export const TERMS_VERSION = '2026-11'

/** A web address as typed: "shop.example" is taken to mean https://shop.example. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim()
  return trimmed === '' || /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
}

/** A normalised web address (or none): http(s) and a domain name. */
export function websiteUrl(message?: string) {
  return z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, hostname: z.regexes.domain, message }),
  ])
}

/** Every business but a sole trader (a partnership, a corporation) gives its registration number. */
export function needsRegistrationNumber(companyType: CompanyType): boolean {
  return companyType !== 'sole_trader'
}

/** Shares held by several people cannot add up to more than the whole company. */
export function isOwnershipWithinWhole(people: readonly { ownershipPercent: number }[]): boolean {
  return people.reduce((sum, p) => sum + p.ownershipPercent, 0) <= 100
}

/** Whoever declares a data breach says what happened. */
export function hasBreachDetails(p: { hadDataBreach: boolean; breachDetails: string }): boolean {
  return !p.hadDataBreach || p.breachDetails.trim().length > 0
}

const ZCountry = z
  .string()
  .length(2)
  .refine((c) => COUNTRY_CODES.has(c), { message: 'Unknown country' })

const text = (max = 200) => z.string().trim().min(1).max(max)
const optionalText = (max = 200) => z.string().trim().max(max).optional().default('')

const ZAddress = z.object({
  line1: text(),
  line2: optionalText(),
  city: text(100),
  postcode: z.string().trim().refine(isPlausiblePostcode, { message: 'Invalid postcode' }),
  country: ZCountry,
})

/** A phone number: calling code like +44 and the national number, digits and spaces. */
const ZPhone = z.object({
  callingCode: z.string().regex(/^\+\d{1,4}$/, 'Invalid calling code'),
  number: z.string().trim().regex(PHONE_NUMBER_PATTERN, 'Invalid phone number'),
})

const ZWebsite = z
  .string()
  .trim()
  .max(MAX_WEBSITE_LENGTH)
  .transform(normalizeWebsite)
  .pipe(websiteUrl('Invalid website'))

export const ZCompanyDetails = z
  .object({
    legalName: text(),
    tradingName: text(),
    companyType: z.enum(COMPANY_TYPES),
    registrationNumber: optionalText(50),
    country: ZCountry,
    address: ZAddress,
    phone: ZPhone,
    website: ZWebsite.default(''),
  })
  .refine((c) => !needsRegistrationNumber(c.companyType) || c.registrationNumber.length > 0, {
    message: 'Registration number is required',
    path: ['registrationNumber'],
  })
export type TCompanyDetails = z.infer<typeof ZCompanyDetails>

const ZDateOfBirth = z.iso.date().refine((d) => isPlausibleBirthDate(d) && isAdult(d), {
  message: 'Must be at least 18 years old',
})

const ZPerson = z.object({
  firstName: text(100),
  lastName: text(100),
  dateOfBirth: ZDateOfBirth,
  nationality: ZCountry,
  email: z.email().max(254),
  address: ZAddress,
})

const ZOwnershipPerson = ZPerson.extend({
  ownershipPercent: z.number().min(0).max(100),
})

const ownershipList = (min: number) =>
  z
    .array(ZOwnershipPerson)
    .min(min)
    .max(MAX_PEOPLE)
    .refine(isOwnershipWithinWhole, { message: 'Ownership shares add up to more than 100 %' })

/** Sole trader: the owner. Partnership: at least two partners. Corporation: directors and UBOs. */
export const ZDirectorDetails = z.discriminatedUnion('companyType', [
  z.object({ companyType: z.literal('sole_trader'), owner: ZPerson }),
  z.object({ companyType: z.literal('partnership'), partners: ownershipList(2) }),
  z.object({
    companyType: z.literal('corporation'),
    directors: z.array(ZPerson).min(1).max(MAX_PEOPLE),
    beneficialOwners: ownershipList(0),
  }),
])
export type TDirectorDetails = z.infer<typeof ZDirectorDetails>

const ZIban = z
  .string()
  .trim()
  .refine(isValidIban, { message: 'Invalid IBAN' })
  .transform(normalizeIban)

export const ZFinancialDetails = z.object({
  currency: z.enum(CURRENCY_CODES),
  /** minor units of the currency */
  expectedMonthlyVolumeMinor: z.number().int().min(0).max(MAX_MONTHLY_VOLUME_MINOR),
  averageSaleMinor: z.number().int().min(0).max(MAX_AVERAGE_SALE_MINOR),
  bankAccountHolder: text(),
  iban: ZIban,
})
export type TFinancialDetails = z.infer<typeof ZFinancialDetails>

export const ZPciDetails = z
  .object({
    storesCardData: z.boolean(),
    usesThirdPartyProcessor: z.boolean(),
    hadDataBreach: z.boolean(),
    breachDetails: optionalText(2000),
    acceptsSecurityPolicy: z.literal(true, { message: 'Required' }),
  })
  .refine(hasBreachDetails, {
    message: 'Say what happened in the breach',
    path: ['breachDetails'],
  })

export const ZOperationsDetails = z.object({
  productsDescription: text(2000),
  salesChannels: z.array(z.enum(SALES_CHANNELS)).min(1),
  locationsCount: z.number().int().min(0).max(MAX_COUNT),
  terminalsCount: z.number().int().min(0).max(MAX_COUNT),
})

export const ZTermsAcceptance = z.object({
  acceptTerms: z.literal(true, { message: 'Required' }),
  acceptPrivacy: z.literal(true, { message: 'Required' }),
  termsVersion: z.literal(TERMS_VERSION),
})
