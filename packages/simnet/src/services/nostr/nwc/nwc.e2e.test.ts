import '../ws-polyfill'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import bolt11 from 'bolt11'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { NWCClient, Nip47WalletError } from '@getalby/sdk/nwc'
import type { Nip47Notification, Nip47Transaction } from '@getalby/sdk/nwc'
import { generateSecretKey } from 'nostr-tools/pure'
import { bytesToHex } from '@noble/hashes/utils.js'
import { startNostrSimnet } from './test-simnet'
import type { NostrSimnet } from './test-simnet'
import type { NwcConnectionView } from './control'

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] }

const dataDir = mkdtempSync(join(tmpdir(), 'simnet-nwc-'))
let sim: NostrSimnet
let conn: NwcConnectionView
let client: NWCClient
const notifications: Nip47Notification[] = []
let unsubscribe: () => void = () => {}

async function createConnection(body: object): Promise<NwcConnectionView> {
  const res = await fetch(`${sim.baseUrl}/control/nwc/connections`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as NwcConnectionView
}

async function walletError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(Nip47WalletError)
  return err as Nip47WalletError
}

beforeAll(async () => {
  sim = await startNostrSimnet(dataDir)
  conn = await createConnection({ name: 'Coffee shop', budgetSat: 50_000 })
  client = new NWCClient({ nostrWalletConnectUrl: conn.uri })
  unsubscribe = await client.subscribeNotifications((n) => notifications.push(n))
})

