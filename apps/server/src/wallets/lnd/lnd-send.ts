/**
 * Money out of the merchant's own lnd: Lightning by the router (SendPaymentV2 with a fee limit
 * and a timeout, followed to its end; TrackPaymentV2 later), on chain by SendCoins with an
 * explicit rate or send_all, quoted first from EstimateFee, WalletKit EstimateFee and the UTXOs.
 */
import { addressOutputVbytes, type BitcoinNetwork } from '@app/domain'
import { z } from 'zod'
import { withTimeout } from '../../lib/http'
import type {
  OnchainQuote,
  OnchainQuoteInput,
  OnchainSendInput,
  OnchainSendOutcome,
  OnchainSent,
  SendableBalance,
  SendLightningInput,
  SendOutcome,
} from '../wallet'
import { WalletNotReadyError, WalletUnavailableError } from '../wallet'
import { unavailable } from '../wallet-support'
import { b64, LndError, LndUnreachableError, type LndClient } from './lnd-client'
import { int64, ZLndPayment, toSendOutcome, type LndPayment } from './lnd-dto'

const ZEstimateFeeRate = z.object({ sat_per_kw: int64 })
const ZEstimateFee = z.object({ fee_sat: int64, sat_per_vbyte: int64 })
const ZUtxos = z.object({
  utxos: z.array(z.object({ amount_sat: int64, confirmations: int64 })).default([]),
})
const ZChannelBalance = z.object({
  local_balance: z.object({ sat: int64 }).optional(),
  balance: int64,
})
const ZChainBalance = z.object({ confirmed_balance: int64, reserved_balance_anchor_chan: int64 })
const ZSendCoins = z.object({ txid: z.string().min(1) })
const ZLabelledTxs = z.object({
  transactions: z
    .array(z.object({ tx_hash: z.string(), total_fees: int64, label: z.string().default('') }))
    .default([]),
})

/** Version, locktime, counts and segwit marker; a P2WPKH input; a P2WPKH change output. */
const TX_OVERHEAD_VBYTES = 10.5
const INPUT_VBYTES = 68
const CHANGE_VBYTES = 31

/** lnd's answers while its wallet is locked, not created yet, or its RPC server still starting. */
const NOT_READY = /wallet locked|wallet not created|in the process of starting|not yet ready/
/** gRPC's Unavailable: lnd is not running (restarting, updating, stopped). */
const GRPC_UNAVAILABLE = 14

/**
 * The one rule of this adapter (sending and receiving alike) for a node that cannot do what was
 * asked: not ready when the node itself answers that it is locked, not created, starting or
 * not running (the merchant can act: unlock it, wait for it); unavailable for anything else,
 * a node out of reach included: no answer cannot tell a stopped node from a network fault,
 * so it is not called "not ready".
 */
export function notReadyOrUnavailable(err: unknown, what: string): Error {
  const isNotReady =
    err instanceof LndError &&
    (err.isLocked || err.grpcCode === GRPC_UNAVAILABLE || NOT_READY.test(err.message))
  if (!isNotReady) return unavailable(err, what)
  const notReady = new WalletNotReadyError(`${what}: the node is not ready`)
  notReady.cause = err
  return notReady
}

const isFinal = (p: LndPayment) => p.status === 'SUCCEEDED' || p.status === 'FAILED'

const outcome = toSendOutcome

const unknownOutcome = (reason: string): SendOutcome => ({
  status: 'unknown',
  feeSat: 0,
  preimage: null,
  failureReason: reason,
})

export class LndSend {
  constructor(
    private readonly lnd: LndClient,
    private readonly network: BitcoinNetwork,
  ) {}

