/**
 * The rules the web's forms check are the server's too: a request that skips the browser gets
 * the same answer, and nothing of it is saved.
 */
import { latestAdultBirthDate } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import {
  companyDetails,
  corporationDirectors,
  financial,
  person,
  pci,
} from '../../../test/onboarding-fixtures'
import { appCode, rejection } from '../../../test/assertions'
import { scenario, uniqueEmail, type TestBrowser } from '../../../test/harness'

const t = await scenario({ env: { AUTO_APPROVE_APPLICATIONS: 'false' } })
afterAll(t.close)
const { env } = t

async function newBusiness(): Promise<{ b: TestBrowser; businessId: string }> {
  const b = env.browser()
  await b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
  const { id } = await b.caller.businesses.create({ name: 'Corner Café' })
  return { b, businessId: id }
}

/** A business at the director step, its company saved as `companyType`. */
async function atDirectors(companyType: 'corporation' | 'partnership' | 'sole_trader') {
  const { b, businessId } = await newBusiness()
  await b.caller.onboarding.saveCompany({
    businessId,
    data: companyDetails({
      companyType,
      registrationNumber: companyType === 'sole_trader' ? '' : '01234567',
    }),
  })
  return { b, businessId }
}

async function atFinancial() {
  const { b, businessId } = await atDirectors('corporation')
  await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
  return { b, businessId }
}

async function expectRefusedAndUnsaved(
  call: Promise<unknown>,
  b: TestBrowser,
  businessId: string,
  step: string,
  section: 'company' | 'director' | 'financial' | 'pci',
) {
  const err = await rejection(call)
  expect(appCode(err)).toBe('VALIDATION')
  const state = await b.caller.onboarding.state({ businessId })
  expect(state.step).toBe(step)
  expect(state.application[section]).toBeNull()
}

const owner = (ownershipPercent: number) => ({ ...person, ownershipPercent })

describe('ownership shares', () => {
  it('refuses partners whose shares add up to more than 100 %', async () => {
    const { b, businessId } = await atDirectors('partnership')
    await expectRefusedAndUnsaved(
      b.caller.onboarding.saveDirectors({
        businessId,
        data: { companyType: 'partnership', partners: [owner(60), owner(50)] },
      }),
      b,
      businessId,
      'director_partnership',
      'director',
    )
  })

  it('refuses beneficial owners holding more than the whole company', async () => {
    const { b, businessId } = await atDirectors('corporation')
    await expectRefusedAndUnsaved(
      b.caller.onboarding.saveDirectors({
        businessId,
        data: { ...corporationDirectors, beneficialOwners: [owner(70), owner(30.5)] },
      }),
      b,
      businessId,
      'director_corporation',
      'director',
    )
  })

  it('takes shares adding up to exactly 100 %', async () => {
    const { b, businessId } = await atDirectors('partnership')
    const saved = await b.caller.onboarding.saveDirectors({
      businessId,
      data: { companyType: 'partnership', partners: [owner(50), owner(50)] },
    })
    expect(saved.step).toBe('financial')
  })
})

describe('a declared data breach', () => {
  it('needs its details', async () => {
    const { b, businessId } = await atFinancial()
    await b.caller.onboarding.saveFinancial({ businessId, data: financial })
    for (const breachDetails of ['', '   ']) {
      await expectRefusedAndUnsaved(
        b.caller.onboarding.savePci({
          businessId,
          data: { ...pci, hadDataBreach: true, breachDetails },
        }),
        b,
        businessId,
        'pci',
        'pci',
      )
    }
    const saved = await b.caller.onboarding.savePci({
      businessId,
      data: { ...pci, hadDataBreach: true, breachDetails: 'A laptop was stolen in 2024' },
    })
    expect(saved.step).toBe('operations')
  })
})

describe('the IBAN', () => {
  it('is refused when its check digits are wrong', async () => {
    const { b, businessId } = await atFinancial()
    await expectRefusedAndUnsaved(
      b.caller.onboarding.saveFinancial({
        businessId,
        data: { ...financial, iban: 'GB33BUKB20201555555556' },
      }),
      b,
      businessId,
      'financial',
      'financial',
    )
  })

  it('is stored as banks exchange it: upper case, no spaces', async () => {
    const { b, businessId } = await atFinancial()
    await b.caller.onboarding.saveFinancial({
      businessId,
      data: { ...financial, iban: 'gb33 bukb 2020 1555 5555 55' },
    })
    const state = await b.caller.onboarding.state({ businessId })
    expect(state.application.financial?.iban).toBe('GB33BUKB20201555555555')
  })
})

describe('the website', () => {
  it('is stored with its scheme when typed without one', async () => {
    const { b, businessId } = await newBusiness()
    await b.caller.onboarding.saveCompany({
      businessId,
      data: companyDetails({ website: ' corner.example ' }),
    })
    const state = await b.caller.onboarding.state({ businessId })
    expect(state.application.company?.website).toBe('https://corner.example')
  })

  it.each(['not a website', 'ftp://corner.example', 'https://localhost'])(
    'refuses %j',
    async (website) => {
      const { b, businessId } = await newBusiness()
      await expectRefusedAndUnsaved(
        b.caller.onboarding.saveCompany({ businessId, data: companyDetails({ website }) }),
        b,
        businessId,
        'company',
        'company',
      )
    },
  )
})

describe('a person’s age', () => {
  /** The day after `date` (YYYY-MM-DD), in UTC like the age rule. */
  const dayAfter = (date: string) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

  it('is counted on today’s UTC date: 18 today is taken, 18 tomorrow is refused', async () => {
    const eighteenToday = latestAdultBirthDate(new Date())
    const { b, businessId } = await atDirectors('sole_trader')
    await expectRefusedAndUnsaved(
      b.caller.onboarding.saveDirectors({
        businessId,
        data: {
          companyType: 'sole_trader',
          owner: { ...person, dateOfBirth: dayAfter(eighteenToday) },
        },
      }),
      b,
      businessId,
      'director_sole_trader',
      'director',
    )
    const saved = await b.caller.onboarding.saveDirectors({
      businessId,
      data: { companyType: 'sole_trader', owner: { ...person, dateOfBirth: eighteenToday } },
    })
    expect(saved.step).toBe('financial')
  })

  it('refuses a day that does not exist', async () => {
    const { b, businessId } = await atDirectors('sole_trader')
    await expectRefusedAndUnsaved(
      b.caller.onboarding.saveDirectors({
        businessId,
        data: { companyType: 'sole_trader', owner: { ...person, dateOfBirth: '1990-02-30' } },
      }),
      b,
      businessId,
      'director_sole_trader',
      'director',
    )
  })
})
