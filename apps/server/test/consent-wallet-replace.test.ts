/**
 * Replacing the wallet redirects every later payment: it passes the consent policy. Without the
 * owner's step-up, to an NWC wallet whose key is on the denylist or sanctioned, and while the
 * sanctions API is down, the old connection stays; with the password (or a step-up) it is
 * replaced; every decision is audited.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { parseNwcUri } from '../src/wallets/nwc/nwc-uri'
import { exchangeBusiness, nwcBusiness } from './businesses'
import { appCode, rejection } from './assertions'
import { decisions, deny, flag, withScreeningDown } from './consent-support'
import { scenario } from './harness'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const t = await scenario({ simnet: true, screening: true })
afterAll(t.close)
const { env, net } = t

const newWallet = async (name: string) =>
  (await net.control<{ uri: string }>('POST', '/nwc/connections', { name })).uri

describe('replacing an NWC wallet', () => {
  it('is refused every way the policy refuses, and the old wallet stays', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const pubkey = async () => (await b.caller.walletDetails.nwc({ businessId })).walletPubkey
    const before = await pubkey()
    const replace = (url: string, password?: string) =>
      rejection(b.caller.walletDetails.replaceNwc({ businessId, url, password })).then(appCode)

    expect(await replace(await newWallet('no step-up'))).toBe('STEP_UP_REQUIRED')
    const denied = await newWallet('denied')
    await deny(env, parseNwcUri(denied).walletPubkey)
    expect(await replace(denied, ACCOUNT_PASSWORD)).toBe('WITHDRAW_DENYLISTED')
    const sanctioned = await newWallet('sanctioned')
    await flag(net, parseNwcUri(sanctioned).walletPubkey)
    expect(await replace(sanctioned, ACCOUNT_PASSWORD)).toBe('WITHDRAW_FLAGGED')
    const unscreened = await newWallet('unscreened')
    expect(await withScreeningDown(net, () => replace(unscreened, ACCOUNT_PASSWORD))).toBe(
      'WITHDRAW_SCREENING_UNAVAILABLE',
    )
    expect(await pubkey()).toBe(before)
    const stored = await env.services.connections.find<{ walletPubkey: string }>(businessId)
    expect(stored?.config.walletPubkey).toBe(before)

    const good = await newWallet('good')
    const replaced = await b.caller.walletDetails.replaceNwc({
      businessId,
      url: good,
      password: ACCOUNT_PASSWORD,
    })
    expect(replaced.walletPubkey).toBe(parseNwcUri(good).walletPubkey)
    expect(await pubkey()).toBe(replaced.walletPubkey)
    expect((await decisions(env, businessId)).map((d) => [d.action, d.outcome, d.reason])).toEqual([
      ['wallet_replace', 'refused', 'STEP_UP_REQUIRED'],
      ['wallet_replace', 'refused', 'WITHDRAW_DENYLISTED'],
      ['wallet_replace', 'refused', 'WITHDRAW_FLAGGED'],
      ['wallet_replace', 'refused', 'WITHDRAW_SCREENING_UNAVAILABLE'],
      ['wallet_replace', 'allowed', 'password'],
    ])
  })
})

describe('replacing exchange keys', () => {
  it('needs the step-up; a session alone keeps the old keys', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const masked = async () => (await b.caller.walletDetails.exchange({ businessId })).apiKeyMasked
    const before = await masked()
    const fresh = await net.control<{ key: string; secret: string }>('POST', '/kraken/keys', {})
    const keys = { businessId, apiKey: fresh.key, secretKey: fresh.secret }
    const refused = await rejection(b.caller.walletDetails.replaceExchangeKeys(keys))
    expect(appCode(refused)).toBe('STEP_UP_REQUIRED')
    expect(await masked()).toBe(before)

    await b.caller.consent.stepUp({ password: ACCOUNT_PASSWORD })
    const replaced = await b.caller.walletDetails.replaceExchangeKeys(keys)
    expect(await masked()).toBe(replaced.apiKeyMasked)
    expect((await decisions(env, businessId)).map((d) => [d.outcome, d.reason])).toEqual([
      ['refused', 'STEP_UP_REQUIRED'],
      ['allowed', 'step-up'],
    ])
  })

  it('is not given by signing in: a fresh session has no step-up', async () => {
    const { b } = await exchangeBusiness(env, net)
    expect((await b.caller.consent.status()).validUntil).toBeNull()
    const wrong = await rejection(b.caller.consent.stepUp({ password: 'not the password' }))
    expect(appCode(wrong)).toBe('WRONG_PASSWORD')
    expect((await b.caller.consent.status()).validUntil).toBeNull()
  })
})