  /**
   * Pays and waits for the final state. The node refusing before anything was sent (already
   * paid, no route, fee limit) is failed; losing the node or the stream mid-way is unknown.
   */
  async sendLightning(input: SendLightningInput, signal?: AbortSignal): Promise<SendOutcome> {
    const body = {
      payment_request: input.paymentRequest,
      timeout_seconds: input.timeoutSec,
      fee_limit_sat: String(input.feeLimitSat),
      no_inflight_updates: true,
      ...(input.amountSat ? { amt: String(input.amountSat) } : {}),
    }
    let final: LndPayment | null = null
    let opened = false
    try {
      await this.lnd.stream(
        'POST',
        '/v2/router/send',
        body,
        (raw) => {
          const p = ZLndPayment.safeParse(raw)
          if (p.success && isFinal(p.data)) final = p.data
        },
        withTimeout(signal, (input.timeoutSec + 30) * 1000),
        () => (opened = true),
      )
    } catch (err) {
      if (final) return outcome(final)
      // an answer of the node itself before the payment started: nothing was sent
      if (err instanceof LndError && !opened && !/in transition/i.test(err.message)) {
        return { status: 'failed', feeSat: 0, preimage: null, failureReason: err.message }
      }
      if (err instanceof LndError && /already (paid|exists)|invoice expired/i.test(err.message)) {
        return { status: 'failed', feeSat: 0, preimage: null, failureReason: err.message }
      }
      return unknownOutcome(err instanceof Error ? err.message : 'no answer')
    }
    return final ? outcome(final) : unknownOutcome('the node ended the stream early')
  }