afterAll(async () => {
  unsubscribe()
  client?.close()
  await sim?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('NWC wallet service with the real @getalby/sdk client', () => {
  let incoming: Nip47Transaction

  it('issues a connection URI the SDK parses', () => {
    expect(conn.uri).toMatch(
      /^nostr\+walletconnect:\/\/[0-9a-f]{64}\?relay=ws%3A%2F%2F127\.0\.0\.1%3A\d+%2Fnostr&secret=[0-9a-f]{64}$/,
    )
    expect(client.walletPubkey).toBe(conn.walletPubkey)
    expect(client.publicKey).toBe(conn.clientPubkey)
    expect(conn.nodeId).toBe('nwc-1')
  })

  it('publishes the info event with both encryptions and notifications', async () => {
    const info = await client.getWalletServiceInfo()
    expect(info.encryptions).toEqual(['nip44_v2', 'nip04'])
    expect(info.notifications).toEqual(['payment_received', 'payment_sent'])
    expect(info.capabilities).toEqual(
      expect.arrayContaining(['get_info', 'pay_invoice', 'list_transactions']),
    )
  })

  it('answers get_info for the wallet node on regtest', async () => {
    const info = await client.getInfo()
    expect(info).toMatchObject({
      network: 'regtest',
      pubkey: conn.nodePubkey,
      alias: 'Coffee shop',
    })
    expect(info.methods).toEqual([
      'get_info',
      'get_balance',
      'make_invoice',
      'lookup_invoice',
      'pay_invoice',
      'list_transactions',
    ])
    expect(info.block_height).toBe(sim.world.chain.tipHeight())
    expect(info.block_hash).toBe(sim.world.chain.tipHash())
  })

  it('starts with the budget as balance', async () => {
    const { balance } = await client.getBalance()
    expect(balance).toBe(50_000_000)
  })

  it('makes a real regtest BOLT11 invoice and looks it up as pending', async () => {
    incoming = await client.makeInvoice({
      amount: 21_000_000,
      description: 'two espressos',
      expiry: 600,
    })
    const decoded = bolt11.decode(incoming.invoice, REGTEST)
    expect(decoded.payeeNodeKey).toBe(conn.nodePubkey)
    expect(decoded.millisatoshis).toBe('21000000')
    expect(decoded.tags.find((t) => t.tagName === 'payment_hash')?.data).toBe(incoming.payment_hash)
    expect(incoming).toMatchObject({
      type: 'incoming',
      state: 'pending',
      amount: 21_000_000,
      description: 'two espressos',
      preimage: '',
    })
    expect(incoming.expires_at).toBe(incoming.created_at + 600)

    const looked = await client.lookupInvoice({ payment_hash: incoming.payment_hash })
    expect(looked).toMatchObject({ state: 'pending', invoice: incoming.invoice, settled_at: null })
  })

  it('notifies payment_received when the payer pays, and lookup shows it settled', async () => {
    const payment = await sim.world.payer.pay(incoming.invoice)
    expect(payment.status).toBe('SUCCEEDED')
    await expect
      .poll(
        () => notifications.find((n) => n.notification.payment_hash === incoming.payment_hash),
        { timeout: 5000 },
      )
      .toMatchObject({
        notification_type: 'payment_received',
        notification: {
          type: 'incoming',
          state: 'settled',
          amount: 21_000_000,
          preimage: payment.preimage,
        },
      })
    const looked = await client.lookupInvoice({ invoice: incoming.invoice })
    expect(looked.state).toBe('settled')
    expect(looked.settled_at).toBeGreaterThanOrEqual(looked.created_at)
    expect((await client.getBalance()).balance).toBe(71_000_000)
  })

  it('pays an invoice of another node, notifies payment_sent and lowers the balance', async () => {
    const invoice = sim.world.payer.addInvoice({ valueMsat: 5_000_000, memo: 'supplier' })
    const before = (await client.getBalance()).balance
    const paid = await client.payInvoice({ invoice: invoice.paymentRequest })
    expect(paid.preimage).toBe(invoice.preimage)
    expect(sim.world.payer.lookupInvoice(invoice.paymentHash)?.state).toBe('SETTLED')
    expect((await client.getBalance()).balance).toBe(before - 5_000_000 - paid.fees_paid)
    await expect
      .poll(() => notifications.find((n) => n.notification.payment_hash === invoice.paymentHash), {
        timeout: 5000,
      })
      .toMatchObject({
        notification_type: 'payment_sent',
        notification: {
          type: 'outgoing',
          state: 'settled',
          amount: 5_000_000,
          description: 'supplier',
        },
      })
  })

  it('lists both transactions newest first, filtered as asked', async () => {
    const { transactions } = await client.listTransactions({})
    expect(transactions.map((t) => [t.type, t.amount])).toEqual([
      ['outgoing', 5_000_000],
      ['incoming', 21_000_000],
    ])
    const onlyIncoming = await client.listTransactions({ type: 'incoming' })
    expect(onlyIncoming.transactions.map((t) => t.payment_hash)).toEqual([incoming.payment_hash])
    const page = await client.listTransactions({ limit: 1, offset: 1 })
    expect(page.transactions.map((t) => t.type)).toEqual(['incoming'])
    const future = await client.listTransactions({ from: Math.floor(Date.now() / 1000) + 3600 })
    expect(future.transactions).toEqual([])
  })

  it('includes unpaid invoices only when asked', async () => {
    const open = await client.makeInvoice({ amount: 1_000, description: 'unpaid' })
    const paidOnly = await client.listTransactions({})
    expect(paidOnly.transactions.some((t) => t.payment_hash === open.payment_hash)).toBe(false)
    const withUnpaid = await client.listTransactions({ unpaid: true })
    expect(withUnpaid.transactions[0]?.payment_hash).toBe(open.payment_hash)
  })
})

describe('NWC errors', () => {
  // the SDK logs every wallet error it throws; the assertions below check them
  beforeAll(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterAll(() => {
    vi.mocked(console.error).mockRestore()
  })

  it('refuses to pay an invoice twice with PAYMENT_FAILED', async () => {
    const invoice = sim.world.payer.addInvoice({ valueMsat: 1_000_000 })
    await client.payInvoice({ invoice: invoice.paymentRequest })
    const err = await walletError(client.payInvoice({ invoice: invoice.paymentRequest }))
    expect(err.code).toBe('PAYMENT_FAILED')
  })

  it('answers INSUFFICIENT_BALANCE for more than the wallet holds, paying nothing', async () => {
    const before = (await client.getBalance()).balance
    const invoice = sim.world.payer.addInvoice({ valueMsat: 500_000_000 })
    const err = await walletError(client.payInvoice({ invoice: invoice.paymentRequest }))
    expect(err.code).toBe('INSUFFICIENT_BALANCE')
    expect((await client.getBalance()).balance).toBe(before)
    expect(sim.world.payer.lookupInvoice(invoice.paymentHash)?.state).toBe('OPEN')
  })

  it('honours max_fee: a route dearer than it fails with PAYMENT_FAILED, paying nothing', async () => {
    // every route to the payer passes the provider, which now charges 3 sat + 0.1 %
    sim.world.lightning.setForwardingFee('lsp', { baseMsat: 3_000, ppm: 1_000 })
    try {
      const before = (await client.getBalance()).balance
      const dear = sim.world.payer.addInvoice({ valueMsat: 2_000_000 })
      // the route costs 3_000 + 2_000 = 5_000 msat
      // max_fee is not in the SDK's types yet: the SDK sends the params as given
      const tooDear = { invoice: dear.paymentRequest, max_fee: 4_999 }
      const err = await walletError(client.payInvoice(tooDear))
      expect(err.code).toBe('PAYMENT_FAILED')
      expect(sim.world.payer.lookupInvoice(dear.paymentHash)?.state).toBe('OPEN')
      expect((await client.getBalance()).balance).toBe(before)

      const withinLimit = { invoice: dear.paymentRequest, max_fee: 5_000 }
      const paid = await client.payInvoice(withinLimit)
      expect(paid.fees_paid).toBe(5_000)
      expect(sim.world.payer.lookupInvoice(dear.paymentHash)?.amtPaidMsat).toBe(2_000_000)
      expect((await client.getBalance()).balance).toBe(before - 2_005_000)
    } finally {
      sim.world.lightning.setForwardingFee('lsp', { baseMsat: 0, ppm: 0 })
    }
  })

  it('answers NOT_FOUND for an unknown payment hash', async () => {
    const err = await walletError(client.lookupInvoice({ payment_hash: 'ab'.repeat(32) }))
    expect(err.code).toBe('NOT_FOUND')
  })

  it('answers NOT_IMPLEMENTED for a method it does not offer', async () => {
    const err = await walletError(client.signMessage({ message: 'hello' }))
    expect(err.code).toBe('NOT_IMPLEMENTED')
  })

  it('answers UNAUTHORIZED to a key without a connection', async () => {
    const stranger = new NWCClient({
      relayUrls: [conn.relayUrl],
      walletPubkey: conn.walletPubkey,
      secret: bytesToHex(generateSecretKey()),
    })
    const err = await walletError(stranger.getBalance())
    expect(err.code).toBe('UNAUTHORIZED')
    stranger.close()
  })
})
