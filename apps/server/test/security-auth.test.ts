/**
 * Sign-in limits that hold under attack: the per-account lockout counts guesses made at the same
 * time, and behind a proxy the client address comes from the hops the operator trusts only, so a
 * forged X-Forwarded-For does not escape the per-address limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'
import { appCode, rejection } from './assertions'
import { scenario, uniqueEmail, type TestEnv, type Scenario } from './harness'

describe('account lockout under concurrent guesses', () => {
  let t: Scenario
  let env: TestEnv
  beforeAll(async () => {
    t = await scenario({
      authLimits: {
        signInPerIp: { points: 1000, durationSec: 60 },
        failedSignInPerAccount: { points: 3, durationSec: 60 },
        signUpPerIp: { points: 1000, durationSec: 60 },
      },
    })
    env = t.env
  })
  afterAll(() => t.close())

  it('checks at most the allowed number of passwords, however many guesses arrive at once', async () => {
    const email = uniqueEmail()
    await env.browser().caller.auth.signUp({ email, password: 'correct horse battery' })
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        rejection(
          env
            .browser({ ip: `10.1.0.${i + 1}` })
            .caller.auth.signIn({ email, password: `wrong guess ${i}` }),
        ),
      ),
    )
    const codes = guesses.map(appCode)
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(3)
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(9)
    // The account is locked now, even for the right password.
    const b = env.browser({ ip: '10.1.1.1' })
    const locked = await rejection(
      b.caller.auth.signIn({ email, password: 'correct horse battery' }),
    )
    expect(appCode(locked)).toBe('RATE_LIMITED')
    expect(b.cookies.size).toBe(0)
  })

  it('keeps a user who gets their password right under the limit signed in, again and again', async () => {
    const email = uniqueEmail()
    await env.browser().caller.auth.signUp({ email, password: 'correct horse battery' })
    await rejection(env.browser().caller.auth.signIn({ email, password: 'wrong guess 1' }))
    await rejection(env.browser().caller.auth.signIn({ email, password: 'wrong guess 2' }))
    for (let i = 0; i < 5; i++) {
      await env.browser().caller.auth.signIn({ email, password: 'correct horse battery' })
    }
    // A success clears the failures: two more wrong guesses still leave the account open.
    await rejection(env.browser().caller.auth.signIn({ email, password: 'wrong guess 3' }))
    await rejection(env.browser().caller.auth.signIn({ email, password: 'wrong guess 4' }))
    await env.browser().caller.auth.signIn({ email, password: 'correct horse battery' })
  })
})

describe('client addresses behind a proxy', () => {
  const json = (body: unknown) => JSON.stringify({ json: body })
  const limits = {
    signInPerIp: { points: 2, durationSec: 60 },
    failedSignInPerAccount: { points: 100, durationSec: 60 },
    signUpPerIp: { points: 100, durationSec: 60 },
  }

  async function behindProxy(trustProxy: string) {
    const server = await scenario({
      env: { TRUST_PROXY: trustProxy },
      authLimits: limits,
      http: 'inject',
    })
    const { app } = server
    /** A sign-in reaching the server through the proxy at 10.0.0.1 from `client`. */
    const signIn = (client: string, forged?: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        remoteAddress: '10.0.0.1',
        headers: {
          'content-type': 'application/json',
          'x-trpc-source': 'web',
          // The proxy appends the address it saw to whatever the client sent.
          'x-forwarded-for': forged ? `${forged}, ${client}` : client,
        },
        payload: json({ email: uniqueEmail(), password: 'wrong password 1' }),
      })
    return { server, signIn }
  }

  const appCodeOf = (res: { json: <T>() => T }) =>
    res.json<{ error: { json: { data: { appCode: string } } } }>().error.json.data.appCode

  for (const setting of ['1', '10.0.0.0/8', '127.0.0.1, 10.0.0.1']) {
    it(`with TRUST_PROXY=${setting} a forged X-Forwarded-For does not bypass the per-address limit`, async () => {
      const { server, signIn } = await behindProxy(setting)
      try {
        expect(appCodeOf(await signIn('203.0.113.7', '198.51.100.1'))).toBe('INVALID_CREDENTIALS')
        expect(appCodeOf(await signIn('203.0.113.7', '198.51.100.2'))).toBe('INVALID_CREDENTIALS')
        const third = await signIn('203.0.113.7', '198.51.100.3')
        expect(third.statusCode).toBe(429)
        expect(appCodeOf(third)).toBe('RATE_LIMITED')
        // Another client behind the same proxy has its own limit.
        expect(appCodeOf(await signIn('203.0.113.8'))).toBe('INVALID_CREDENTIALS')
      } finally {
        await server.close()
      }
    })
  }

  it('refuses TRUST_PROXY=true, which would trust every hop, and malformed settings', () => {
    for (const bad of ['true', 'yes', '-1', '10.0.0.0/99', 'not an address']) {
      expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: bad }), bad).toThrow(ConfigError)
    }
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(
      ['10.0.0.0/8', 'fd00::/8'],
    )
  })
})
