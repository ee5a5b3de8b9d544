/**
 * The settings pages of an NWC wallet and an exchange account: what the connection is and
 * allows, whether it answers, and replacing it (verified as in onboarding; a refused
 * replacement leaves the old connection working).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { createNodeRepo } from '../src/modules/node/repo'
import { createWalletDetailsService } from '../src/modules/wallet-details/service'
import { parseNwcUri } from '../src/wallets/nwc/nwc-uri'
import { exchangeBusiness, nwcBusiness, paidLightning } from './businesses'
import { appCode, rejection } from './assertions'
import { scenario } from './harness'
import { ACCOUNT_PASSWORD } from './withdraw-support'
import { DEMO_RELAY_POLICY } from '../src/wallets/nwc/relay-guard'

const t = await scenario({ simnet: true, screening: true, realtime: true })
afterAll(t.close)
const { env, net } = t

describe('NWC details', () => {
  it('shows the connection, tests it, and replaces it only with one that works', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const details = await b.caller.walletDetails.nwc({ businessId })
    expect(details.relayUrls[0]).toMatch(/^wss?:\/\//)
    expect(details.walletPubkey).toMatch(/^[0-9a-f]{64}$/)
    expect(details.methods).toEqual(expect.arrayContaining(['make_invoice', 'get_balance']))
    expect(details.live).toMatchObject({ isAnswering: true, budget: null })
    expect(details.live.balanceSat).toBeGreaterThanOrEqual(0)

    const tested = await b.caller.walletDetails.testNwc({ businessId })
    expect(tested.latencyMs).toBeGreaterThanOrEqual(0)
    expect(tested.methods).toContain('make_invoice')

    const invalid = await rejection(
      b.caller.walletDetails.replaceNwc({
        businessId,
        url: 'https://example.com',
        password: ACCOUNT_PASSWORD,
      }),
    )
    expect(appCode(invalid)).toBe('NWC_URL_INVALID')
    expect((await b.caller.walletDetails.nwc({ businessId })).walletPubkey).toBe(
      details.walletPubkey,
    )

    const { uri } = await net.control<{ uri: string }>('POST', '/nwc/connections', { name: 'new' })
    const replaced = await b.caller.walletDetails.replaceNwc({
      businessId,
      url: uri,
      password: ACCOUNT_PASSWORD,
    })
    expect(replaced.walletPubkey).toBe(parseNwcUri(uri).walletPubkey)
    expect((await b.caller.walletDetails.nwc({ businessId })).walletPubkey).toBe(
      replaced.walletPubkey,
    )
    // Payments go to the new wallet at once.
    await paidLightning({ b, businessId }, net, 900)
  })

  it('says when the wallet stops answering', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const stored = await env.services.connections.find<ReturnType<typeof parseNwcUri>>(businessId)
    // A wallet that is gone: nobody answers at this key on the relay.
    const gone = { ...stored!.config, walletPubkey: 'ab'.repeat(32) }
    await env.services.connections.save(
      env.database.db,
      businessId,
      'nwc',
      gone,
      stored!.publicInfo,
    )
    const quick = createWalletDetailsService({
      db: env.database.db,
      connections: env.services.connections,
      nodes: createNodeRepo(env.database.db),
      consent: env.services.consent,
      exchangeBaseUrl: net.externals.exchangeBaseUrl,
      relayPolicy: DEMO_RELAY_POLICY,
      answerMs: 1_000,
    })
    const details = await quick.nwc(businessId)
    expect(details.live).toEqual({ isAnswering: false, balanceSat: null, budget: null })
  })
})

describe('exchange details', () => {
  it('shows the masked key, its permissions, balances and withdrawal destinations', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const stored = await env.services.connections.find<{ apiKey: string }>(businessId)
    const key = stored!.config.apiKey
    await net.control('POST', '/kraken/withdraw-keys', {
      key,
      name: 'cold storage',
      address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    })
    const details = await b.caller.walletDetails.exchange({ businessId })
    expect(details.apiKeyMasked).toBe(`…${key.slice(-4)}`)
    expect(JSON.stringify(details)).not.toContain(key)
    expect(details.permissions).toEqual({ queryFunds: true, deposit: true, withdraw: true })
    expect(details.balances.map((b) => b.asset)).toEqual(['XXBT'])
    expect(details.balances[0]?.amount).toMatch(/^\d+\.\d+$/)
    expect(details.withdrawalDestinations).toEqual([
      {
        name: 'cold storage',
        method: 'Bitcoin',
        address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
        isVerified: true,
      },
    ])
  })

  it('replaces the keys only with keys the exchange accepts', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    const before = (await b.caller.walletDetails.exchange({ businessId })).apiKeyMasked
    const fresh = await net.control<{ key: string; secret: string }>('POST', '/kraken/keys', {})
    const wrong = await rejection(
      b.caller.walletDetails.replaceExchangeKeys({
        businessId,
        apiKey: fresh.key,
        secretKey: Buffer.from('not the secret of this key').toString('base64'),
        password: ACCOUNT_PASSWORD,
      }),
    )
    expect(appCode(wrong)).toBe('EXCHANGE_KEY_REJECTED')
    expect((await b.caller.walletDetails.exchange({ businessId })).apiKeyMasked).toBe(before)

    const replaced = await b.caller.walletDetails.replaceExchangeKeys({
      businessId,
      apiKey: fresh.key,
      secretKey: fresh.secret,
      password: ACCOUNT_PASSWORD,
    })
    expect(replaced.apiKeyMasked).toBe(`…${fresh.key.slice(-4)}`)
    expect((await b.caller.walletDetails.exchange({ businessId })).apiKeyMasked).toBe(
      replaced.apiKeyMasked,
    )
    const nwc = await rejection(b.caller.walletDetails.nwc({ businessId }))
    expect(appCode(nwc)).toBe('NOT_FOUND')
  })
})
