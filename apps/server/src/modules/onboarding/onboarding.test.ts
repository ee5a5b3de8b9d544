import { afterAll, describe, expect, it } from 'vitest'
import {
  companyDetails,
  corporationDirectors,
  financial,
  operations,
  pci,
  person,
  terms,
} from '../../../test/onboarding-fixtures'
import { appCode, rejection } from '../../../test/assertions'
import { scenario, uniqueEmail, type TestBrowser } from '../../../test/harness'

const t = await scenario({ env: { AUTO_APPROVE_APPLICATIONS: 'false' } })
afterAll(t.close)
const auto = await scenario()
afterAll(auto.close)
const { env } = t
const autoEnv = auto.env

async function newBusiness(e = env): Promise<{ b: TestBrowser; businessId: string }> {
  const b = e.browser()
  await b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
  const { id } = await b.caller.businesses.create({ name: 'Corner Café' })
  return { b, businessId: id }
}

async function submitApplication(b: TestBrowser, businessId: string) {
  await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })
  await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
  await b.caller.onboarding.saveFinancial({ businessId, data: financial })
  await b.caller.onboarding.savePci({ businessId, data: pci })
  await b.caller.onboarding.saveOperations({ businessId, data: operations })
  return b.caller.onboarding.submit({ businessId, data: terms })
}

async function operator(e = env) {
  const email = uniqueEmail('operator')
  const b = e.browser()
  await b.caller.auth.signUp({ email, password: 'correct horse battery' })
  await e.services.authRepo.setOperator(email, true)
  return b
}

describe('the application', () => {
  it('walks company -> director -> financial -> pci -> operations -> terms -> pending', async () => {
    const { b, businessId } = await newBusiness()
    const steps = [
      (await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })).step,
      (await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })).step,
      (await b.caller.onboarding.saveFinancial({ businessId, data: financial })).step,
      (await b.caller.onboarding.savePci({ businessId, data: pci })).step,
      (await b.caller.onboarding.saveOperations({ businessId, data: operations })).step,
      (await b.caller.onboarding.submit({ businessId, data: terms })).step,
    ]
    expect(steps).toEqual([
      'director_corporation',
      'financial',
      'pci',
      'operations',
      'terms',
      'pending',
    ])
    const state = await b.caller.onboarding.state({ businessId })
    expect(state).toMatchObject({ step: 'pending', page: 'pending', review: { status: 'pending' } })
    expect(state.application.company?.legalName).toBe('Corner Café Ltd')
    expect(await b.caller.businesses.onboardingStep({ businessId })).toEqual({ step: 'pending' })
  })

  it('lets earlier sections be edited until submission without moving the step', async () => {
    const { b, businessId } = await newBusiness()
    await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })
    await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
    const edited = await b.caller.onboarding.saveCompany({
      businessId,
      data: companyDetails({ tradingName: 'Corner Coffee' }),
    })
    expect(edited.step).toBe('financial')
    const state = await b.caller.onboarding.state({ businessId })
    expect(state.application.company?.tradingName).toBe('Corner Coffee')
  })

  it('sends a changed company type back to its director form', async () => {
    const { b, businessId } = await newBusiness()
    await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })
    await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
    const { step } = await b.caller.onboarding.saveCompany({
      businessId,
      data: companyDetails({ companyType: 'sole_trader', registrationNumber: '' }),
    })
    expect(step).toBe('director_sole_trader')
    const wrongType = await rejection(
      b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors }),
    )
    expect(appCode(wrongType)).toBe('STEP_NOT_ALLOWED')
    const saved = await b.caller.onboarding.saveDirectors({
      businessId,
      data: { companyType: 'sole_trader', owner: person },
    })
    expect(saved.step).toBe('financial')
  })
})

