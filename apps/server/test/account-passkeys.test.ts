/**
 * Passkeys with real WebAuthn answers from a software authenticator (P-256 keys, CBOR
 * attestation, signed assertions; test/passkey-authenticator.ts), verified by the server's
 * @simplewebauthn/server: registration, names, removal behind the password, a sign-in, and the
 * second factor of a step-up. Each bad answer is refused with its code and changes nothing: a
 * replayed challenge, an unknown credential, another account's passkey, a counter that went
 * backwards, another origin.
 */
import { Secret, TOTP } from 'otpauth'
import { afterAll, describe, expect, it } from 'vitest'
import { relyingPartyOf } from '../src/modules/passkeys/relying-party'
import { appCode, rejection } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'
import { softAuthenticator } from './passkey-authenticator'

const PASSWORD = 'correct horse battery'
const ORIGIN = 'http://localhost:3000'

const t = await scenario()
afterAll(t.close)
const { env } = t

async function account(): Promise<{ b: TestBrowser; id: string; email: string }> {
  const b = env.browser()
  const email = uniqueEmail()
  const profile = await b.caller.auth.signUp({ email, password: PASSWORD })
  return { b, id: profile.id, email }
}

/** A signed-in account with one passkey named `name`, and its authenticator. */
async function withPasskey(name = 'Laptop') {
  const user = await account()
  const device = softAuthenticator({ origin: ORIGIN })
  const options = await user.b.caller.passkeys.registrationOptions()
  await user.b.caller.passkeys.register({ name, response: device.create(options) })
  return { ...user, device }
}

const stored = (userId: string) =>
  env.database.db
    .selectFrom('passkeys')
    .select(['id', 'credentialId', 'counter', 'lastUsedAt', 'userHandle'])
    .where('userId', '=', userId)
    .execute()

async function signInWith(device: ReturnType<typeof softAuthenticator>, how = {}) {
  const b = env.browser()
  const options = await b.caller.passkeys.signInOptions()
  const response = device.get(options, how)
  return { b, response, result: b.caller.passkeys.signIn({ response }) }
}

describe('registering passkeys', () => {
  it('keeps several named passkeys per account, listed with when they were made and used', async () => {
    const { b, id, device } = await withPasskey('Laptop')
    const second = await b.caller.passkeys.registrationOptions()
    expect(second.excludeCredentials?.map((c) => c.id)).toHaveLength(1)
    expect(second.authenticatorSelection?.residentKey).toBe('required')
    expect(second.rp.id).toBe('localhost')
    await b.caller.passkeys.register({ name: 'Phone', response: device.create(second) })
    const list = await b.caller.passkeys.list()
    expect(list.map((p) => p.name)).toEqual(['Laptop', 'Phone'])
    expect(list[0]?.createdAt).toBeInstanceOf(Date)
    expect(list[0]?.lastUsedAt).toBeNull()
    const rows = await stored(id)
    // one user handle for the account, the one the browser was given
    expect(new Set(rows.map((r) => r.userHandle)).size).toBe(1)
    expect(rows.map((r) => r.credentialId).sort()).toEqual(
      device.passkeys.map((p) => Buffer.from(p.credentialId).toString('base64url')).sort(),
    )

    const [laptop] = list
    await b.caller.passkeys.rename({ id: laptop!.id, name: 'Work laptop' })
    expect((await b.caller.passkeys.list()).map((p) => p.name)).toEqual(['Work laptop', 'Phone'])
  })

  it('refuses a registration answer given twice, or in another session, and keeps nothing', async () => {
    const { b, id, email } = await account()
    const device = softAuthenticator({ origin: ORIGIN })
    const options = await b.caller.passkeys.registrationOptions()
    const response = device.create(options)

    const other = env.browser()
    await other.caller.auth.signIn({ email, password: PASSWORD })
    const elsewhere = await rejection(other.caller.passkeys.register({ name: 'X', response }))
    expect(appCode(elsewhere)).toBe('PASSKEY_CHALLENGE_EXPIRED')
    expect(await stored(id)).toHaveLength(0)

    await b.caller.passkeys.register({ name: 'Laptop', response })
    const again = await rejection(b.caller.passkeys.register({ name: 'Again', response }))
    expect(appCode(again)).toBe('PASSKEY_CHALLENGE_EXPIRED')
    expect(await stored(id)).toHaveLength(1)
  })

  it('refuses an answer made for another origin', async () => {
    const { b, id } = await account()
    const device = softAuthenticator({ origin: 'https://evil.example' })
    const options = await b.caller.passkeys.registrationOptions()
    const err = await rejection(
      b.caller.passkeys.register({ name: 'Laptop', response: device.create(options) }),
    )
    expect(appCode(err)).toBe('PASSKEY_INVALID')
    expect(await stored(id)).toHaveLength(0)
  })

  it('removes a passkey only with the account password', async () => {
    const { b, id, device } = await withPasskey()
    const [passkey] = await b.caller.passkeys.list()
    const wrong = await rejection(
      b.caller.passkeys.remove({ id: passkey!.id, password: 'not the password' }),
    )
    expect(appCode(wrong)).toBe('WRONG_PASSWORD')
    expect(await stored(id)).toHaveLength(1)

    await b.caller.passkeys.remove({ id: passkey!.id, password: PASSWORD })
    expect(await b.caller.passkeys.list()).toEqual([])
    // a removed passkey signs in no more
    const { result } = await signInWith(device)
    expect(appCode(await rejection(result))).toBe('PASSKEY_UNKNOWN')
  })

  it("cannot rename or remove another account's passkey", async () => {
    const owner = await withPasskey()
    const [passkey] = await owner.b.caller.passkeys.list()
    const other = await account()
    const rename = await rejection(
      other.b.caller.passkeys.rename({ id: passkey!.id, name: 'Mine' }),
    )
    expect(appCode(rename)).toBe('NOT_FOUND')
    const remove = await rejection(
      other.b.caller.passkeys.remove({ id: passkey!.id, password: PASSWORD }),
    )
    expect(appCode(remove)).toBe('NOT_FOUND')
    expect((await owner.b.caller.passkeys.list()).map((p) => p.name)).toEqual(['Laptop'])
  })
})

