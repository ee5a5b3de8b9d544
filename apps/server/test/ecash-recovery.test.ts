/**
 * Ecash whose mint answer is lost or late: a melt that outlives its timeout stays `processing`
 * and settles once when the mint has paid; proofs from a swap whose answer was lost are restored
 * from the mint with the counters stored before the swap, and credited once.
 */
import { Wallet } from '@cashu/cashu-ts'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { checkToken, swapAndInvoice, type Swapped } from '../src/modules/ecash/redemption'
import { createEcashRepo } from '../src/modules/ecash/repo'
import { platformSeed } from '../src/modules/ecash/restore'
import { createEcashService, type EcashService } from '../src/modules/ecash/service'
import { readToken } from '../src/modules/ecash/token'
import { failUnanswered } from '../src/modules/payments/deadline'
import { createPaymentRepo } from '../src/modules/payments/repo'
import { nwcBusiness } from './businesses'
import { scenario } from './harness'

/**
 * Each mint request's deadline in these tests (20 s in production): long enough that a busy
 * machine answers every request in time, so only a held-back answer runs out.
 */
const MINT_TIMEOUT_MS = 5_000
/** The longest a redemption may take to end once it can (a bound for a hang, not a speed). */
const RESOLVE_BOUND_MS = 60_000

const t = await scenario({ simnet: true, realtime: true })
afterAll(t.close)
const { env, net } = t
const mintUrl = `${net.simnet.url}/cashu`
/** The ecash service as the server builds it, with a short mint deadline and no job queue. */
const ecash: EcashService = createEcashService({
  repo: createEcashRepo(env.database.db, env.services.secrets),
  payments: env.services.payments,
  acceptedMints: [mintUrl],
  mintTimeoutMs: MINT_TIMEOUT_MS,
})
afterEach(async () => {
  for (const route of ['swap', 'melt', 'restore', 'melt-quote']) {
    await net.control('POST', '/cashu/faults/reply', { route, mode: 'none' })
  }
  await net.control('POST', '/cashu/faults/payment', { delayMs: 0 })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const mintToken = async (amountSat: number) =>
  (await net.control<{ token: string }>('POST', '/cashu/token', { amountSat })).token

const paymentOf = (id: string) =>
  env.database.db
    .selectFrom('payments')
    .select(['status', 'amountSat', 'receivedSat', 'feeSat', 'failureReason', 'settledAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const heldOf = async (businessId: string) =>
  (
    await env.database.db
      .selectFrom('ecashChange')
      .select(['paymentId', 'reason', 'amountSat'])
      .where('businessId', '=', businessId)
      .execute()
  ).map((h) => ({ ...h, amountSat: Number(h.amountSat) }))

const dailyTotalsOf = (businessId: string) =>
  env.database.db
    .selectFrom('paymentDailyTotals')
    .selectAll()
    .where('businessId', '=', businessId)
    .execute()

async function balanceOf(businessId: string) {
  const wallet = await env.services.wallets.forBusiness(businessId)
  if (!wallet) throw new Error('no wallet')
  return (await wallet.balance()).lightningSat
}

/** Looks at a redemption until it ends (as the job does), at most `ms`. */
async function resolveWithin(paymentId: string, ms: number) {
  const until = Date.now() + ms
  for (;;) {
    if ((await ecash.recovery.resolve(paymentId)) === 'finished') return
    if (Date.now() > until) throw new Error('the redemption did not end')
    await sleep(250)
  }
}

async function spentAtMint(token: string) {
  const payer = new Wallet(mintUrl, { unit: 'sat' })
  await payer.loadMint()
  const states = await payer.checkProofsStates(payer.decodeToken(token).proofs)
  return states.every((s) => s.state === 'SPENT')
}

describe('a melt whose answer comes too late or never', () => {
  it('stays processing while the mint pays, then settles once', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const before = await balanceOf(businessId)
    // The mint's Lightning payment takes longer than the platform waits for the melt's answer.
    await net.control('POST', '/cashu/faults/payment', { delayMs: 3 * MINT_TIMEOUT_MS })
    const token = await mintToken(4_000)

    const view = await ecash.redeem({ id: businessId, currency: 'EUR' }, { token })

    // Not failed: the mint may still pay.
    expect(view.status).toBe('processing')
    expect((await paymentOf(view.id)).status).toBe('processing')
    // The quote reads PENDING: the look leaves it processing.
    expect(await ecash.recovery.resolve(view.id)).toBe('waiting')
    expect((await paymentOf(view.id)).status).toBe('processing')

    await resolveWithin(view.id, RESOLVE_BOUND_MS)
    const settled = await paymentOf(view.id)
    expect(settled.status).toBe('settled')
    const received = Number(settled.receivedSat)
    const fee = Number(settled.feeSat)
    expect(received).toBeGreaterThan(3_900)
    // The change the lost answer carried is restored from the mint and held, once.
    const held = await heldOf(businessId)
    expect(held.every((h) => h.reason === 'change' && h.paymentId === view.id)).toBe(true)
    const changeSat = held.reduce((s, h) => s + h.amountSat, 0)
    expect(received + fee + changeSat).toBe(4_000)
    expect(await balanceOf(businessId)).toBe(before + received)

    // Later looks (the job, the sweep, the watcher) credit nothing again.
    expect(await ecash.recovery.resolve(view.id)).toBe('finished')
    await ecash.recovery.sweep(new Date(Date.now() + 3_600_000))
    expect(await heldOf(businessId)).toEqual(held)
    expect(await paymentOf(view.id)).toEqual(settled)
    const totals = await dailyTotalsOf(businessId)
    expect(totals.reduce((s, t) => s + Number(t.count), 0)).toBe(1)
  })

  it('settles a melt whose answer was dropped after the mint paid', async () => {
    const { businessId } = await nwcBusiness(env, net)
    await net.control('POST', '/cashu/faults/reply', { route: 'melt', mode: 'drop' })
    const token = await mintToken(2_500)

    const view = await ecash.redeem({ id: businessId, currency: 'EUR' }, { token })
    expect(view.status).not.toBe('failed')

    await resolveWithin(view.id, RESOLVE_BOUND_MS)
    const settled = await paymentOf(view.id)
    expect(settled.status).toBe('settled')
    const held = await heldOf(businessId)
    expect(held.every((h) => h.reason === 'change')).toBe(true)
    const changeSat = held.reduce((s, h) => s + h.amountSat, 0)
    expect(Number(settled.receivedSat) + Number(settled.feeSat) + changeSat).toBe(2_500)
    await ecash.recovery.resolve(view.id)
    expect(await heldOf(businessId)).toEqual(held)
  })
})

describe('a melt the mint did not pay', () => {
  it('fails the payment and keeps the swapped proofs held for the business', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const { db } = env.database
    // A redemption left melting (its answer lost) whose quote the mint never paid.
    const { id: paymentId } = await db
      .insertInto('payments')
      .values({
        businessId,
        method: 'ecash',
        status: 'processing',
        amountSat: 700,
        currency: 'EUR',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const wallet = new Wallet(mintUrl, { unit: 'sat' })
    await wallet.loadMint()
    const invoice = (await wallet.createMintQuoteBolt11(650)).request
    const quote = await wallet.createMeltQuoteBolt11(invoice)
    const repo = createEcashRepo(db, env.services.secrets)
    await repo.startRedemption({ paymentId, businessId, mintUrl, tokenSat: 700, currency: 'EUR' })
    const proof = { id: '00aa', amount: 512, secret: 'kept', C: '02ab' }
    await repo.swapped(paymentId, {
      businessId,
      paymentId,
      mintUrl,
      reason: 'kept',
      proofs: [proof],
    })
    await repo.melting(paymentId, quote.quote, 650)

    expect(await ecash.recovery.resolve(paymentId)).toBe('finished')

    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'ECASH_MELT_FAILED',
    })
    expect(await heldOf(businessId)).toEqual([{ paymentId, reason: 'kept', amountSat: 512 }])
    expect(await ecash.recovery.resolve(paymentId)).toBe('finished')
    expect(await heldOf(businessId)).toHaveLength(1)
  })
})

describe('a melt whose quote was written just before the process stopped', () => {
  it('melts the held proofs into that quote again and credits the payment once', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const { db } = env.database
    const before = await balanceOf(businessId)
    const token = await mintToken(3_000)
    const repo = createEcashRepo(db, env.services.secrets)
    const deps = { repo, seed: platformSeed(repo), log: () => {} }
    const business = { id: businessId, currency: 'EUR' }
    const checked = await checkToken(readToken(token, [mintUrl]), undefined, () => {})
    // The redemption's own steps (as the service takes them) up to the melt: the row, the swap,
    // the invoice attached; then the melt's quote written, and the process stops before the melt
    // reaches the mint.
    let swapped: Swapped | undefined
    const outcome = await env.services.payments.receive(
      business,
      {
        method: 'ecash',
        amountSat: 3_000,
        fiatMinor: null,
        memo: checked.memo,
        idempotencyKey: null,
        status: 'processing',
      },
      'lightning',
      async (ctx) => {
        swapped = await swapAndInvoice(checked, ctx, deps, business)
        return { invoice: swapped.invoice }
      },
    )
    if (outcome.state !== 'attached' || !swapped) throw new Error('no invoice attached')
    const paymentId = outcome.row.id
    const quote = await swapped.wallet.createMeltQuoteBolt11(swapped.invoice.paymentRequest)
    expect(await repo.melting(paymentId, quote.quote, swapped.invoiceSat)).toBe(true)
    expect(await heldOf(businessId)).toEqual([
      { paymentId, reason: 'kept', amountSat: expect.any(Number) as number },
    ])

    // The mint never saw the melt: its quote reads UNPAID. The recovery melts the held proofs
    // into it while the payment is open, instead of failing a payment the customer paid.
    await resolveWithin(paymentId, RESOLVE_BOUND_MS)
    const settled = await paymentOf(paymentId)
    expect(settled.status).toBe('settled')
    const received = Number(settled.receivedSat)
    expect(received).toBe(swapped.invoiceSat)
    const held = await heldOf(businessId)
    expect(held.every((h) => h.reason === 'change')).toBe(true)
    const changeSat = held.reduce((sum, h) => sum + h.amountSat, 0)
    expect(received + Number(settled.feeSat) + changeSat).toBe(3_000)
    expect(await balanceOf(businessId)).toBe(before + received)

    // Later looks credit nothing again.
    await ecash.recovery.sweep(new Date(Date.now() + 3_600_000))
    expect(await paymentOf(paymentId)).toEqual(settled)
    expect(await heldOf(businessId)).toEqual(held)
    expect(await balanceOf(businessId)).toBe(before + received)
    const totals = await dailyTotalsOf(businessId)
    expect(totals.reduce((sum, t) => sum + Number(t.count), 0)).toBe(1)
  })
})

describe('a swap whose answer was lost', () => {
  it('restores the swapped proofs from the mint at once and takes the payment', async () => {
    const { businessId } = await nwcBusiness(env, net)
    await net.control('POST', '/cashu/faults/reply', { route: 'swap', mode: 'drop' })
    const token = await mintToken(3_000)

    const view = await ecash.redeem({ id: businessId, currency: 'EUR' }, { token })

    expect(view.status).toBe('settled')
    expect(await spentAtMint(token)).toBe(true)
    const held = await heldOf(businessId)
    const changeSat = held.reduce((s, h) => s + h.amountSat, 0)
    expect(held.every((h) => h.reason === 'change')).toBe(true)
    expect(view.receivedSat + view.feeSat + changeSat).toBe(3_000)
    // The counters were stored for it before the swap was asked.
    const redemption = await env.database.db
      .selectFrom('ecashRedemptions')
      .select(['stage', 'counters'])
      .where('paymentId', '=', view.id)
      .executeTakeFirstOrThrow()
    expect(redemption.stage).toBe('done')
    expect(redemption.counters.length).toBeGreaterThan(0)
    await ecash.recovery.resolve(view.id)
    await ecash.recovery.sweep(new Date(Date.now() + 3_600_000))
    expect(await heldOf(businessId)).toEqual(held)
  })

  it('restores them later, once, when the mint could not be asked again at once', async () => {
    const { businessId } = await nwcBusiness(env, net)
    // The swap's answer is lost, and so is the first restore's.
    await net.control('POST', '/cashu/faults/reply', { route: 'swap', mode: 'drop' })
    await net.control('POST', '/cashu/faults/reply', { route: 'restore', mode: 'drop' })
    const token = await mintToken(2_000)

    await expect(ecash.redeem({ id: businessId, currency: 'EUR' }, { token })).rejects.toThrow()

    const [row] = await env.database.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('businessId', '=', businessId)
      .execute()
    if (!row) throw new Error('no payment row')
    expect(await spentAtMint(token)).toBe(true)
    expect(await heldOf(businessId)).toEqual([])

    // The recovery job restores them from the stored counters and holds them for the business.
    await ecash.recovery.sweep(new Date(Date.now() + 3_600_000))
    const held = await heldOf(businessId)
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ paymentId: row.id, reason: 'kept' })
    // All the token's value but the swap's input fee.
    expect(held[0]?.amountSat).toBeGreaterThan(1_990)
    expect(held[0]?.amountSat).toBeLessThan(2_000)
    // Credited once however often it is looked at.
    await ecash.recovery.resolve(row.id)
    await ecash.recovery.sweep(new Date(Date.now() + 3_600_000))
    expect(await heldOf(businessId)).toEqual(held)
  })
})

