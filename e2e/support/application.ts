/**
 * A signed-up owner with a submitted application, through the real procedures the forms call
 * (the forms themselves are walked field by field in onboarding-application.spec.ts).
 */
import { expect, type Page } from '@playwright/test'
import { verifyFromMailbox } from './mailbox'

const address = {
  line1: '1 High Street',
  line2: '',
  city: 'London',
  postcode: 'SW1A 1AA',
  country: 'GB',
}
const person = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  nationality: 'GB',
  email: 'ada@corner.example',
  address,
}

const sections: [string, unknown][] = [
  [
    'onboarding.saveCompany',
    {
      legalName: 'Corner Café Ltd',
      tradingName: 'Corner Café',
      companyType: 'corporation',
      registrationNumber: '01234567',
      country: 'GB',
      address,
      phone: { callingCode: '+44', number: '20 7946 0000' },
      website: '',
    },
  ],
  [
    'onboarding.saveDirectors',
    { companyType: 'corporation', directors: [person], beneficialOwners: [] },
  ],
  [
    'onboarding.saveFinancial',
    {
      currency: 'GBP',
      expectedMonthlyVolumeMinor: 2_500_000,
      averageSaleMinor: 1_250,
      bankAccountHolder: 'Corner Café Ltd',
      iban: 'GB33BUKB20201555555555',
    },
  ],
  [
    'onboarding.savePci',
    {
      storesCardData: false,
      usesThirdPartyProcessor: true,
      hadDataBreach: false,
      breachDetails: '',
      acceptsSecurityPolicy: true,
    },
  ],
  [
    'onboarding.saveOperations',
    {
      productsDescription: 'Coffee',
      salesChannels: ['in_store'],
      locationsCount: 1,
      terminalsCount: 1,
    },
  ],
  ['onboarding.submit', { acceptTerms: true, acceptPrivacy: true, termsVersion: '2026-11' }],
]

/** Signs up in the browser, creates a business, and submits its application. */
export async function ownerWithSubmittedApplication(page: Page, name: string): Promise<string> {
  await page.goto('/sign-up')
  const email = `owner-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/onboarding\/new-business$/)
  // the owner opens the verification mail: payouts need a verified address
  await verifyFromMailbox(page, email)
  await page.getByLabel('Business name').fill(name)
  await page.getByRole('button', { name: 'Create business' }).click()
  await expect(page).toHaveURL(/\/company-details$/)
  const businessId = new URL(page.url()).pathname.split('/')[2] ?? ''
  for (const [procedure, data] of sections) {
    const res = await page.request.post(`/trpc/${procedure}`, {
      headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
      data: { json: { businessId, data } },
    })
    expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  }
  return businessId
}

async function trpc(page: Page, procedure: string, input: unknown): Promise<unknown> {
  const res = await page.request.post(`/trpc/${procedure}`, {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: input },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: unknown } } }).result.data.json
}

/** An owner whose business keeps its money in a simnet NWC wallet. */
export async function ownerWithNwcWallet(page: Page, name: string, uri: string): Promise<string> {
  const businessId = await ownerWithSubmittedApplication(page, name)
  await trpc(page, 'onboarding.connectNwc', { businessId, url: uri })
  return businessId
}

/** An owner whose business keeps its money in a simnet exchange account. */
export async function ownerWithExchange(
  page: Page,
  name: string,
  credentials: { key: string; secret: string },
): Promise<string> {
  const businessId = await ownerWithSubmittedApplication(page, name)
  await trpc(page, 'onboarding.choosePaymentProvider', { businessId, kind: 'exchange' })
  await trpc(page, 'onboarding.connectExchange', {
    businessId,
    apiKey: credentials.key,
    secretKey: credentials.secret,
  })
  return businessId
}
