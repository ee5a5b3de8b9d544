import { afterAll, describe, expect, it } from 'vitest'
import { rejection } from '../../../test/assertions'
import { scenario, uniqueEmail } from '../../../test/harness'

const t = await scenario()
afterAll(t.close)
const { env } = t

async function owner() {
  const b = env.browser()
  await b.caller.auth.signUp({ email: uniqueEmail('owner'), password: 'correct horse battery' })
  return b
}

describe('businesses', () => {
  it('creates a business at the company step and lists only the caller’s own', async () => {
    const alice = await owner()
    const bob = await owner()
    expect(await alice.caller.businesses.list()).toEqual([])
    const created = await alice.caller.businesses.create({ name: '  Corner Café ' })
    expect(created.onboardingStep).toBe('company')
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
    await bob.caller.businesses.create({ name: 'Bob’s Bikes' })
    const list = await alice.caller.businesses.list()
    expect(list).toEqual([
      expect.objectContaining({ id: created.id, name: 'Corner Café', onboardingStep: 'company' }),
    ])
    expect(await alice.caller.businesses.onboardingStep({ businessId: created.id })).toEqual({
      step: 'company',
    })
  })

  it('answers NOT_FOUND for a business that is not yours, a malformed id or a missing one', async () => {
    const alice = await owner()
    const mallory = await owner()
    const { id } = await alice.caller.businesses.create({ name: 'Private Shop' })
    for (const businessId of [id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const err = await rejection(mallory.caller.businesses.onboardingStep({ businessId }))
      expect(err.code).toBe('NOT_FOUND')
      const err2 = await rejection(mallory.caller.businesses.get({ businessId }))
      expect(err2.code).toBe('NOT_FOUND')
    }
  })

  it('refuses an empty name and creates nothing', async () => {
    const alice = await owner()
    const err = await rejection(alice.caller.businesses.create({ name: '   ' }))
    expect(err.code).toBe('BAD_REQUEST')
    expect(await alice.caller.businesses.list()).toEqual([])
  })

  it('needs a signed-in user', async () => {
    const anon = env.browser()
    expect((await rejection(anon.caller.businesses.list())).code).toBe('UNAUTHORIZED')
    expect((await rejection(anon.caller.businesses.create({ name: 'X' }))).code).toBe(
      'UNAUTHORIZED',
    )
  })
})