describe('a redemption stopped after the swap, before its invoice was attached', () => {
  it('asks the business wallet for the invoice, melts into it and credits the payment once', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const { db } = env.database
    const before = await balanceOf(businessId)
    const token = await mintToken(3_000)
    // The redemption's own steps up to the swap, as a process killed right after it leaves them:
    // the row processing without an invoice, the proofs swapped and held (kept).
    const { id: paymentId } = await db
      .insertInto('payments')
      .values({
        businessId,
        method: 'ecash',
        status: 'processing',
        amountSat: 3_000,
        currency: 'EUR',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const wallet = await env.services.wallets.forBusiness(businessId)
    if (!wallet) throw new Error('no wallet')
    const repo = createEcashRepo(db, env.services.secrets)
    const stopped = { after: false }
    const checked = await checkToken(readToken(token, [mintUrl]), undefined, () => {})
    await swapAndInvoice(
      checked,
      {
        paymentId,
        wallet,
        takesLightning: true,
        invoice: async (input) => {
          // Any invoice asked for after the swap never reaches the row.
          if ((await repo.redemption(paymentId))?.stage === 'melt') {
            stopped.after = true
            throw new Error('the process stopped')
          }
          return wallet.createInvoice(input)
        },
      },
      { repo, seed: platformSeed(repo), log: () => {} },
      { id: businessId, currency: 'EUR' },
    ).catch((err: unknown) => {
      if (!stopped.after) throw err
    })
    expect(await spentAtMint(token)).toBe(true)
    const kept = await heldOf(businessId)
    expect(kept.map((h) => h.reason)).toEqual(['kept'])
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'processing', settledAt: null })

    // Past the deadline of an unanswered request, the payment is left to the ecash recovery.
    await failUnanswered(createPaymentRepo(db), new Date(Date.now() + 3_600_000))
    expect((await paymentOf(paymentId)).status).toBe('processing')

    await resolveWithin(paymentId, RESOLVE_BOUND_MS)
    const settled = await paymentOf(paymentId)
    expect(settled.status).toBe('settled')
    const received = Number(settled.receivedSat)
    expect(received).toBeGreaterThan(2_900)
    const held = await heldOf(businessId)
    // The kept proofs were melted: only the mint's change is held now.
    expect(held.every((h) => h.reason === 'change')).toBe(true)
    const changeSat = held.reduce((s, h) => s + h.amountSat, 0)
    expect(received + Number(settled.feeSat) + changeSat).toBe(3_000)
    expect(await balanceOf(businessId)).toBe(before + received)
    const [withInvoice] = await db
      .selectFrom('payments')
      .select(['paymentRequest'])
      .where('id', '=', paymentId)
      .execute()
    expect(withInvoice?.paymentRequest).toMatch(/^lnbcrt/)

    // Later looks credit nothing again.
    await ecash.recovery.sweep(new Date(Date.now() + 3_600_000))
    expect(await paymentOf(paymentId)).toEqual(settled)
    expect(await heldOf(businessId)).toEqual(held)
    expect(await balanceOf(businessId)).toBe(before + received)
  })

  it('fails a payment stopped before the swap once its deadline passes', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const { db } = env.database
    const { id: paymentId } = await db
      .insertInto('payments')
      .values({
        businessId,
        method: 'ecash',
        status: 'processing',
        amountSat: 1_000,
        currency: 'EUR',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await failUnanswered(createPaymentRepo(db), new Date(Date.now() + 3_600_000))
    expect(await paymentOf(paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'WALLET_UNAVAILABLE',
    })
  })
})
