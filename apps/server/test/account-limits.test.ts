/**
 * Secrets that can be guessed online are limited: seed word reveals per user and per business,
 * password changes per user; and with two-factor sign-in on, the seed words need a code too.
 */
import { Secret, TOTP } from 'otpauth'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { approvedBusiness } from './businesses'
import { appCode, rejection, until } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'

const password = 'correct horse battery'
const nodePassword = 'my node password'

const t = await scenario({
  simnet: true,
  authLimits: {
    signInPerIp: { points: 10_000, durationSec: 60 },
    failedSignInPerAccount: { points: 100, durationSec: 60 },
    signUpPerIp: { points: 10_000, durationSec: 60 },
    revealSeedPerUser: { points: 3, durationSec: 600 },
    revealSeedPerBusiness: { points: 4, durationSec: 600 },
    changePasswordPerUser: { points: 3, durationSec: 600 },
  },
})
afterAll(t.close)
const { env } = t

/** A business on its own node, initialised: its seed words can be revealed. */
async function nodeBusiness(): Promise<{ b: TestBrowser; businessId: string; seed: string[] }> {
  const { b, businessId } = await approvedBusiness(env)
  await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'lightningNode' })
  await b.caller.node.request({ businessId })
  await until(
    () => b.caller.node.status({ businessId }),
    (s) => s.hostState === 'waiting_for_initialisation',
    'the node to wait for initialisation',
  )
  const { seedWords } = await b.caller.node.initialise({
    businessId,
    password: nodePassword,
    confirmPassword: nodePassword,
  })
  return { b, businessId, seed: seedWords }
}

/** Another member of the business, signed in in their own browser. */
async function member(businessId: string): Promise<TestBrowser> {
  const b = env.browser()
  const { id: userId } = await b.caller.auth.signUp({ email: uniqueEmail(), password })
  await env.database.db
    .insertInto('businessMembers')
    .values({ businessId, userId, role: 'owner' })
    .execute()
  return b
}

async function currentCode(secret: string): Promise<string> {
  const msIntoStep = Date.now() % 30_000
  if (msIntoStep > 25_000) await sleep(30_000 - msIntoStep + 100)
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate()
}

describe('revealing seed words', () => {
  it(
    'limits failed reveals per user and per business, then refuses even the right password',
    { timeout: 90_000 },
    async () => {
      const { b, businessId, seed } = await nodeBusiness()
      for (let i = 0; i < 3; i++) {
        const err = await rejection(
          b.caller.node.revealSeed({ businessId, password: `guess ${i}xx` }),
        )
        expect(appCode(err)).toBe('INVALID_NODE_PASSWORD')
      }
      const limited = await rejection(
        b.caller.node.revealSeed({ businessId, password: nodePassword }),
      )
      expect(appCode(limited)).toBe('RATE_LIMITED')

      // Another member has tries of their own, until the business's are spent; a reveal that
      // works counts for neither.
      const other = await member(businessId)
      for (let i = 0; i < 3; i++) {
        expect(
          (await other.caller.node.revealSeed({ businessId, password: nodePassword })).seedWords,
        ).toEqual(seed)
      }
      const wrong = other.caller.node.revealSeed({ businessId, password: 'guess 9xx' })
      expect(appCode(await rejection(wrong))).toBe('INVALID_NODE_PASSWORD')
      const spent = await rejection(
        other.caller.node.revealSeed({ businessId, password: nodePassword }),
      )
      expect(appCode(spent)).toBe('RATE_LIMITED')
    },
  )

  it(
    'asks for a code from the authenticator when two-factor sign-in is on',
    { timeout: 90_000 },
    async () => {
      const { b, businessId, seed } = await nodeBusiness()
      const { secret } = await b.caller.account.twoFactor.start()
      await b.caller.account.twoFactor.confirm({ code: await currentCode(secret) })

      const without = await rejection(
        b.caller.node.revealSeed({ businessId, password: nodePassword }),
      )
      expect(appCode(without)).toBe('TWO_FACTOR_REQUIRED')
      const wrong = await rejection(
        b.caller.node.revealSeed({ businessId, password: nodePassword, code: '000000' }),
      )
      expect(appCode(wrong)).toBe('INVALID_TWO_FACTOR_CODE')
      // The next step's code (the one just used for enrolment is not taken again).
      const next = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: Date.now() + 30_000,
      })
      const { seedWords } = await b.caller.node.revealSeed({
        businessId,
        password: nodePassword,
        code: next,
      })
      expect(seedWords).toEqual(seed)
    },
  )
})

describe('changing the password', () => {
  it('is limited per user, right or wrong', async () => {
    const b = env.browser()
    const email = uniqueEmail()
    await b.caller.auth.signUp({ email, password })
    for (let i = 0; i < 3; i++) {
      const err = await rejection(
        b.caller.account.changePassword({
          currentPassword: `wrong guess ${i}`,
          newPassword: 'new strong password',
          confirmPassword: 'new strong password',
        }),
      )
      expect(appCode(err)).toBe('WRONG_CURRENT_PASSWORD')
    }
    const limited = await rejection(
      b.caller.account.changePassword({
        currentPassword: password,
        newPassword: 'new strong password',
        confirmPassword: 'new strong password',
      }),
    )
    expect(appCode(limited)).toBe('RATE_LIMITED')
    // Nothing changed: the old password still signs in.
    expect((await env.browser().caller.auth.signIn({ email, password })).step).toBe('signedIn')
  })
})
