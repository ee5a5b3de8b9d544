/**
 * Paying out through an NWC wallet, and finding out later how a payout stands.
 *
 * A `pay_invoice` request carries a NIP-47 `expiration` counted from when the payout was claimed
 * (`sentAt`), so the follow-up can compute it again after a restart: a wallet that receives the
 * request later does not pay it. Many wallets cannot look up outgoing payments (`lookup_invoice`
 * answers NOT_FOUND for a payment they made), so NOT_FOUND proves nothing: a payout is failed
 * only once its request has expired (with room for the wallet's clock) and the wallet's own
 * records (`list_transactions`, outgoing, unpaid included) hold no payment of its hash. Until
 * then it stays unknown, and its amount stays reserved.
 *
 * NIP-47 has no fee limit in `pay_invoice`; the limit is sent as `max_fee` (msat), the optional
 * parameter proposed for NIP-47, which wallets that implement it enforce and others ignore.
 */
import { Nip47WalletError, type NWCClient, type Nip47Transaction } from '@getalby/sdk/nwc'
import type { SendLightningInput, SendOutcome } from '../wallet'
import { unavailable } from '../wallet-support'
import { requestExpiring } from './nwc-client'

/** how long a wallet may take to pick up a payout request before it must drop it */
export const PAY_REQUEST_TTL_SEC = 60
/** how far behind ours the wallet's clock may run: its records are read this much later */
export const WALLET_CLOCK_SKEW_SEC = 60
/** our deadline for the wallet's answer to pay_invoice */
export const PAY_TIMEOUT_MS = 90_000
/** transactions read per list_transactions page, and pages read at most */
const PAGE = 50
const MAX_PAGES = 20

export interface NwcSendDeps {
  client: NWCClient
  /** one request with its deadline (ms) and the caller's signal */
  request<T>(work: () => Promise<T>, signal?: AbortSignal, ms?: number): Promise<T>
  now(): number
  payTimeoutMs: number
  payRequestTtlSec: number
}

/** The wallet answered with a NIP-47 error code (not a lost relay or a timeout). */
export const walletErrorCode = (err: unknown) => (err instanceof Nip47WalletError ? err.code : null)

const outcome = (status: SendOutcome['status'], failureReason: string): SendOutcome => ({
  status,
  feeSat: 0,
  preimage: null,
  failureReason,
})

const feeSatOf = (tx: { fees_paid?: number }) => Math.ceil((tx.fees_paid || 0) / 1000)

/** The second after which the wallet must not carry out the payout claimed at `sentAt`. */
export function payRequestExpiresAtSec(sentAt: Date, ttlSec = PAY_REQUEST_TTL_SEC): number {
  return Math.floor(sentAt.getTime() / 1000) + ttlSec
}

/** pay_invoice with its expiration and fee limit; no answer at all (or INTERNAL) is unknown. */
export async function sendThroughNwc(
  deps: NwcSendDeps,
  input: SendLightningInput,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const expiresAtSec = payRequestExpiresAtSec(
    input.sentAt ?? new Date(deps.now()),
    deps.payRequestTtlSec,
  )
  // claimed too long ago: the wallet would drop the request, so nothing is sent
  if (deps.now() >= expiresAtSec * 1000)
    return outcome('failed', 'never reached the wallet: claimed too long ago')
  const params = {
    invoice: input.paymentRequest,
    ...(input.amountSat ? { amount: input.amountSat * 1000 } : {}),
    max_fee: input.feeLimitSat * 1000,
  }
  try {
    const paid = await requestExpiring(expiresAtSec, () =>
      deps.request(() => deps.client.payInvoice(params), signal, deps.payTimeoutMs),
    )
    return {
      status: 'succeeded',
      feeSat: feeSatOf(paid),
      preimage: paid.preimage,
      failureReason: null,
    }
  } catch (err) {
    const code = walletErrorCode(err)
    const reason = err instanceof Error ? err.message : String(err)
    // INTERNAL says nothing about whether the payment went out
    if (code !== null && code !== 'INTERNAL') return outcome('failed', reason)
    return outcome('unknown', reason)
  }
}

/** An outgoing transaction's state as an outcome. */
function outcomeOf(tx: Nip47Transaction): SendOutcome {
  if (tx.state === 'settled' || (tx.state === undefined && tx.settled_at)) {
    return {
      status: 'succeeded',
      feeSat: feeSatOf(tx),
      preimage: tx.preimage || null,
      failureReason: null,
    }
  }
  if (tx.state === 'failed') return outcome('failed', 'the wallet failed it')
  return outcome('unknown', 'in flight')
}

/** The wallet's outgoing transaction of this hash: null when it has none, 'cannot' if unable. */
async function listedOutgoing(
  deps: NwcSendDeps,
  paymentHash: string,
  fromSec: number,
  signal?: AbortSignal,
): Promise<Nip47Transaction | null | 'cannot'> {
  for (let page = 0; page < MAX_PAGES; page++) {
    let txs: Nip47Transaction[]
    try {
      const listed = await deps.request(
        () =>
          deps.client.listTransactions({
            from: fromSec,
            type: 'outgoing',
            unpaid: true,
            limit: PAGE,
            offset: page * PAGE,
          }),
        signal,
      )
      txs = listed.transactions
    } catch (err) {
      if (walletErrorCode(err) !== null) return 'cannot'
      throw unavailable(err, 'The wallet did not list its payments')
    }
    const found = txs.find((tx) => tx.payment_hash === paymentHash && tx.type !== 'incoming')
    if (found) return found
    if (txs.length < PAGE) return null
  }
  return 'cannot'
}

/**
 * Where a payout stands. Never null: a wallet's NOT_FOUND is not proof that it never saw the
 * payout; failed comes only with that proof (see the top of this file).
 */
export async function trackThroughNwc(
  deps: NwcSendDeps,
  paymentHash: string,
  signal?: AbortSignal,
  sentAt?: Date | null,
): Promise<SendOutcome> {
  try {
    const tx = await deps.request(
      () => deps.client.lookupInvoice({ payment_hash: paymentHash }),
      signal,
    )
    if (tx.type !== 'incoming') return outcomeOf(tx)
  } catch (err) {
    if (walletErrorCode(err) === null) throw unavailable(err, 'The wallet did not look it up')
  }
  if (!sentAt) return outcome('unknown', 'not found yet')
  const expiresAtSec = payRequestExpiresAtSec(sentAt, deps.payRequestTtlSec)
  if (deps.now() < (expiresAtSec + WALLET_CLOCK_SKEW_SEC) * 1000) {
    return outcome('unknown', 'not found yet; its request has not expired')
  }
  const fromSec = Math.floor(sentAt.getTime() / 1000) - WALLET_CLOCK_SKEW_SEC
  const listed = await listedOutgoing(deps, paymentHash, fromSec, signal)
  if (listed === 'cannot') return outcome('unknown', 'the wallet cannot show its payments')
  if (listed) return outcomeOf(listed)
  return outcome('failed', 'never reached the wallet')
}
