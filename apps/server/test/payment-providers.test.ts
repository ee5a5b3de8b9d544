/**
 * The three ways of holding money, end to end against simnet: an exchange account, an NWC
 * wallet, and the merchant's own node from password to open channel. Every refusal changes
 * nothing.
 */
import '../src/lib/websocket-global'
import { NWCWalletService, NWCWalletServiceKeyPair } from '@getalby/sdk/nwc'
import { generateSecretKey, getPublicKey } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { afterAll, describe, expect, it } from 'vitest'
import {
  approvedBusiness as sharedApprovedBusiness,
  channelOpened,
  ownNodeWithDeposit,
} from './businesses'
import { appCode, rejection, until } from './assertions'
import { scenario, type TestBrowser } from './harness'
import { underRelayPolicy } from '../src/wallets/nwc/nwc-client'
import { DEMO_RELAY_POLICY } from '../src/wallets/nwc/relay-guard'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { env, net } = t

const approvedBusiness = () => sharedApprovedBusiness(env)

const step = async (b: TestBrowser, businessId: string) =>
  (await b.caller.businesses.onboardingStep({ businessId })).step
const connection = (businessId: string) => env.services.connections.publicInfo(businessId)

describe('exchange account', () => {
  it('refuses a key the exchange rejects, then connects with the right one', async () => {
    const { b, businessId } = await approvedBusiness()
    await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'exchange' })
    const { key, secret } = await net.control<{ key: string; secret: string }>(
      'POST',
      '/kraken/keys',
      {
        label: 'test',
      },
    )
    const wrongSecret = Buffer.alloc(64, 7).toString('base64')
    const err = await rejection(
      b.caller.onboarding.connectExchange({ businessId, apiKey: key, secretKey: wrongSecret }),
    )
    expect(appCode(err)).toBe('EXCHANGE_KEY_REJECTED')
    expect(await step(b, businessId)).toBe('exchange')
    expect(await connection(businessId)).toBeUndefined()

    const done = await b.caller.onboarding.connectExchange({
      businessId,
      apiKey: key,
      secretKey: secret,
    })
    expect(done.step).toBe('completed')
    const stored = await env.database.db
      .selectFrom('walletConnections')
      .select(['kind', 'sealedConfig'])
      .where('businessId', '=', businessId)
      .executeTakeFirstOrThrow()
    expect(stored.kind).toBe('exchange')
    expect(stored.sealedConfig).not.toContain(secret)
    expect(stored.sealedConfig).not.toContain(key)
  })
})

describe('NWC node', () => {
  it('refuses a malformed URL, an unreachable relay and a wallet lacking make_invoice', async () => {
    const { b, businessId } = await approvedBusiness()
    const malformed = await rejection(
      b.caller.onboarding.connectNwc({ businessId, url: 'https://not-nwc' }),
    )
    expect(appCode(malformed)).toBe('NWC_URL_INVALID')

    const pub = getPublicKey(generateSecretKey())
    const secret = bytesToHex(generateSecretKey())
    const unreachable = await rejection(
      b.caller.onboarding.connectNwc({
        businessId,
        url: `nostr+walletconnect://${pub}?relay=ws%3A%2F%2F127.0.0.1%3A9%2Fnostr&secret=${secret}`,
      }),
    )
    expect(appCode(unreachable)).toBe('NWC_UNREACHABLE')

    // A real wallet service on simnet's relay that offers no make_invoice.
    const relayUrl = `${net.simnet.url.replace('http', 'ws')}/nostr`
    const walletSecret = bytesToHex(generateSecretKey())
    const clientSecret = bytesToHex(generateSecretKey())
    const service = new NWCWalletService({ relayUrls: [relayUrl] })
    underRelayPolicy(service.pool, DEMO_RELAY_POLICY)
    await service.publishWalletServiceInfoEvent(
      walletSecret,
      ['get_info', 'get_balance', 'pay_invoice'],
      [],
    )
    const keypair = new NWCWalletServiceKeyPair(
      walletSecret,
      getPublicKey(Buffer.from(clientSecret, 'hex')),
    )
    const unsub = await service.subscribe(keypair, {
      getInfo: () =>
        Promise.resolve({
          result: {
            alias: 'limited',
            color: '#000000',
            pubkey: '',
            network: 'regtest',
            block_height: 0,
            block_hash: '',
            methods: ['get_info', 'get_balance', 'pay_invoice'],
            notifications: [],
          },
          error: undefined,
        }),
    })
    try {
      const walletPubkey = getPublicKey(Buffer.from(walletSecret, 'hex'))
      const lacking = await rejection(
        b.caller.onboarding.connectNwc({
          businessId,
          url: `nostr+walletconnect://${walletPubkey}?relay=${encodeURIComponent(relayUrl)}&secret=${clientSecret}`,
        }),
      )
      expect(appCode(lacking)).toBe('NWC_MISSING_METHODS')
      expect((lacking.cause as { details?: { missing?: string[] } }).details?.missing).toEqual([
        'make_invoice',
        'lookup_invoice',
      ])
    } finally {
      unsub()
    }
    expect(await step(b, businessId)).toBe('paymentProvider')
    expect(await connection(businessId)).toBeUndefined()
  })

  it('connects a wallet that offers everything and completes onboarding', async () => {
    const { b, businessId } = await approvedBusiness()
    const { uri } = await net.control<{ uri: string }>('POST', '/nwc/connections', { name: 'shop' })
    const done = await b.caller.onboarding.connectNwc({ businessId, url: uri })
    expect(done.step).toBe('completed')
    const info = await connection(businessId)
    expect(info?.kind).toBe('nwc')
    expect(info?.publicInfo).toMatchObject({ notifications: ['payment_received', 'payment_sent'] })
  })
})

