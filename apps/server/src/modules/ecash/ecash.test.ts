/**
 * Taking ecash end to end on simnet: a payer's token is swapped and melted at the mint to pay
 * the business's own wallet, which then holds the money; refusals change nothing.
 */
import { getDecodedToken, getEncodedToken, Wallet } from '@cashu/cashu-ts'
import { afterAll, describe, expect, it } from 'vitest'
import { approvedBusiness, nwcBusiness } from '../../../test/businesses'
import { appCode, rejection } from '../../../test/assertions'
import { scenario } from '../../../test/harness'

const t = await scenario({ simnet: true, realtime: true })
afterAll(t.close)
const { env, net } = t
const mintUrl = `${net.simnet.url}/cashu`

const mintToken = async (amountSat: number, format: 'A' | 'B' = 'B') =>
  (await net.control<{ token: string }>('POST', '/cashu/token', { amountSat, format })).token

const paymentsOf = (businessId: string) =>
  env.database.db
    .selectFrom('payments')
    .select(['id', 'method', 'status', 'amountSat', 'receivedSat', 'failureReason'])
    .where('businessId', '=', businessId)
    .execute()

const heldOf = (businessId: string) =>
  env.database.db
    .selectFrom('ecashChange')
    .select(['paymentId', 'reason', 'amountSat', 'proofs'])
    .where('businessId', '=', businessId)
    .execute()

async function balanceOf(businessId: string) {
  const wallet = await env.services.wallets.forBusiness(businessId)
  if (!wallet) throw new Error('no wallet')
  return (await wallet.balance()).lightningSat
}