describe('signing in with a passkey', () => {
  it('starts a session for the account the passkey belongs to, and records the use', async () => {
    const { id, email, device } = await withPasskey()
    const { b, result } = await signInWith(device)
    const profile = await result
    expect(profile).toMatchObject({ id, email })
    expect(b.cookies.get('sid')).toBeTruthy()
    expect(await b.caller.auth.getProfile()).toMatchObject({ id })
    const [row] = await stored(id)
    expect(row?.counter).toBe('1')
    expect(row?.lastUsedAt).toBeInstanceOf(Date)
  })

  it('refuses a replayed answer (its challenge was used) and starts no session', async () => {
    const { id, device } = await withPasskey()
    const { response, result } = await signInWith(device)
    await result
    const replay = env.browser()
    const err = await rejection(replay.caller.passkeys.signIn({ response }))
    expect(appCode(err)).toBe('PASSKEY_CHALLENGE_EXPIRED')
    expect(replay.cookies.get('sid')).toBeUndefined()
    expect((await stored(id))[0]?.counter).toBe('1')
  })

  it('refuses an unknown credential', async () => {
    const stranger = softAuthenticator({ origin: ORIGIN })
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } })
    const { b, result } = await signInWith(stranger)
    expect(appCode(await rejection(result))).toBe('PASSKEY_UNKNOWN')
    expect(b.cookies.get('sid')).toBeUndefined()
  })

  it('refuses a counter that went backwards (a copied passkey) and keeps the stored one', async () => {
    const { id, device } = await withPasskey()
    await (
      await signInWith(device, { counter: 7 })
    ).result
    const { b, result } = await signInWith(device, { counter: 3 })
    expect(appCode(await rejection(result))).toBe('PASSKEY_COUNTER_BACKWARDS')
    expect(b.cookies.get('sid')).toBeUndefined()
    expect((await stored(id))[0]?.counter).toBe('7')
  })

  it('refuses an answer signed for another origin, or not signed by the passkey', async () => {
    const { id, device } = await withPasskey()
    const { result } = await signInWith(device, { origin: 'https://evil.example' })
    expect(appCode(await rejection(result))).toBe('PASSKEY_INVALID')

    const b = env.browser()
    const options = await b.caller.passkeys.signInOptions()
    const response = device.get(options)
    const forged = {
      ...response,
      response: { ...response.response, signature: device.get(options).response.signature },
    }
    // the signature of another answer (another counter) does not fit this one
    const err = await rejection(b.caller.passkeys.signIn({ response: forged }))
    expect(appCode(err)).toBe('PASSKEY_INVALID')
    expect((await stored(id))[0]?.lastUsedAt).toBeNull()
  })
})

