import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type RestClient,
  SwaggerValidator,
  type TestSimnet,
  lndClient,
  startTestSimnet,
  waitFor,
} from '../lnd/test-support'

const swagger = new SwaggerValidator(['/work/shared/reference/loop/client.swagger.json'])
const expectShape = (definition: string, value: unknown) =>
  expect(swagger.check(definition, value)).toBeNull()

let sim: TestSimnet
let loop: RestClient

beforeAll(async () => {
  sim = await startTestSimnet()
  sim.world.lightning.createNode('shop')
  sim.world.lightning.createNode('cafe')
  sim.world.lightning.createNode('bar')
  sim.world.lightning.createNode('kiosk')
  sim.world.lightning.openChannelFromLsp('shop', 2_000_000, 1_500_000)
  sim.world.lightning.openChannelFromLsp('cafe', 2_000_000, 1_500_000)
  sim.world.lightning.openChannelFromLsp('bar', 2_000_000, 300_000)
  sim.world.lightning.openChannelFromLsp('kiosk', 1_000_000, 200_000)
  sim.world.lightning.openChannelFromLsp('kiosk', 1_000_000, 200_000)
  sim.world.chain.mine(3)
  loop = lndClient(sim, 'shop', undefined, 'loop')
})
afterAll(async () => {
  loop.close()
  await sim.stop()
})

const until = (check: () => boolean | Promise<boolean>, what: string) => waitFor(check, what)