describe('ecash payments', () => {
  it('redeems a cashuB token into the business wallet, less the mint’s fees, once', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const before = await balanceOf(businessId)
    const token = await mintToken(5_000, 'B')

    const payment = await b.caller.ecash.redeem({ businessId, token, memo: 'two croissants' })

    expect(payment).toMatchObject({ method: 'ecash', status: 'settled', amountSat: 5_000 })
    expect(payment.memo).toBe('two croissants')
    expect(payment.feeSat).toBeGreaterThan(0)
    expect(payment.receivedSat).toBeGreaterThan(4_900)
    expect(payment.settledAt).toBeInstanceOf(Date)
    // What the mint did not charge came back as change, held for the business.
    const held = await heldOf(businessId)
    expect(held.every((h) => h.reason === 'change' && h.paymentId === payment.id)).toBe(true)
    const changeSat = held.reduce((s, h) => s + Number(h.amountSat), 0)
    expect(payment.receivedSat + payment.feeSat + changeSat).toBe(5_000)
    expect(JSON.stringify(held[0]?.proofs ?? {})).not.toContain('secret')
    // The business's wallet holds the money.
    expect(await balanceOf(businessId)).toBe(before + payment.receivedSat)

    // The payer's copy is spent at the mint: a second redemption is refused, no new row.
    const again = await rejection(b.caller.ecash.redeem({ businessId, token }))
    expect(appCode(again)).toBe('ECASH_TOKEN_SPENT')
    expect(await paymentsOf(businessId)).toHaveLength(1)
    const payer = new Wallet(mintUrl, { unit: 'sat' })
    await payer.loadMint()
    const states = await payer.checkProofsStates(payer.decodeToken(token).proofs)
    expect(states.every((s) => s.state === 'SPENT')).toBe(true)
  })

  it('answers a retried redemption (same key) with its payment instead of "spent"', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const token = await mintToken(2_000)
    const idempotencyKey = 'ecash-page-retry-0001'
    const first = await b.caller.ecash.redeem({ businessId, token, idempotencyKey })
    expect(first.status).toBe('settled')
    // The page did not see the answer and sends the same redemption again.
    const again = await b.caller.ecash.redeem({ businessId, token, idempotencyKey })
    expect(again).toMatchObject({ id: first.id, status: 'settled', amountSat: 2_000 })
    expect(await paymentsOf(businessId)).toHaveLength(1)
    // The key of that redemption for another token is refused, and nothing is spent of it.
    const other = await mintToken(900)
    const reused = await rejection(
      b.caller.ecash.redeem({ businessId, token: other, idempotencyKey }),
    )
    expect(appCode(reused)).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await paymentsOf(businessId)).toHaveLength(1)
    const payer = new Wallet(mintUrl, { unit: 'sat' })
    await payer.loadMint()
    const states = await payer.checkProofsStates(payer.decodeToken(other).proofs)
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true)
  })

  it('redeems a cashuA token behind a cashu: prefix', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const token = await mintToken(1_200, 'A')
    expect(token.startsWith('cashuA')).toBe(true)
    const payment = await b.caller.ecash.redeem({ businessId, token: `cashu:${token}` })
    expect(payment).toMatchObject({ method: 'ecash', status: 'settled', amountSat: 1_200 })
    expect(payment.receivedSat).toBeGreaterThan(1_150)
    expect(payment.receivedSat).toBeLessThan(1_200)
    const rows = await paymentsOf(businessId)
    expect(rows).toMatchObject([{ status: 'settled', method: 'ecash' }])
  })

  it('refuses a malformed token and records nothing', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    for (const token of ['cashuBnotatoken', 'hello', 'cashuA' + 'x'.repeat(40)]) {
      const err = await rejection(b.caller.ecash.redeem({ businessId, token }))
      expect(appCode(err)).toBe('ECASH_TOKEN_INVALID')
    }
    expect(await paymentsOf(businessId)).toHaveLength(0)
  })

  it('refuses a token from a mint it does not accept, leaving the token spendable', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const token = await mintToken(500)
    const info = await net.control<{ keysetIds: string[] }>('GET', '/cashu/info')
    const { proofs } = getDecodedToken(token, info.keysetIds)
    const foreign = getEncodedToken({ mint: 'https://mint.example.com', proofs, unit: 'sat' })

    const err = await rejection(b.caller.ecash.redeem({ businessId, token: foreign }))
    expect(appCode(err)).toBe('ECASH_MINT_NOT_ACCEPTED')
    expect(await paymentsOf(businessId)).toHaveLength(0)
    // The real one still redeems: nothing of it was spent.
    const payment = await b.caller.ecash.redeem({ businessId, token })
    expect(payment.status).toBe('settled')
  })

  it('refuses a token too small to cover the fees before spending it', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const before = await balanceOf(businessId)
    for (const amountSat of [1, 2]) {
      const token = await mintToken(amountSat)
      const err = await rejection(b.caller.ecash.redeem({ businessId, token }))
      expect(appCode(err)).toBe('ECASH_TOKEN_TOO_SMALL')
      // Still the payer's: the mint has not seen it spent.
      const payer = new Wallet(mintUrl, { unit: 'sat' })
      await payer.loadMint()
      const states = await payer.checkProofsStates(payer.decodeToken(token).proofs)
      expect(states.every((s) => s.state === 'UNSPENT')).toBe(true)
    }
    const rows = await paymentsOf(businessId)
    expect(rows.map((r) => [r.status, Number(r.receivedSat), r.failureReason])).toEqual([
      ['failed', 0, 'ECASH_TOKEN_TOO_SMALL'],
      ['failed', 0, 'ECASH_TOKEN_TOO_SMALL'],
    ])
    expect(await heldOf(businessId)).toHaveLength(0)
    expect(await balanceOf(businessId)).toBe(before)
  })

  it('hides another owner’s business and refuses a business that cannot take payments', async () => {
    const { businessId } = await nwcBusiness(env, net)
    const stranger = await nwcBusiness(env, net)
    const token = await mintToken(300)
    const err = await rejection(stranger.b.caller.ecash.redeem({ businessId, token }))
    expect(appCode(err)).toBe('NOT_FOUND')
    expect(await paymentsOf(businessId)).toHaveLength(0)

    const early = await approvedBusiness(env)
    const refused = await rejection(
      early.b.caller.ecash.redeem({ businessId: early.businessId, token }),
    )
    expect(appCode(refused)).toBe('STEP_NOT_ALLOWED')
  })

  it('lists the accepted mints', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    expect(await b.caller.ecash.acceptedMints({ businessId })).toEqual({ mints: [mintUrl] })
  })
})