describe('own Lightning node', () => {
  it(
    'goes from node password to an open channel, and refuses bad input on the way',
    { timeout: 90_000 },
    async () => {
      const { b, businessId } = await approvedBusiness()
      expect(
        (await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'lightningNode' }))
          .step,
      ).toBe('nodePassword')

      const requested = await b.caller.node.request({ businessId })
      expect(requested.exists).toBe(true)
      const second = await rejection(b.caller.node.request({ businessId }))
      expect(appCode(second)).toBe('NODE_ALREADY_EXISTS')

      await until(
        () => b.caller.node.status({ businessId }),
        (s) => s.hostState === 'waiting_for_initialisation',
        'the node to wait for initialisation',
      )
      const empty = await rejection(
        b.caller.node.initialise({ businessId, password: '', confirmPassword: '' }),
      )
      expect(appCode(empty)).toBe('NODE_PASSWORD_EMPTY')
      expect(empty.message).toBe('Node password cannot be empty')
      const short = await rejection(
        b.caller.node.initialise({ businessId, password: 'short', confirmPassword: 'short' }),
      )
      expect(appCode(short)).toBe('NODE_PASSWORD_TOO_SHORT')
      expect((await b.caller.node.status({ businessId })).isInitialised).toBe(false)

      const password = 'my node password'
      const { seedWords } = await b.caller.node.initialise({
        businessId,
        password,
        confirmPassword: password,
      })
      expect(seedWords).toHaveLength(24)
      const row = await env.database.db
        .selectFrom('lightningNodes')
        .selectAll()
        .where('businessId', '=', businessId)
        .executeTakeFirstOrThrow()
      expect(row.seedSealed).not.toContain(seedWords[0])
      expect(JSON.stringify(row)).not.toContain(password)

      const wrong = await rejection(
        b.caller.node.revealSeed({ businessId, password: 'not my password' }),
      )
      expect(wrong.message).toBe('Invalid node password. Please try again.')
      expect((await b.caller.node.revealSeed({ businessId, password })).seedWords).toEqual(
        seedWords,
      )

      expect((await b.caller.node.confirmSeed({ businessId })).step).toBe('deposit')
      expect(await b.caller.businesses.lightningNodeSettings({ businessId })).toMatchObject({
        exists: true,
        isSeedConfirmed: true,
      })

      await until(
        () => b.caller.node.status({ businessId }),
        (s) => s.walletState === 'SERVER_ACTIVE',
        'the wallet to start',
      )
      const below = await rejection(b.caller.deposit.create({ businessId, amountSat: 1000 }))
      expect(appCode(below)).toBe('DEPOSIT_BELOW_MINIMUM')
      expect(await b.caller.deposit.current({ businessId })).toBeNull()

      const { onchainInvoiceId } = await b.caller.deposit.create({ businessId, amountSat: 300_000 })
      const created = await b.caller.deposit.get({ businessId, onchainInvoiceId })
      expect(created).toMatchObject({
        status: 'unused',
        amountSat: 300_000,
        requiredConfirmations: 3,
      })
      expect(created.address).toMatch(/^bcrt1q/)
      expect(created.bip21).toBe(`bitcoin:${created.address}?amount=0.003&label=Channel%20deposit`)

      await net.control('POST', '/send', { address: created.address, amountSat: 300_000 })
      await env.services.deposits.tick()
      expect(await b.caller.deposit.get({ businessId, onchainInvoiceId })).toMatchObject({
        status: 'receiving',
        confirmations: 0,
        receivedSat: 300_000,
      })
      await net.control('POST', '/mine', { blocks: 3 })
      await env.services.deposits.tick()
      const confirmed = await b.caller.deposit.get({ businessId, onchainInvoiceId })
      expect(confirmed).toMatchObject({
        status: 'confirmed',
        confirmations: 3,
        channel: { state: 'opening' },
      })
      expect(await step(b, businessId)).toBe('deposit')

      await channelOpened(env, net, { b, businessId, onchainInvoiceId })
      expect(await step(b, businessId)).toBe('completed')
    },
  )
})

