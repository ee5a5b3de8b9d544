/**
 * Browser-side checks of the application forms: the rules of the domain's schemas (the server's
 * authority, `@app/domain` onboarding/schemas.ts), checked with the same functions, with
 * messages in the user's language. Form values are what the inputs hold (text); each schema's
 * output is what the server takes.
 */
import {
  COMPANY_TYPES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  hasBreachDetails,
  isAdult,
  isOwnershipWithinWhole,
  isPlausibleBirthDate,
  isPlausiblePostcode,
  isValidIban,
  MAX_AVERAGE_SALE_MINOR,
  MAX_COUNT,
  MAX_MONTHLY_VOLUME_MINOR,
  MAX_PEOPLE,
  MAX_WEBSITE_LENGTH,
  needsRegistrationNumber,
  normalizeIban,
  normalizeWebsite,
  parseMoneyToMinor,
  PHONE_NUMBER_PATTERN,
  SALES_CHANNELS,
  websiteUrl,
} from '@app/domain'
import type { TFunction } from 'i18next'
import { z } from 'zod'

export { COMPANY_TYPES, MAX_PEOPLE, SALES_CHANNELS }
export type { CompanyType, SalesChannel } from '@app/domain'

function requiredText(t: TFunction, max = 200) {
  return z
    .string()
    .trim()
    .min(1, t('application.validation.required'))
    .max(max, t('validation.tooLong', { count: max }))
}

function optionalText(t: TFunction, max = 200) {
  return z
    .string()
    .trim()
    .max(max, t('validation.tooLong', { count: max }))
}

function countrySchema(t: TFunction) {
  return z.string().refine((code) => COUNTRY_CODES.has(code), t('application.validation.country'))
}

function addressSchema(t: TFunction) {
  return z.object({
    line1: requiredText(t),
    line2: optionalText(t),
    city: requiredText(t, 100),
    postcode: z
      .string()
      .trim()
      .min(1, t('application.validation.required'))
      .refine((p) => p === '' || isPlausiblePostcode(p), t('application.validation.postcode')),
    country: countrySchema(t),
  })
}
type AddressInput = z.input<ReturnType<typeof addressSchema>>

export const EMPTY_ADDRESS: AddressInput = {
  line1: '',
  line2: '',
  city: '',
  postcode: '',
  country: '',
}

/** A web address; "shop.example" is taken to mean https://shop.example. */
function websiteSchema(t: TFunction) {
  return z
    .string()
    .trim()
    .max(MAX_WEBSITE_LENGTH, t('validation.tooLong', { count: MAX_WEBSITE_LENGTH }))
    .transform(normalizeWebsite)
    .pipe(websiteUrl(t('application.validation.website')))
}

export function companySchema(t: TFunction) {
  return z
    .object({
      legalName: requiredText(t),
      tradingName: requiredText(t),
      companyType: z.enum(COMPANY_TYPES, { message: t('application.validation.companyType') }),
      registrationNumber: optionalText(t, 50),
      country: countrySchema(t),
      address: addressSchema(t),
      phone: z.object({
        /** The country whose calling code is dialled; only its code goes to the server. */
        country: z.string().min(1, t('application.validation.callingCode')),
        number: z.string().trim().regex(PHONE_NUMBER_PATTERN, t('application.validation.phone')),
      }),
      website: websiteSchema(t),
    })
    .refine((c) => !needsRegistrationNumber(c.companyType) || c.registrationNumber.length > 0, {
      message: t('application.validation.registrationNumber'),
      path: ['registrationNumber'],
    })
}
export type CompanyFormInput = z.input<ReturnType<typeof companySchema>>

function dateOfBirthSchema(t: TFunction) {
  return z
    .string()
    .min(1, t('application.validation.required'))
    .refine((d) => isPlausibleBirthDate(d), t('application.validation.date'))
    .refine((d) => isAdult(d), t('application.validation.adult'))
}

/** Who a person of the application is: their empty email is asked for by that name. */
export type PersonRole = 'owner' | 'partner' | 'director' | 'beneficialOwner'

export function personSchema(t: TFunction, role: PersonRole) {
  return z.object({
    firstName: requiredText(t, 100),
    lastName: requiredText(t, 100),
    dateOfBirth: dateOfBirthSchema(t),
    nationality: countrySchema(t),
    email: z
      .string()
      .trim()
      .min(1, t(`application.validation.email.${role}`))
      .max(254, t('validation.tooLong', { count: 254 }))
      .pipe(z.email(t('validation.emailInvalid'))),
    address: addressSchema(t),
  })
}
export type PersonInput = z.input<ReturnType<typeof personSchema>>

