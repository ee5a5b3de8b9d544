/**
 * The exchange and own-node pages open straight from the choice step too (a bookmarked link,
 * the back button): their first call there chooses the provider, in the same transaction, so the
 * browser never has to record the choice first.
 */
import '../../lib/websocket-global'
import { afterAll, describe, expect, it } from 'vitest'
import { approvedBusiness as sharedApprovedBusiness } from '../../../test/businesses'
import { appCode, rejection } from '../../../test/assertions'
import { scenario, uniqueEmail, type TestBrowser } from '../../../test/harness'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { env, net } = t

const approvedBusiness = () => sharedApprovedBusiness(env)
const step = async (b: TestBrowser, businessId: string) =>
  (await b.caller.businesses.onboardingStep({ businessId })).step

describe('the first call of a provider page at the choice step', () => {
  it('connects an exchange account and completes onboarding', async () => {
    const { b, businessId } = await approvedBusiness()
    expect(await step(b, businessId)).toBe('paymentProvider')
    const { key, secret } = await net.control<{ key: string; secret: string }>(
      'POST',
      '/kraken/keys',
      { label: 'test' },
    )
    const wrong = await rejection(
      b.caller.onboarding.connectExchange({
        businessId,
        apiKey: key,
        secretKey: Buffer.alloc(64, 7).toString('base64'),
      }),
    )
    expect(appCode(wrong)).toBe('EXCHANGE_KEY_REJECTED')
    expect(await step(b, businessId)).toBe('paymentProvider')

    const done = await b.caller.onboarding.connectExchange({
      businessId,
      apiKey: key,
      secretKey: secret,
    })
    expect(done.step).toBe('completed')
    expect(await step(b, businessId)).toBe('completed')
    const stored = await env.database.db
      .selectFrom('walletConnections')
      .select('kind')
      .where('businessId', '=', businessId)
      .executeTakeFirstOrThrow()
    expect(stored.kind).toBe('exchange')
  })

  it('asks for a node and moves on to the node password', async () => {
    const { b, businessId } = await approvedBusiness()
    const requested = await b.caller.node.request({ businessId })
    expect(requested.exists).toBe(true)
    expect(await step(b, businessId)).toBe('nodePassword')
  })

  it('is refused before the application is approved, and nothing changes', async () => {
    const b = env.browser()
    await b.caller.auth.signUp({ email: uniqueEmail(), password: 'correct horse battery' })
    const { id: businessId } = await b.caller.businesses.create({ name: 'Corner Café' })
    const exchange = await rejection(
      b.caller.onboarding.connectExchange({
        businessId,
        apiKey: 'k'.repeat(16),
        secretKey: 's'.repeat(16),
      }),
    )
    expect(appCode(exchange)).toBe('STEP_NOT_ALLOWED')
    const node = await rejection(b.caller.node.request({ businessId }))
    expect(appCode(node)).toBe('STEP_NOT_ALLOWED')
    expect(await step(b, businessId)).toBe('company')
    expect((await b.caller.node.status({ businessId })).exists).toBe(false)
  })
})