describe('bad input changes nothing', () => {
  it('refuses skipping ahead to a later step', async () => {
    const { b, businessId } = await newBusiness()
    const err = await rejection(b.caller.onboarding.saveFinancial({ businessId, data: financial }))
    expect(appCode(err)).toBe('STEP_NOT_ALLOWED')
    const submit = await rejection(b.caller.onboarding.submit({ businessId, data: terms }))
    expect(appCode(submit)).toBe('STEP_NOT_ALLOWED')
    const choose = await rejection(
      b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'nwc' }),
    )
    expect(appCode(choose)).toBe('STEP_NOT_ALLOWED')
    const state = await b.caller.onboarding.state({ businessId })
    expect(state.step).toBe('company')
    expect(state.application.financial).toBeNull()
  })

  it('refuses saving a step for a business you do not own', async () => {
    const { businessId } = await newBusiness()
    const { b: mallory } = await newBusiness()
    const err = await rejection(
      mallory.caller.onboarding.saveCompany({ businessId, data: companyDetails() }),
    )
    expect(err.code).toBe('NOT_FOUND')
    const owner = (await env.services.onboarding.getState(businessId, 'company')).application
    expect(owner.company).toBeNull()
  })

  it.each([
    ['country', { country: 'XX' }],
    ['company type', { companyType: 'llc' }],
    ['registration number for a corporation', { registrationNumber: '' }],
    ['phone', { phone: { callingCode: '44', number: 'abc' } }],
  ])('refuses an invalid %s', async (_name, override) => {
    const { b, businessId } = await newBusiness()
    const data = { ...companyDetails(), ...override } as ReturnType<typeof companyDetails>
    const err = await rejection(b.caller.onboarding.saveCompany({ businessId, data }))
    expect(err.code).toBe('BAD_REQUEST')
    expect((await b.caller.onboarding.state({ businessId })).step).toBe('company')
  })

  it('refuses an invalid currency', async () => {
    const { b, businessId } = await newBusiness()
    await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })
    await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
    const err = await rejection(
      b.caller.onboarding.saveFinancial({
        businessId,
        data: { ...financial, currency: 'JPY' as 'GBP' },
      }),
    )
    expect(err.code).toBe('BAD_REQUEST')
    const state = await b.caller.onboarding.state({ businessId })
    expect(state.step).toBe('financial')
    expect(state.application.financial).toBeNull()
  })
})

describe('review', () => {
  it('waits for an operator, who approves: -> paymentProvider', async () => {
    const { b, businessId } = await newBusiness()
    await submitApplication(b, businessId)
    const op = await operator()
    const pending = await op.caller.operator.applications({ status: 'pending' })
    expect(pending.map((a) => a.businessId)).toContain(businessId)
    const detail = await op.caller.operator.application({ businessId })
    expect(detail.application.financial?.iban).toBe(financial.iban)
    expect(await op.caller.operator.approve({ businessId })).toEqual({ step: 'paymentProvider' })
    const state = await b.caller.onboarding.state({ businessId })
    expect(state).toMatchObject({ step: 'paymentProvider', review: { status: 'approved' } })
    const again = await rejection(op.caller.operator.approve({ businessId }))
    expect(appCode(again)).toBe('APPLICATION_NOT_PENDING')
  })

  it('rejects with a reason the owner sees, and the owner can resubmit', async () => {
    const { b, businessId } = await newBusiness()
    await submitApplication(b, businessId)
    const op = await operator()
    await op.caller.operator.reject({
      businessId,
      reason: 'The IBAN does not match the company name',
    })
    const state = await b.caller.onboarding.state({ businessId })
    expect(state).toMatchObject({
      step: 'company',
      review: { status: 'rejected', reason: 'The IBAN does not match the company name' },
    })
    expect(state.application.financial?.iban).toBe(financial.iban)
    const resubmitted = await submitApplication(b, businessId)
    expect(resubmitted.step).toBe('pending')
  })

  it('keeps the review for operators only', async () => {
    const { b, businessId } = await newBusiness()
    await submitApplication(b, businessId)
    expect((await rejection(b.caller.operator.applications({}))).code).toBe('FORBIDDEN')
    expect((await rejection(b.caller.operator.approve({ businessId }))).code).toBe('FORBIDDEN')
    expect((await b.caller.onboarding.state({ businessId })).step).toBe('pending')
  })

  it('approves on submission when auto-approval is on', async () => {
    const { b, businessId } = await newBusiness(autoEnv)
    expect((await submitApplication(b, businessId)).step).toBe('paymentProvider')
  })
})

describe('choosing how money is held', () => {
  it('moves to exchange or nodePassword, and back to choose again', async () => {
    const { b, businessId } = await newBusiness(autoEnv)
    await submitApplication(b, businessId)
    const choose = (kind: 'exchange' | 'lightningNode' | 'nwc') =>
      b.caller.onboarding.choosePaymentProvider({ businessId, kind })
    expect(await choose('exchange')).toEqual({ step: 'exchange' })
    expect(await choose('lightningNode')).toEqual({ step: 'nodePassword' })
    expect(await choose('nwc')).toEqual({ step: 'paymentProvider' })
  })
})