export function ownershipPersonSchema(t: TFunction, role: 'partner' | 'beneficialOwner') {
  return personSchema(t, role).extend({
    ownershipPercent: z
      .string()
      .trim()
      .min(1, t('application.validation.required'))
      .transform((value) => Number(value.replace(',', '.')))
      .pipe(
        z
          .number({ message: t('application.validation.percent') })
          .min(0, t('application.validation.percent'))
          .max(100, t('application.validation.percent')),
      ),
  })
}
export type OwnershipPersonInput = z.input<ReturnType<typeof ownershipPersonSchema>>

export const EMPTY_PERSON: PersonInput = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  nationality: '',
  email: '',
  address: EMPTY_ADDRESS,
}

export const EMPTY_OWNER: OwnershipPersonInput = { ...EMPTY_PERSON, ownershipPercent: '' }

/** Shares held by several people cannot add up to more than the whole company. */
function ownershipList(
  t: TFunction,
  role: 'partner' | 'beneficialOwner',
  min: number,
  minMessage: string,
) {
  return z
    .array(ownershipPersonSchema(t, role))
    .min(min, minMessage)
    .max(MAX_PEOPLE, t('application.validation.maxPeople', { count: MAX_PEOPLE }))
    .refine(isOwnershipWithinWhole, t('application.validation.ownershipTotal'))
}

export function soleTraderSchema(t: TFunction) {
  return z.object({ owner: personSchema(t, 'owner') })
}

export function partnershipSchema(t: TFunction) {
  return z.object({
    partners: ownershipList(t, 'partner', 2, t('application.validation.minPartners')),
  })
}

export function corporationSchema(t: TFunction) {
  return z.object({
    directors: z
      .array(personSchema(t, 'director'))
      .min(1, t('application.validation.minDirectors'))
      .max(MAX_PEOPLE, t('application.validation.maxPeople', { count: MAX_PEOPLE })),
    beneficialOwners: ownershipList(t, 'beneficialOwner', 0, ''),
  })
}

function moneySchema(t: TFunction, maxMinor: number) {
  return z
    .string()
    .trim()
    .min(1, t('application.validation.required'))
    .transform((value, ctx) => {
      const minor = parseMoneyToMinor(value)
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: t('application.validation.amount') })
        return z.NEVER
      }
      return minor
    })
    .pipe(z.number().max(maxMinor, t('application.validation.amountTooLarge')))
}

export function financialSchema(t: TFunction) {
  return z.object({
    currency: z.enum(CURRENCY_CODES, { message: t('application.validation.currency') }),
    expectedMonthlyVolume: moneySchema(t, MAX_MONTHLY_VOLUME_MINOR),
    averageSale: moneySchema(t, MAX_AVERAGE_SALE_MINOR),
    bankAccountHolder: requiredText(t),
    iban: z
      .string()
      .trim()
      .min(1, t('application.validation.required'))
      .refine(isValidIban, t('application.validation.iban'))
      .transform(normalizeIban),
  })
}
export type FinancialFormInput = z.input<ReturnType<typeof financialSchema>>

function yesNo(t: TFunction) {
  return z
    .enum(['yes', 'no'], { message: t('application.validation.answer') })
    .transform((answer) => answer === 'yes')
}

export function pciSchema(t: TFunction) {
  return z
    .object({
      storesCardData: yesNo(t),
      usesThirdPartyProcessor: yesNo(t),
      hadDataBreach: yesNo(t),
      breachDetails: optionalText(t, 2000),
      acceptsSecurityPolicy: z
        .boolean()
        .refine((accepted) => accepted, t('application.validation.securityPolicy')),
    })
    .refine(hasBreachDetails, {
      message: t('application.validation.breachDetails'),
      path: ['breachDetails'],
    })
}
export type PciFormInput = z.input<ReturnType<typeof pciSchema>>

function countSchema(t: TFunction) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, t('application.validation.count'))
    .transform(Number)
    .pipe(
      z.number().max(MAX_COUNT, t('application.validation.countTooLarge', { count: MAX_COUNT })),
    )
}

export function operationsSchema(t: TFunction) {
  return z.object({
    productsDescription: requiredText(t, 2000),
    salesChannels: z.array(z.enum(SALES_CHANNELS)).min(1, t('application.validation.channels')),
    locationsCount: countSchema(t),
    terminalsCount: countSchema(t),
  })
}
export type OperationsFormInput = z.input<ReturnType<typeof operationsSchema>>

export function termsSchema(t: TFunction) {
  return z.object({
    acceptTerms: z
      .boolean()
      .refine((accepted) => accepted, t('application.validation.acceptTerms')),
    acceptPrivacy: z
      .boolean()
      .refine((accepted) => accepted, t('application.validation.acceptPrivacy')),
  })
}
