/** Operator review of unknown and own businesses, and the limit on businesses per account. */
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_BUSINESSES_PER_USER } from '../src/modules/businesses/service'
import { appCode, rejection } from './assertions'
import {
  companyDetails,
  corporationDirectors,
  financial,
  operations,
  pci,
  terms,
} from './onboarding-fixtures'
import { scenario, uniqueEmail } from './harness'

const t = await scenario({ env: { AUTO_APPROVE_APPLICATIONS: 'false' } })
afterAll(t.close)
const { env } = t

async function signedIn(opts: { operator?: boolean } = {}) {
  const email = uniqueEmail(opts.operator ? 'operator' : 'owner')
  const b = env.browser()
  await b.caller.auth.signUp({ email, password: 'correct horse battery' })
  if (opts.operator) await env.services.authRepo.setOperator(email, true)
  return b
}

async function submitted(b: Awaited<ReturnType<typeof signedIn>>) {
  const { id: businessId } = await b.caller.businesses.create({ name: 'Corner Café' })
  await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })
  await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
  await b.caller.onboarding.saveFinancial({ businessId, data: financial })
  await b.caller.onboarding.savePci({ businessId, data: pci })
  await b.caller.onboarding.saveOperations({ businessId, data: operations })
  await b.caller.onboarding.submit({ businessId, data: terms })
  return businessId
}

describe('operator review', () => {
  it('answers NOT_FOUND to approve or reject an unknown business', async () => {
    const op = await signedIn({ operator: true })
    for (const businessId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await rejection(op.caller.operator.approve({ businessId }))).code).toBe('NOT_FOUND')
      const rejected = await rejection(
        op.caller.operator.reject({ businessId, reason: 'No such business' }),
      )
      expect(rejected.code).toBe('NOT_FOUND')
    }
  })

  it('refuses an operator approving or rejecting their own business; another may', async () => {
    const op = await signedIn({ operator: true })
    const businessId = await submitted(op)
    const approve = await rejection(op.caller.operator.approve({ businessId }))
    expect(approve.code).toBe('FORBIDDEN')
    expect(appCode(approve)).toBe('OWN_APPLICATION_REVIEW')
    const reject = await rejection(op.caller.operator.reject({ businessId, reason: 'Not mine' }))
    expect(appCode(reject)).toBe('OWN_APPLICATION_REVIEW')
    expect((await op.caller.onboarding.state({ businessId })).step).toBe('pending')

    const other = await signedIn({ operator: true })
    expect(await other.caller.operator.approve({ businessId })).toEqual({ step: 'paymentProvider' })
  })
})

describe('businesses per account', () => {
  it(`allows ${MAX_BUSINESSES_PER_USER} businesses, then refuses with a clear code`, async () => {
    const b = await signedIn()
    await Promise.all(
      Array.from({ length: MAX_BUSINESSES_PER_USER + 5 }, (_, i) =>
        b.caller.businesses.create({ name: `Shop ${i}` }).catch((e: unknown) => e),
      ),
    )
    expect(await b.caller.businesses.list()).toHaveLength(MAX_BUSINESSES_PER_USER)
    const err = await rejection(b.caller.businesses.create({ name: 'One too many' }))
    expect(err.code).toBe('CONFLICT')
    expect(appCode(err)).toBe('BUSINESS_LIMIT_REACHED')
    expect(await b.caller.businesses.list()).toHaveLength(MAX_BUSINESSES_PER_USER)

    const someoneElse = await signedIn()
    await expect(someoneElse.caller.businesses.create({ name: 'Fine' })).resolves.toBeTruthy()
  })
})