describe('Loop REST', () => {
  it('quotes and moves channel balance out to an on-chain address', async () => {
    const terms = await loop.get('/v1/loop/out/terms')
    expectShape('looprpcOutTermsResponse', terms.body)
    const quote = (await loop.get('/v1/loop/out/quote/500000?conf_target=6')).body as Record<
      string,
      string
    >
    expectShape('looprpcOutQuoteResponse', quote)
    const dest = sim.world.chain.newAddress('shop-savings')
    const localBefore = sim.world.lightning.node('shop')!.channels()[0]!.localBalanceSat
    const tooCheap = await loop.post('/v1/loop/out', {
      amt: '500000',
      dest,
      max_swap_fee: '1',
      max_prepay_amt: quote.prepay_amt_sat,
      max_miner_fee: '100000',
    })
    expect(tooCheap.status).toBe(400)
    const started = await loop.post('/v1/loop/out', {
      amt: '500000',
      dest,
      max_swap_fee: quote.swap_fee_sat,
      max_prepay_amt: quote.prepay_amt_sat,
      max_miner_fee: String(Number(quote.htlc_sweep_fee_sat) * 250),
      sweep_conf_target: 6,
    })
    expect(started.status).toBe(200)
    expectShape('looprpcSwapResponse', started.body)
    const id = Buffer.from((started.body as { id_bytes: string }).id_bytes, 'base64').toString(
      'base64url',
    )
    const status = async () => (await loop.get(`/v1/loop/swap/${id}`)).body as { state: string }
    const localAfter = sim.world.lightning.node('shop')!.channels()[0]!.localBalanceSat
    expect(localBefore - localAfter).toBe(500_000 + Number(quote.swap_fee_sat))
    await until(async () => (await status()).state === 'HTLC_PUBLISHED', 'HTLC_PUBLISHED')
    sim.world.chain.mine(1)
    expect((await status()).state).toBe('PREIMAGE_REVEALED')
    sim.world.chain.mine(1)
    const done = await status()
    expectShape('looprpcSwapStatus', done)
    expect(done).toMatchObject({ state: 'SUCCESS', type: 'LOOP_OUT', amt: '500000' })
    expect(sim.world.chain.balance('shop-savings').confirmedSat).toBe(
      500_000 - Number(quote.htlc_sweep_fee_sat),
    )
    const list = await loop.get('/v1/loop/swaps')
    expectShape('looprpcListSwapsResponse', list.body)
  })

  it('loops out on its own once autoloop is enabled and the threshold is passed', async () => {
    const cafe = lndClient(sim, 'cafe', undefined, 'loop')
    const before = (await cafe.get('/v1/liquidity/params')).body as Record<string, unknown>
    expectShape('looprpcLiquidityParameters', before)
    expect(before.autoloop).toBe(false)
    const dest = sim.world.chain.newAddress('cafe-savings')
    const set = await cafe.post('/v1/liquidity/params', {
      parameters: {
        ...before,
        autoloop: true,
        autoloop_dest_address: dest,
        autoloop_budget_sat: '100000',
        rules: [
          {
            type: 'THRESHOLD',
            swap_type: 'LOOP_OUT',
            incoming_threshold: 60,
            outgoing_threshold: 20,
          },
        ],
      },
    })
    expect(set.status).toBe(200)
    expectShape('looprpcLiquidityParameters', (await cafe.get('/v1/liquidity/params')).body)
    await until(
      () => sim.world.lightning.node('cafe')!.channels()[0]!.localBalanceSat < 1_000_000,
      'autoloop',
    )
    await until(
      async () =>
        ((await cafe.get('/v1/loop/swaps')).body as { swaps: { state: string }[] }).swaps[0]
          ?.state === 'HTLC_PUBLISHED',
      'htlc',
    )
    sim.world.chain.mine(2)
    const swaps = (
      (await cafe.get('/v1/loop/swaps')).body as { swaps: { state: string; label: string }[] }
    ).swaps
    expect(swaps).toHaveLength(1)
    expect(swaps[0]).toMatchObject({ state: 'SUCCESS', label: '[reserved] autoloop-out' })
    expect(sim.world.chain.balance('cafe-savings').confirmedSat).toBeGreaterThan(250_000)
    cafe.close()
  })

  it('explains why easy autoloop waits, and fires once the local balance passes its target', async () => {
    const bar = lndClient(sim, 'bar', undefined, 'loop')
    const params = (await bar.get('/v1/liquidity/params')).body as Record<string, unknown>
    const both = await bar.post('/v1/liquidity/params', {
      parameters: { ...params, fee_ppm: '20000' },
    })
    expect(both.status).toBe(400)
    const dest = sim.world.chain.newAddress('bar-savings')
    const set = await bar.post('/v1/liquidity/params', {
      parameters: {
        ...params,
        fee_ppm: '20000',
        sweep_fee_rate_sat_per_vbyte: '0',
        max_swap_fee_ppm: '0',
        max_routing_fee_ppm: '0',
        max_prepay_routing_fee_ppm: '0',
        max_prepay_sat: '0',
        max_miner_fee_sat: '0',
        autoloop: true,
        easy_autoloop: true,
        easy_autoloop_local_target_sat: '600000',
        autoloop_budget_sat: '50000',
        autoloop_dest_address: dest,
      },
    })
    expect(set.status).toBe(200)
    const stored = (await bar.get('/v1/liquidity/params')).body as Record<string, unknown>
    expectShape('looprpcLiquidityParameters', stored)
    expect(stored).toMatchObject({ fee_ppm: '20000', max_swap_fee_ppm: '0', easy_autoloop: true })
    const waiting = await bar.get('/v1/auto/suggest')
    expectShape('looprpcSuggestSwapsResponse', waiting.body)
    expect(waiting.body).toMatchObject({
      loop_out: [],
      disqualified: [{ reason: 'AUTO_REASON_LIQUIDITY_OK' }],
    })
    // Customers pay the bar 600 000 sat: its local balance passes the target by more than
    // the smallest swap, and autoloop moves the excess out.
    const payer = sim.world.lightning.lsp
    const bill = sim.world.lightning.node('bar')!.addInvoice({ valueMsat: 600_000_000, memo: 'x' })
    await payer.pay(bill.paymentRequest)
    await until(
      async () =>
        ((await bar.get('/v1/loop/swaps')).body as { swaps: unknown[] }).swaps.length === 1,
      'easy autoloop',
    )
    const busy = await bar.get('/v1/auto/suggest')
    expectShape('looprpcSuggestSwapsResponse', busy.body)
    expect(busy.body).toMatchObject({ disqualified: [{ reason: 'AUTO_REASON_IN_FLIGHT' }] })
    bar.close()
  })

  it('fails a swap no single channel can pay (the prepay is lost), and autoloop backs off', async () => {
    const kiosk = lndClient(sim, 'kiosk', undefined, 'loop')
    const q = (await kiosk.get('/v1/loop/out/quote/260000')).body as Record<string, string>
    const started = await kiosk.post('/v1/loop/out', {
      amt: '260000',
      max_swap_fee: q.swap_fee_sat,
      max_prepay_amt: q.prepay_amt_sat,
      max_miner_fee: String(Number(q.htlc_sweep_fee_sat) * 250),
    })
    expect(started.status).toBe(200)
    let failed: Swap | undefined
    await until(async () => {
      const swaps = ((await kiosk.get('/v1/loop/swaps')).body as { swaps: Swap[] }).swaps
      failed = swaps[0]?.state === 'FAILED' ? swaps[0] : undefined
      return failed !== undefined
    }, 'the swap to fail')
    if (!failed) throw new Error('the swap did not fail')
    expectShape('looprpcSwapStatus', failed)
    expect(failed.failure_reason).toBe('FAILURE_REASON_OFFCHAIN')
    const params = (await kiosk.get('/v1/liquidity/params')).body as Record<string, unknown>
    await kiosk.post('/v1/liquidity/params', {
      parameters: {
        ...params,
        autoloop: true,
        easy_autoloop: true,
        easy_autoloop_local_target_sat: '0',
        autoloop_budget_sat: '50000',
      },
    })
    const suggest = await kiosk.get('/v1/auto/suggest')
    expectShape('looprpcSuggestSwapsResponse', suggest.body)
    expect(suggest.body).toMatchObject({
      loop_out: [],
      disqualified: [
        { reason: 'AUTO_REASON_FAILURE_BACKOFF' },
        { reason: 'AUTO_REASON_FAILURE_BACKOFF' },
      ],
    })
    kiosk.close()
  })
})

interface Swap {
  state: string
  failure_reason: string
}