  async trackLightning(paymentHash: string, signal?: AbortSignal): Promise<SendOutcome | null> {
    let last: LndPayment | null = null
    const path = `/v2/router/track/${b64.urlFromHex(paymentHash)}?no_inflight_updates=false`
    const ctl = new AbortController()
    const stop = () => ctl.abort()
    signal?.addEventListener('abort', stop, { once: true })
    const timer = setTimeout(stop, 5_000)
    try {
      await this.lnd.stream(
        'GET',
        path,
        undefined,
        (raw) => {
          const p = ZLndPayment.safeParse(raw)
          if (!p.success) return
          last = p.data
          // the first message tells where it stands: in flight stays unknown for now
          ctl.abort()
        },
        ctl.signal,
      )
    } catch (err) {
      if (err instanceof LndError && /isn't initiated|not found/i.test(err.message)) return null
      if (err instanceof LndError || err instanceof LndUnreachableError) {
        throw unavailable(err, 'The node did not say where the payment stands')
      }
      if (!last && !(err instanceof Error && err.name === 'AbortError')) {
        throw unavailable(err, 'The node did not say where the payment stands')
      }
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
    }
    if (!last) throw new WalletUnavailableError('The node did not say where the payment stands')
    const p: LndPayment = last
    return isFinal(p) ? outcome(p) : unknownOutcome('in flight')
  }

  async sendableBalance(signal?: AbortSignal): Promise<SendableBalance> {
    try {
      const [channels, chain] = await Promise.all([
        this.lnd.call('GET', '/v1/balance/channels', undefined, { signal }),
        this.lnd.call('GET', '/v1/balance/blockchain', undefined, { signal }),
      ])
      const ch = ZChannelBalance.parse(channels)
      const onchain = ZChainBalance.parse(chain)
      return {
        lightningSat: ch.local_balance?.sat ?? ch.balance,
        onchainSat: onchain.confirmed_balance,
        reserveSat: onchain.reserved_balance_anchor_chan,
      }
    } catch (err) {
      throw notReadyOrUnavailable(err, 'The node did not report its balance')
    }
  }

  async onchainFeeRate(targetBlocks: number, signal?: AbortSignal): Promise<number> {
    try {
      const raw = await this.lnd.call(
        'GET',
        `/v2/wallet/estimatefee/${Math.max(2, targetBlocks)}`,
        undefined,
        { signal },
      )
      return Math.max(1, Math.round(ZEstimateFeeRate.parse(raw).sat_per_kw / 250))
    } catch (err) {
      throw unavailable(err, 'The node did not estimate the fee rate')
    }
  }

  async quoteOnchain(input: OnchainQuoteInput, signal?: AbortSignal): Promise<OnchainQuote> {
    const outVbytes = addressOutputVbytes(input.address, this.network)
    const [utxoRaw, balRaw] = await Promise.all([
      this.lnd.call('GET', '/v1/utxos?min_confs=1&max_confs=2147483647', undefined, { signal }),
      this.lnd.call('GET', '/v1/balance/blockchain', undefined, { signal }),
    ]).catch((err: unknown) => {
      throw unavailable(err, 'The node did not list its funds')
    })
    const utxos = ZUtxos.parse(utxoRaw).utxos.filter((u) => u.confirmations > 0)
    const reserveSat = ZChainBalance.parse(balRaw).reserved_balance_anchor_chan
    const total = utxos.reduce((s, u) => s + u.amount_sat, 0)
    const sizeOf = (inputs: number, change: boolean) =>
      Math.ceil(
        TX_OVERHEAD_VBYTES + inputs * INPUT_VBYTES + outVbytes + (change ? CHANGE_VBYTES : 0),
      )
    if (input.amountSat === null) {
      // everything: one output, or with lnd's anchor reserve kept back as change
      const change = reserveSat > 0
      const vsize = sizeOf(utxos.length, change)
      const feeSat = Math.ceil(vsize * input.satPerVbyte)
      return {
        amountSat: Math.max(0, total - reserveSat - feeSat),
        feeSat,
        vsize,
        reserveSat,
        sendAll: !change,
      }
    }
    // lnd's own estimate at some target gives the transaction's size; priced at the rate asked
    const q = new URLSearchParams({
      [`AddrToAmount[${input.address}]`]: String(input.amountSat),
      target_conf: '6',
      min_confs: '1',
    })
    let vsize: number
    try {
      const est = ZEstimateFee.parse(
        await this.lnd.call('GET', `/v1/transactions/fee?${q.toString()}`, undefined, { signal }),
      )
      vsize = Math.ceil(est.fee_sat / Math.max(1, est.sat_per_vbyte))
    } catch (err) {
      if (err instanceof LndError && /insufficient|not enough/i.test(err.message)) {
        vsize = sizeOf(Math.max(1, utxos.length), true)
        const feeSat = Math.ceil(vsize * input.satPerVbyte)
        return { amountSat: input.amountSat, feeSat, vsize, reserveSat, sendAll: false }
      }
      throw unavailable(err, 'The node did not estimate the fee')
    }
    return {
      amountSat: input.amountSat,
      feeSat: Math.ceil(vsize * input.satPerVbyte),
      vsize,
      reserveSat,
      sendAll: false,
    }
  }

  /** The node's own refusal is failed; anything else may have broadcast and is unknown. */
  async sendOnchain(input: OnchainSendInput, signal?: AbortSignal): Promise<OnchainSendOutcome> {
    const body = {
      addr: input.address,
      sat_per_vbyte: String(input.satPerVbyte),
      label: input.label,
      min_confs: 1,
      ...(input.sendAll ? { send_all: true } : { amount: String(input.amountSat) }),
    }
    try {
      const raw = await this.lnd.call('POST', '/v1/transactions', body, {
        signal,
        timeoutMs: 60_000,
      })
      return { status: 'succeeded', txid: ZSendCoins.parse(raw).txid }
    } catch (err) {
      const refused = err instanceof LndError && !/timeout|deadline|unavailable/i.test(err.message)
      const failureReason = err instanceof Error ? err.message.slice(0, 300) : 'no answer'
      return { status: refused ? 'failed' : 'unknown', failureReason }
    }
  }

  async findOnchainSend(label: string, signal?: AbortSignal): Promise<OnchainSent | null> {
    try {
      const raw = await this.lnd.call('GET', '/v1/transactions', undefined, { signal })
      const tx = ZLabelledTxs.parse(raw).transactions.find((t) => t.label === label)
      return tx ? { txid: tx.tx_hash, feeSat: tx.total_fees } : null
    } catch (err) {
      throw unavailable(err, 'The node did not list its transactions')
    }
  }
}
