import bolt11 from 'bolt11'
import { Network, validate as validateAddress } from 'bitcoin-address-validation'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type RestClient,
  SwaggerValidator,
  type TestSimnet,
  lndClient,
  startTestSimnet,
  waitFor,
} from './test-support'

const REF = '/work/shared/reference/lnd'
const swagger = new SwaggerValidator(
  ['lightning', 'router', 'invoices', 'walletunlocker', 'stateservice'].map(
    (f) => `${REF}/${f}.swagger.json`,
  ),
  { oneofs: ['lnrpcChannelPoint', 'lnrpcOutPoint'] },
)

function expectShape(definition: string, value: unknown) {
  expect(swagger.check(definition, value)).toBeNull()
}

let sim: TestSimnet
let payer: RestClient
let merchant: RestClient

beforeAll(async () => {
  sim = await startTestSimnet()
  sim.world.lightning.createNode('shop', 'shop')
  sim.world.lightning.openChannelFromLsp('shop', 2_000_000)
  sim.world.chain.mine(3)
  const services = (await (
    await fetch(`${sim.url}/control/services`)
  ).json()) as typeof sim.services
  sim.services = services
  payer = lndClient(sim, 'payer')
  merchant = lndClient(sim, 'shop')
})

afterAll(async () => {
  payer.close()
  merchant.close()
  await sim.stop()
})

