/**
 * Lightning Loop on a merchant's own node, against simnet's loopd: autoloop set up (read, merge,
 * write of loopd's parameters) and firing once the channel fills past the threshold, with the
 * funds landing on the merchant's address; manual loop outs within a confirmed quote, once per
 * idempotency key, followed until final; each named error.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { SYSTEM_AUDIT } from '../src/modules/audit'
import { followLoopSwaps } from '../src/modules/loop/jobs'
import { createLoopRepo } from '../src/modules/loop/repo'
import { createLoopService } from '../src/modules/loop/service'
import { NodeRefusedError, NodeUnreachableError } from '../src/wallets/node-admin'
import { nwcBusiness, paidLightning } from './businesses'
import { appCode, rejection, until } from './assertions'
import { scenario } from './harness'
import { ACCOUNT_PASSWORD } from './withdraw-support'

const t = await scenario({
  simnet: true,
  screening: true,
  business: 'own-node-with-channel',
  depositSat: 1_000_000,
})
afterAll(t.close)
const { env, net } = t
const { b, businessId } = t.owner

const overview = () => b.caller.loop.overview({ businessId })
const swaps = () => b.caller.loop.swaps({ businessId })
const follow = () =>
  followLoopSwaps(
    { repo: createLoopRepo(env.database.db), service: env.services.loop },
    undefined,
    0,
  )
const chain = () => net.simnet.world.chain

const receive = (sat: number) => paidLightning(t.owner, net, sat)

describe('Loop', () => {
  it('is offered to own-node businesses only, and only to their members', async () => {
    const nwc = await nwcBusiness(env, net)
    const notOwn = await rejection(nwc.b.caller.loop.overview({ businessId: nwc.businessId }))
    expect(appCode(notOwn)).toBe('LOOP_NOT_AVAILABLE')
    const stranger = await rejection(nwc.b.caller.loop.overview({ businessId }))
    expect(appCode(stranger)).toBe('NOT_FOUND')
    const strangerSwap = await rejection(
      nwc.b.caller.loop.quote({ businessId, amountSat: 300_000 }),
    )
    expect(appCode(strangerSwap)).toBe('NOT_FOUND')
  })

  it('shows autoloop not enabled, with loopd terms and why it would not run', async () => {
    const o = await overview()
    expect(o.autoloop).toMatchObject({ state: 'not_enabled', thresholdSat: null })
    expect(o.terms.minSat).toBeGreaterThan(0)
    expect(o.terms.maxSat).toBeGreaterThan(o.terms.minSat)
    expect(o.localSat).toBeGreaterThan(0)
    expect(o.suggestion.reasons.length).toBeGreaterThan(0)
  })

  it('refuses a setup with an address of another network or out-of-range limits', async () => {
    const mainnet = await rejection(
      b.caller.loop.setupAutoloop({
        businessId,
        destAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        thresholdSat: 500_000,
        budgetSat: 20_000,
        maxFeePercent: 2,
      }),
    )
    expect(appCode(mainnet)).toBe('LOOP_INVALID_ADDRESS')
    const greedy = await rejection(
      b.caller.loop.setupAutoloop({
        businessId,
        destAddress: chain().newAddress('nobody'),
        thresholdSat: 500_000,
        budgetSat: 20_000,
        maxFeePercent: 50,
      }),
    )
    expect(appCode(greedy)).toBe('VALIDATION')
    expect((await overview()).autoloop.state).toBe('not_enabled')
  })

  it('sets up autoloop, which fires once payments fill the channel past the threshold', async () => {
    const before = await overview()
    const savings = chain().newAddress('merchant-savings')
    // Funds leave once the spending balance passes it by the smallest swap.
    const thresholdSat = before.localSat - before.terms.minSat + 50_000
    await b.caller.loop.setupAutoloop({
      businessId,
      destAddress: savings,
      thresholdSat,
      budgetSat: 20_000,
      maxFeePercent: 2,
      password: ACCOUNT_PASSWORD,
    })
    const enabled = await overview()
    expect(enabled.autoloop).toMatchObject({
      state: 'enabled',
      receiveMoreSat: 50_000,
      destAddress: savings,
      thresholdSat,
      budgetSat: 20_000,
      maxFeePercent: 2,
    })
    expect(enabled.suggestion.reasons).toEqual(['LIQUIDITY_OK'])
    expect(await swaps()).toEqual([])

    await receive(60_000)
    const fired = await until(swaps, (s) => s.length === 1, 'autoloop to start a swap')
    expect(fired[0]).toMatchObject({ initiator: 'autoloop' })
    expect((await overview()).suggestion.reasons).toEqual(['IN_FLIGHT'])
    await until(
      async () => {
        await follow()
        return swaps()
      },
      (s) => s[0]!.status === 'htlc_published',
      'the HTLC to be published',
    )
    await net.control('POST', '/mine', { blocks: 2 })
    const done = await until(
      async () => {
        await follow()
        return swaps()
      },
      (s) => s[0]!.status === 'succeeded',
      'the swap to succeed',
    )
    expect(done[0]!.costSat).toBeGreaterThan(0)
    expect(chain().balance('merchant-savings').confirmedSat).toBeGreaterThan(250_000)
    const after = await overview()
    expect(after.localSat).toBeLessThan(thresholdSat)

    await b.caller.loop.disableAutoloop({ businessId })
    expect((await overview()).autoloop).toMatchObject({
      state: 'not_enabled',
      destAddress: savings,
    })
  })

  it('quotes within the terms only', async () => {
    const { terms } = await overview()
    const low = await rejection(b.caller.loop.quote({ businessId, amountSat: terms.minSat - 1 }))
    expect(appCode(low)).toBe('LOOP_AMOUNT_OUT_OF_RANGE')
    const quote = await b.caller.loop.quote({ businessId, amountSat: terms.minSat })
    expect(quote).toMatchObject({ amountSat: terms.minSat })
    expect(quote.swapFeeSat).toBeGreaterThan(0)
    expect(quote.prepaySat).toBeGreaterThan(0)
    expect(quote.sweepFeeSat).toBeGreaterThan(0)
  })

  it('swaps out once per key within the confirmed quote, followed until it succeeds', async () => {
    await receive(300_000)
    const amountSat = 260_000
    const quote = await b.caller.loop.quote({ businessId, amountSat })
    const idempotencyKey = randomUUID()
    const cheaper = await rejection(
      b.caller.loop.swapOut({
        businessId,
        amountSat,
        idempotencyKey,
        quote: { ...quote, swapFeeSat: quote.swapFeeSat - 1 },
        password: ACCOUNT_PASSWORD,
      }),
    )
    expect(appCode(cheaper)).toBe('LOOP_QUOTE_CHANGED')

    const dest = chain().newAddress('manual-out')
    const input = {
      businessId,
      amountSat,
      destAddress: dest,
      idempotencyKey,
      quote,
      password: ACCOUNT_PASSWORD,
    }
    const started = await b.caller.loop.swapOut(input)
    expect(started).toMatchObject({ status: 'initiated', initiator: 'merchant', amountSat })
    const again = await b.caller.loop.swapOut(input)
    expect(again.id).toBe(started.id)
    // the autoloop swap and this one: the retry asked loopd nothing
    expect(await swapsInLoopd()).toBe(2)

    await until(
      async () => {
        await follow()
        return swaps()
      },
      (s) => s.find((w) => w.id === started.id)!.status === 'htlc_published',
      'the HTLC to be published',
    )
    await net.control('POST', '/mine', { blocks: 2 })
    await until(
      async () => {
        await follow()
        return swaps()
      },
      (s) => s.find((w) => w.id === started.id)!.status === 'succeeded',
      'the swap to succeed',
    )
    expect(chain().balance('manual-out').confirmedSat).toBe(amountSat - quote.sweepFeeSat)
  })

  it('fails a swap loopd refuses, and finds one whose answer was lost', async () => {
    const { admin: real } = await env.services.nodes.admin(businessId)
    let lose = false
    const service = createLoopService({
      repo: createLoopRepo(env.database.db),
      network: env.services.config.network,
      consent: env.services.consent,
      nodes: {
        settings: (id) => env.services.nodes.settings(id),
        admin: async (id) => {
          const found = await env.services.nodes.admin(id)
          const admin = Object.create(real) as typeof real
          admin.loopOut = async (input, signal) => {
            if (!lose) throw new NodeRefusedError('swap server unavailable', 500)
            await real.loopOut(input, signal)
            throw new NodeUnreachableError('the reply never came')
          }
          return { ...found, admin }
        },
      },
    })
    await receive(300_000)
    const amountSat = 255_000
    const quote = await b.caller.loop.quote({ businessId, amountSat })
    const userId = (await b.caller.auth.getProfile())!.id
    const refusedKey = randomUUID()
    await expect(
      service.swapOut(
        { businessId, userId },
        { amountSat, idempotencyKey: refusedKey, quote, password: ACCOUNT_PASSWORD },
        SYSTEM_AUDIT,
      ),
    ).rejects.toMatchObject({ code: 'LOOP_SWAP_FAILED' })
    const refused = (await swaps()).find((s) => s.status === 'failed')
    expect(refused).toMatchObject({ failureReason: 'REFUSED', amountSat })

    lose = true
    const before = await swapsInLoopd()
    const unknown = await service.swapOut(
      { businessId, userId },
      { amountSat, idempotencyKey: randomUUID(), quote, password: ACCOUNT_PASSWORD },
      SYSTEM_AUDIT,
    )
    expect(unknown.status).toBe('unknown')
    expect(await swapsInLoopd()).toBe(before + 1)
    const found = await until(
      async () => {
        await follow()
        return swaps()
      },
      (s) => s.find((w) => w.id === unknown.id)!.status !== 'unknown',
      'the lost swap to be found',
    )
    expect(['initiated', 'htlc_published']).toContain(
      found.find((w) => w.id === unknown.id)!.status,
    )
    // one row per swap: the lost one was not recorded a second time
    expect((await swaps()).filter((s) => s.amountSat === amountSat)).toHaveLength(2)
  })

  it("says 'Failed to set up autoloop' when loopd cannot be reached", async () => {
    await t.nodeHost('restart')
    await until(
      () => b.caller.node.status({ businessId }),
      (s) => s.walletState === 'LOCKED',
      'the node locked',
    )
    const failed = await rejection(
      b.caller.loop.setupAutoloop({
        businessId,
        destAddress: chain().newAddress('later'),
        thresholdSat: 500_000,
        budgetSat: 20_000,
        maxFeePercent: 2,
        password: ACCOUNT_PASSWORD,
      }),
    )
    expect(appCode(failed)).toBe('AUTOLOOP_SETUP_FAILED')
    const unreadable = await rejection(overview())
    expect(appCode(unreadable)).toBe('LOOP_DATA_UNAVAILABLE')
  })
})

/** How many swaps loopd knows for the node. */
async function swapsInLoopd(): Promise<number> {
  const { admin } = await env.services.nodes.admin(businessId)
  return (await admin.swaps()).length
}
