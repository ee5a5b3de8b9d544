/**
 * Withdrawals from the exchange account to destinations registered on the exchange (Kraken's
 * withdrawal keys): WithdrawAddresses lists them, WithdrawInfo gives the fee and the limit before
 * confirming, Withdraw sends (the amount asked includes the fee, as on Kraken; `max_fee` pins the
 * quoted fee), WithdrawStatus follows it. Where the exchange has a Lightning method
 * (WithdrawMethods) and the account a key of it without a fixed invoice (WithdrawAddresses), a
 * typed invoice is paid by Withdraw to that key with the invoice as its `address`.
 */
import { z } from 'zod'
import { satToBtcString } from '@app/domain'
import type {
  ExchangeWithdrawalQuote,
  ExchangeWithdrawalState,
  ExchangeWithdrawInput,
  ExchangeWithdrawOutcome,
  RegisteredDestination,
  RegisteredWithdrawals,
} from '../wallet'
import { unavailable } from '../wallet-support'
import type { KrakenClient } from './kraken-client'
import { xbtToSat } from './kraken-dto'

const ZAddresses = z.array(
  z.object({ key: z.string(), method: z.string(), address: z.string().default('') }),
)
const ZMethods = z.array(z.object({ method: z.string(), network: z.string().optional() }))
const ZInfo = z.object({ limit: z.string(), amount: z.string(), fee: z.string() })
const ZWithdrawn = z.object({ refid: z.string().min(1) })
const ZStatus = z.object({
  refid: z.string(),
  txid: z.string().default(''),
  key: z.string().optional(),
  amount: z.string(),
  fee: z.string().default('0'),
  time: z.number(),
  status: z.string(),
})
const ZStatuses = z
  .union([z.array(ZStatus), z.object({ withdrawals: z.array(ZStatus) })])
  .transform((r) => (Array.isArray(r) ? r : r.withdrawals))

const stateOf = (status: string): ExchangeWithdrawalState['status'] =>
  status === 'Success' || status === 'Settled'
    ? 'succeeded'
    : status === 'Failure'
      ? 'failed'
      : 'pending'

/** Kraken's own refusal (`EFunding:…`, `EGeneral:…`): final, nothing was withdrawn. */
const KRAKEN_REFUSAL = /^E[A-Z][a-zA-Z]+:/

export class ExchangeSend implements RegisteredWithdrawals {
  constructor(private readonly kraken: KrakenClient) {}

  async destinations(signal?: AbortSignal): Promise<RegisteredDestination[]> {
    try {
      const raw = await this.kraken.privateCall<unknown>(
        'WithdrawAddresses',
        { asset: 'XBT' },
        signal,
      )
      return ZAddresses.parse(raw).map((k) => ({
        key: k.key,
        rail: k.method === 'Bitcoin' ? ('onchain' as const) : ('lightning' as const),
        address: k.address,
      }))
    } catch (err) {
      throw unavailable(err, 'The exchange did not list its withdrawal destinations')
    }
  }

  /** The fee and the most that can arrive, for `amountSat` to arrive. */
  async quote(
    key: string,
    amountSat: number,
    signal?: AbortSignal,
  ): Promise<ExchangeWithdrawalQuote> {
    try {
      const raw = await this.kraken.privateCall<unknown>(
        'WithdrawInfo',
        { asset: 'XBT', key, amount: satToBtcString(amountSat) },
        signal,
      )
      const info = ZInfo.parse(raw)
      return { feeSat: xbtToSat(info.fee), maxSat: xbtToSat(info.limit) }
    } catch (err) {
      throw unavailable(err, 'The exchange did not quote the withdrawal')
    }
  }

  /** The Lightning method's key that takes an invoice per withdrawal; null when none. */
  async lightningInvoiceKey(signal?: AbortSignal): Promise<string | null> {
    try {
      const methods = ZMethods.parse(
        await this.kraken.privateCall<unknown>('WithdrawMethods', { asset: 'XBT' }, signal),
      )
      const lightning = methods.find((m) => m.network === 'Lightning')
      if (!lightning) return null
      const keys = ZAddresses.parse(
        await this.kraken.privateCall<unknown>(
          'WithdrawAddresses',
          { asset: 'XBT', method: lightning.method },
          signal,
        ),
      )
      return keys.find((k) => k.method === lightning.method && k.address === '')?.key ?? null
    } catch (err) {
      throw unavailable(err, 'The exchange did not list its Lightning withdrawal method')
    }
  }

  /**
   * Sends `amountSat + feeSat` (Kraken takes the fee from it), refused if the fee rose; with
   * `invoice`, pays it through a key of the Lightning method.
   */
  async withdraw(
    input: ExchangeWithdrawInput,
    signal?: AbortSignal,
  ): Promise<ExchangeWithdrawOutcome> {
    try {
      const raw = await this.kraken.privateCall<unknown>(
        'Withdraw',
        {
          asset: 'XBT',
          key: input.key,
          amount: satToBtcString(input.amountSat + input.feeSat),
          max_fee: satToBtcString(input.feeSat),
          ...(input.invoice ? { address: input.invoice } : {}),
        },
        signal,
      )
      return { status: 'sent', refid: ZWithdrawn.parse(raw).refid }
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 300) : 'no answer'
      return { status: KRAKEN_REFUSAL.test(reason) ? 'failed' : 'unknown', failureReason: reason }
    }
  }

  /**
   * Where a withdrawal stands: by its refid, or (after a lost reply) the one to `key` for the
   * amount, made at or after `since`. Null when the exchange has none.
   */
  async state(
    find: { refid: string } | { key: string; amountSat: number; since: Date },
    signal?: AbortSignal,
  ): Promise<ExchangeWithdrawalState | null> {
    let list
    try {
      list = ZStatuses.parse(
        await this.kraken.privateCall<unknown>('WithdrawStatus', { asset: 'XBT' }, signal),
      )
    } catch (err) {
      throw unavailable(err, 'The exchange did not list its withdrawals')
    }
    const found =
      'refid' in find
        ? list.find((w) => w.refid === find.refid)
        : list.find(
            (w) =>
              w.key === find.key &&
              xbtToSat(w.amount) === find.amountSat &&
              w.time * 1000 >= find.since.getTime() - 60_000,
          )
    if (!found) return null
    return {
      refid: found.refid,
      status: stateOf(found.status),
      txid: found.txid || null,
      feeSat: xbtToSat(found.fee),
    }
  }
}