describe('LND REST over HTTPS', () => {
  it('answers node info, balances and channels in lnd shapes', async () => {
    const info = await payer.get('/v1/getinfo')
    expect(info.status).toBe(200)
    expectShape('lnrpcGetInfoResponse', info.body)
    expect(info.body).toMatchObject({
      chains: [{ chain: 'bitcoin', network: 'regtest' }],
      num_active_channels: 2,
    })
    expectShape('lnrpcChannelBalanceResponse', (await payer.get('/v1/balance/channels')).body)
    expectShape('lnrpcWalletBalanceResponse', (await payer.get('/v1/balance/blockchain')).body)
    const channels = await merchant.get('/v1/channels')
    expectShape('lnrpcListChannelsResponse', channels.body)
    expect((channels.body as { channels: unknown[] }).channels).toHaveLength(1)
    expectShape('lnrpcPendingChannelsResponse', (await payer.get('/v1/channels/pending')).body)
    expectShape('lnrpcChanBackupSnapshot', (await payer.get('/v1/channels/backup')).body)
  })

  it('refuses calls without or with a wrong macaroon, like lnd', async () => {
    const bare = lndClient(sim, 'payer', null)
    const missing = await bare.get('/v1/getinfo')
    expect(missing.status).toBe(500)
    expect(missing.body).toEqual({ code: 2, message: 'expected 1 macaroon, got 0', details: [] })
    bare.macaroonHex = 'abcd'
    const wrong = await bare.get('/v1/getinfo')
    expect(wrong.status).toBe(500)
    expect((wrong.body as { message: string }).message).toMatch(/^verification failed/)
    expectShape('rpcStatus', wrong.body)
    bare.close()
  })

  it('adds, looks up, lists and decodes invoices', async () => {
    const added = await merchant.post('/v1/invoices', {
      value: '1500',
      memo: 'latte',
      expiry: '600',
    })
    expect(added.status).toBe(200)
    expectShape('lnrpcAddInvoiceResponse', added.body)
    const { r_hash, payment_request } = added.body as { r_hash: string; payment_request: string }
    const decoded = bolt11.decode(payment_request)
    expect(decoded.prefix).toBe('lnbcrt15u')
    expect(decoded.satoshis).toBe(1500)
    // The signature recovers to the issuing node's key: the invoice is really signed by it.
    expect(decoded.payeeNodeKey).toBe(sim.world.lightning.node('shop')!.pubkey)
    const hashHex = Buffer.from(r_hash, 'base64').toString('hex')
    expect(decoded.tagsObject.payment_hash).toBe(hashHex)
    const lookup = await merchant.get(`/v1/invoice/${hashHex}`)
    expectShape('lnrpcInvoice', lookup.body)
    expect(lookup.body).toMatchObject({
      state: 'OPEN',
      value: '1500',
      memo: 'latte',
      expiry: '600',
    })
    const missing = await merchant.get(`/v1/invoice/${'00'.repeat(32)}`)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ code: 5, message: 'unable to locate invoice', details: [] })
    const list = await merchant.get('/v1/invoices?num_max_invoices=5&reversed=true')
    expectShape('lnrpcListInvoiceResponse', list.body)
    const payreq = await payer.get(`/v1/payreq/${payment_request}`)
    expectShape('lnrpcPayReq', payreq.body)
    expect(payreq.body).toMatchObject({
      payment_hash: hashHex,
      num_satoshis: '1500',
      description: 'latte',
    })
  })

  it('pays over /v2/router/send with IN_FLIGHT then SUCCEEDED, and refuses paying twice', async () => {
    const added = await merchant.post('/v1/invoices', { value_msat: '2500000' })
    const pr = (added.body as { payment_request: string }).payment_request
    const sent = await payer.collect('POST', '/v2/router/send', {
      payment_request: pr,
      timeout_seconds: 30,
      fee_limit_sat: '10',
    })
    expect(sent.status).toBe(200)
    const statuses = sent.lines.map((l) => (l.result as { status: string }).status)
    expect(statuses).toEqual(['IN_FLIGHT', 'SUCCEEDED'])
    for (const line of sent.lines) expectShape('lnrpcPayment', line.result)
    const again = await payer.collect('POST', '/v2/router/send', {
      payment_request: pr,
      timeout_seconds: 30,
    })
    expect(again.status).toBe(409)
    expect(again.lines[0]).toEqual({
      error: { code: 6, message: 'invoice is already paid', details: [] },
    })
    const hash = bolt11.decode(pr).tagsObject.payment_hash!
    const tracked = await payer.collect(
      'GET',
      `/v2/router/track/${Buffer.from(hash, 'hex').toString('base64url')}`,
    )
    expect((tracked.lines[0]!.result as { status: string }).status).toBe('SUCCEEDED')
    const invoice = await merchant.get(`/v1/invoice/${hash}`)
    expect(invoice.body).toMatchObject({
      state: 'SETTLED',
      amt_paid_msat: '2500000',
      settled: true,
    })
  })

  it('reports routing failures as FAILED payments with lnd failure reasons', async () => {
    const tooBig = await payer.post('/v1/invoices', { value: '1900000' })
    const pr = (tooBig.body as { payment_request: string }).payment_request
    const sent = await merchant.collect('POST', '/v2/router/send', {
      payment_request: pr,
      timeout_seconds: 30,
    })
    const last = sent.lines.at(-1)!.result as { status: string; failure_reason: string }
    expect(last).toMatchObject({
      status: 'FAILED',
      failure_reason: 'FAILURE_REASON_INSUFFICIENT_BALANCE',
    })
    const lonely = sim.world.lightning.createNode('lonely')
    const unreachable = lonely.addInvoice({ valueMsat: 1_000_000 })
    const noRoute = await payer.collect('POST', '/v2/router/send', {
      payment_request: unreachable.paymentRequest,
      timeout_seconds: 30,
    })
    expect(noRoute.lines.at(-1)!.result).toMatchObject({
      status: 'FAILED',
      failure_reason: 'FAILURE_REASON_NO_ROUTE',
    })
    const canceled = await merchant.post('/v1/invoices', { value: '10' })
    const hash = Buffer.from((canceled.body as { r_hash: string }).r_hash, 'base64')
    await merchant.post('/v2/invoices/cancel', { payment_hash: hash.toString('base64') })
    const wrong = await payer.collect('POST', '/v2/router/send', {
      payment_request: (canceled.body as { payment_request: string }).payment_request,
      timeout_seconds: 30,
    })
    expect(wrong.lines.at(-1)!.result).toMatchObject({
      failure_reason: 'FAILURE_REASON_INCORRECT_PAYMENT_DETAILS',
    })
  })

  it('replays invoices after add_index and settle_index, then streams new ones', async () => {
    const before = (await merchant.get('/v1/invoices?reversed=true&num_max_invoices=1')).body as {
      last_index_offset: string
    }
    const base = Number(before.last_index_offset)
    const a = (await merchant.post('/v1/invoices', { value: '5' })).body as {
      payment_request: string
    }
    await merchant.post('/v1/invoices', { value: '6' })
    await sim.world.payer.pay(a.payment_request)
    const lines: Record<string, unknown>[] = []
    const stream = merchant.stream(
      'GET',
      `/v1/invoices/subscribe?add_index=${base}&settle_index=1`,
      undefined,
      (l) => lines.push(l),
    )
    expect(await stream.ready).toBe(200)
    const fresh = (await merchant.post('/v1/invoices', { value: '7' })).body as {
      add_index: string
    }
    await waitFor(
      () => lines.some((l) => (l.result as { add_index: string }).add_index === fresh.add_index),
      'the new invoice on the stream',
    )
    stream.close()
    const results = lines.map(
      (l) => l.result as { add_index: string; state: string; settle_index: string },
    )
    for (const r of results) expectShape('lnrpcInvoice', r)
    const adds = results.filter((r) => Number(r.add_index) > base).map((r) => Number(r.add_index))
    expect(adds).toContain(base + 1)
    expect(adds).toContain(base + 2)
    expect(adds).toContain(Number(fresh.add_index))
    expect(results.some((r) => r.state === 'SETTLED' && Number(r.settle_index) > 1)).toBe(true)
  })

  it('streams one invoice until it settles', async () => {
    const added = (await merchant.post('/v1/invoices', { value: '8' })).body as {
      r_hash: string
      payment_request: string
    }
    const path = `/v2/invoices/subscribe/${Buffer.from(added.r_hash, 'base64').toString('base64url')}`
    const lines: Record<string, unknown>[] = []
    const stream = merchant.stream('GET', path, undefined, (l) => lines.push(l))
    expect(await stream.ready).toBe(200)
    await waitFor(() => lines.length > 0, 'the invoice as it is now') // subscribed
    await sim.world.payer.pay(added.payment_request)
    await stream.ended
    expect(lines.map((l) => (l.result as { state: string }).state)).toEqual(['OPEN', 'SETTLED'])
  })

  it('runs the on-chain wallet: addresses, sending, fees, history', async () => {
    const addr = (await merchant.get('/v1/newaddress?type=WITNESS_PUBKEY_HASH')).body as {
      address: string
    }
    expectShape('lnrpcNewAddressResponse', addr)
    expect(validateAddress(addr.address, Network.regtest)).toBe(true)
    const conflict = await payer.post('/v1/transactions', {
      addr: addr.address,
      amount: '50000',
      target_conf: 3,
      sat_per_vbyte: '5',
    })
    expect(conflict.status).toBe(500)
    expect((conflict.body as { message: string }).message).toMatch(/^fee preference conflict/)
    const sent = await payer.post('/v1/transactions', {
      addr: addr.address,
      amount: '50000',
      target_conf: 3,
    })
    expectShape('lnrpcSendCoinsResponse', sent.body)
    const fee = await payer.get(
      `/v1/transactions/fee?AddrToAmount[${addr.address}]=10000&target_conf=6`,
    )
    expectShape('lnrpcEstimateFeeResponse', fee.body)
    sim.world.chain.mine(1)
    const history = await merchant.get('/v1/transactions')
    expectShape('lnrpcTransactionDetails', history.body)
    const tx = (
      history.body as {
        transactions: { tx_hash: string; amount: string; num_confirmations: number }[]
      }
    ).transactions
    expect(tx.find((t) => t.tx_hash === (sent.body as { txid: string }).txid)).toMatchObject({
      amount: '50000',
      num_confirmations: 1,
    })
    const balance = (await merchant.get('/v1/balance/blockchain')).body as {
      confirmed_balance: string
    }
    expect(Number(balance.confirmed_balance)).toBeGreaterThanOrEqual(50_000)
    const all = await merchant.post('/v1/transactions', {
      addr: addr.address,
      send_all: true,
      sat_per_vbyte: '2',
    })
    expect(all.status).toBe(200)
  })

  it('opens a channel to a peer from the on-chain wallet', async () => {
    const lsp = sim.world.lightning.lsp.pubkey
    const opened = await payer.post('/v1/channels', {
      node_pubkey_string: lsp,
      local_funding_amount: '300000',
    })
    expect(opened.status).toBe(200)
    expectShape('lnrpcChannelPoint', opened.body)
    const pending = (await payer.get('/v1/channels/pending')).body as {
      pending_open_channels: unknown[]
    }
    expect(pending.pending_open_channels.length).toBeGreaterThan(0)
    const small = await payer.post('/v1/channels', {
      node_pubkey_string: lsp,
      local_funding_amount: '1000',
    })
    expect(small.status).toBe(500)
  })
})