describe('channel opening problems', () => {
  const nodeWithDeposit = () => ownNodeWithDeposit(env, net, 250_000)

  /**
   * Ticks until the channel's funding transaction is out (the row has its channel point), then
   * mines the blocks it waits for: on a busy machine the funding may go out only after the
   * deposit's own blocks, and blocks mined before it would confirm nothing.
   */
  const mineFunding = async (id: string) => {
    await until(
      async () => {
        await env.services.deposits.tick()
        return env.database.db
          .selectFrom('onchainInvoices')
          .select('channelPoint')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      },
      (row) => row.channelPoint !== null,
      'the funding transaction sent',
    )
    await net.control('POST', '/mine', { blocks: 3 })
  }

  const settle = async (b: TestBrowser, businessId: string, id: string, state: string) =>
    until(
      async () => {
        await env.services.deposits.tick()
        return b.caller.deposit.get({ businessId, onchainInvoiceId: id })
      },
      (d) => d.channel.state === state,
      `channel ${state}`,
    )

  it('reports a failed opening and opens on retry', async () => {
    await net.control('POST', '/channels/next-open', { mode: 'fail' })
    const { b, businessId, onchainInvoiceId } = await nodeWithDeposit()
    await mineFunding(onchainInvoiceId)
    const failed = await settle(b, businessId, onchainInvoiceId, 'failed')
    expect(failed.channel.error).toBe('Error opening the channel')
    expect(await step(b, businessId)).toBe('deposit')

    await net.control('POST', '/mine', { blocks: 1 }) // the refund confirms
    const retried = await b.caller.deposit.retryChannel({ businessId, onchainInvoiceId })
    expect(retried.channel.state).toBe('opening')
    await mineFunding(onchainInvoiceId)
    await settle(b, businessId, onchainInvoiceId, 'open')
    expect(await step(b, businessId)).toBe('completed')
  })

  it('waits for manual processing, then opens when the operator resolves it', async () => {
    await net.control('POST', '/channels/next-open', { mode: 'manual' })
    const { b, businessId, onchainInvoiceId } = await nodeWithDeposit()
    await mineFunding(onchainInvoiceId)
    const manual = await settle(b, businessId, onchainInvoiceId, 'manual')
    expect(manual.channel.error).toBe('Manual processing required')
    const notFailed = await rejection(
      b.caller.deposit.retryChannel({ businessId, onchainInvoiceId }),
    )
    expect(appCode(notFailed)).toBe('CHANNEL_NOT_FAILED')
    const row = await env.database.db
      .selectFrom('onchainInvoices')
      .select('channelPoint')
      .where('id', '=', onchainInvoiceId)
      .executeTakeFirstOrThrow()
    await net.control('POST', '/channels/resolve', {
      channelPoint: row.channelPoint,
      outcome: 'open',
    })
    await settle(b, businessId, onchainInvoiceId, 'open')
    expect(await step(b, businessId)).toBe('completed')
  })
})