describe('a passkey as the second factor of a step-up', () => {
  it('stands for the code before a payout, bound to this session and account', async () => {
    const { b, device } = await withPasskey()
    const options = await b.caller.passkeys.stepUpOptions()
    expect(options.allowCredentials).toHaveLength(1)
    const response = device.get(options)
    const { validUntil } = await b.caller.consent.stepUp({ password: PASSWORD, passkey: response })
    expect(validUntil.getTime()).toBeGreaterThan(Date.now())

    // the same answer again: its challenge was taken
    const replay = await rejection(
      b.caller.consent.stepUp({ password: PASSWORD, passkey: response }),
    )
    expect(appCode(replay)).toBe('PASSKEY_CHALLENGE_EXPIRED')
  })

  it("refuses another account's passkey on this account's challenge, and another session's challenge", async () => {
    const mine = await withPasskey()
    const theirs = await withPasskey()
    const options = await mine.b.caller.passkeys.stepUpOptions()
    const foreign = theirs.device.get(options, { passkey: theirs.device.passkeys[0] })
    const err = await rejection(
      mine.b.caller.consent.stepUp({ password: PASSWORD, passkey: foreign }),
    )
    expect(appCode(err)).toBe('PASSKEY_OTHER_ACCOUNT')
    expect((await stored(theirs.id))[0]?.counter).toBe('0')
    expect(await mine.b.caller.consent.status()).toEqual({ validUntil: null })

    // a challenge given to the other account's session is not this session's
    const theirOptions = await theirs.b.caller.passkeys.stepUpOptions()
    const answer = mine.device.get(theirOptions, { passkey: mine.device.passkeys[0] })
    const crossed = await rejection(
      mine.b.caller.consent.stepUp({ password: PASSWORD, passkey: answer }),
    )
    expect(appCode(crossed)).toBe('PASSKEY_CHALLENGE_EXPIRED')
    expect(await mine.b.caller.consent.status()).toEqual({ validUntil: null })
  })

  it('replaces the authenticator code when two-step verification is on', async () => {
    const { b, device } = await withPasskey()
    const { secret } = await b.caller.account.twoFactor.start()
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
    await b.caller.account.twoFactor.confirm({ code: totp.generate() })

    const bare = await rejection(b.caller.consent.stepUp({ password: PASSWORD }))
    expect(appCode(bare)).toBe('TWO_FACTOR_REQUIRED')
    const options = await b.caller.passkeys.stepUpOptions()
    const { validUntil } = await b.caller.consent.stepUp({
      password: PASSWORD,
      passkey: device.get(options),
    })
    expect(validUntil).toBeInstanceOf(Date)
  })

  it('still needs the right password', async () => {
    const { b, device } = await withPasskey()
    const options = await b.caller.passkeys.stepUpOptions()
    const err = await rejection(
      b.caller.consent.stepUp({ password: 'not the password', passkey: device.get(options) }),
    )
    expect(appCode(err)).toBe('WRONG_PASSWORD')
    expect(await b.caller.consent.status()).toEqual({ validUntil: null })
  })
})

describe('the site passkeys are for', () => {
  it('is PUBLIC_URL, or the demo page’s own origin, and never an IP address', () => {
    expect(relyingPartyOf({ publicUrl: 'https://pay.example.com', isDemo: false }, {})).toEqual({
      origin: 'https://pay.example.com',
      rpId: 'pay.example.com',
    })
    // outside demo mode the page's origin does not change it
    expect(
      relyingPartyOf(
        { publicUrl: 'https://pay.example.com', isDemo: false },
        { origin: 'http://localhost:3210', host: 'localhost:3210' },
      ).rpId,
    ).toBe('pay.example.com')
    expect(
      relyingPartyOf(
        { publicUrl: 'http://127.0.0.1:3210', isDemo: true },
        { origin: 'http://localhost:3210', host: 'localhost:3210' },
      ),
    ).toEqual({ origin: 'http://localhost:3210', rpId: 'localhost' })
    expect(() =>
      relyingPartyOf(
        { publicUrl: 'http://127.0.0.1:3210', isDemo: true },
        { origin: 'http://127.0.0.1:3210', host: '127.0.0.1:3210' },
      ),
    ).toThrow(expect.objectContaining({ code: 'PASSKEY_UNAVAILABLE' }))
  })
})
