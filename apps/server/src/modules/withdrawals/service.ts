/**
 * Withdrawals: the outgoing twin of the payment flow. A quote reads the destination, screens it
 * and prices it; a confirmation (password, and the second factor when on) writes the row with its
 * idempotency key, claims it (one withdrawal in flight per business wallet), checks the balance,
 * screens again and asks the wallet to pay. A lost answer leaves the row `unknown` for the
 * follow-up job, never failed and never sent again.
 */
import bolt11 from 'bolt11'
import {
  expectedMinutes,
  feeRateError,
  isErrorCode,
  lightningFeeLimitSat,
  maxLightningSendSat,
  parseDestination,
  withdrawAmountError,
  DUST_LIMIT_SAT,
  PRIORITY_TARGET_BLOCKS,
  type BitcoinNetwork,
  type InvoiceDestination,
  type OnchainPriority,
  type WithdrawConfirmInput,
  type WithdrawQuoteInput,
  ZWithdrawQuoteInput,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import { failureCode } from './failure'
import { followChanges, type PgEventBus } from '../../lib/pg-events'
import {
  canSend,
  withdrawsToRegistered,
  WalletNotReadyError,
  WalletUnsupportedError,
  type SendingWallet,
} from '../../wallets/wallet'
import type { WalletProvider } from '../payments/wallet-provider'
import type { ScreeningService } from '../screening/service'
import { fetchPayRequest, requestInvoice } from './lnurl'
import { WITHDRAWAL_EVENTS_CHANNEL, type WithdrawalRepo, type WithdrawalRow } from './repo'
import { listEventId, withdrawalView, type WithdrawalView } from './view'

export interface WithdrawalDeps {
  repo: WithdrawalRepo
  wallets: WalletProvider
  screening: ScreeningService
  auth: {
    confirmWithPassword(input: {
      userId: string
      password: string
      code?: string
      ip?: string
    }): Promise<void>
  }
  bus: PgEventBus
  network: BitcoinNetwork
  /** how long the wallet may look for a Lightning route; default 60 s */
  lightningTimeoutSec?: number
  log?: (msg: string, err?: unknown) => void
}

export interface PriorityOption {
  priority: Exclude<OnchainPriority, 'custom'>
  satPerVbyte: number
  minutes: number
  feeSat: number
}

export interface WithdrawQuote {
  rail: 'lightning' | 'onchain'
  destinationType: string
  /** what is paid: the invoice or the address */
  target: string
  amountSat: number
  /** on chain: the fee at the chosen rate; Lightning: the most the route may cost */
  feeSat: number
  feeLimitSat: number | null
  totalSat: number
  satPerVbyte: number | null
  priorities: PriorityOption[]
  reserveSat: number
  sweepAll: boolean
  description: string | null
  expiresAt: string | null
}

interface ExchangePlan {
  via: 'exchange'
  rail: 'lightning' | 'onchain'
  destinationType: 'registered'
  key: string
  address: string
  amountSat: number
  feeSat: number
  maxSat: number
  screenTargets: string[]
}

type Plan =
  | ExchangePlan
  | {
      via?: undefined
      rail: 'lightning'
      destinationType: string
      invoice: InvoiceDestination
      amountSat: number
      feeLimitSat: number
      /** for a zero-amount invoice */
      payAmountSat: number | undefined
      screenTargets: string[]
    }
  | {
      via?: undefined
      rail: 'onchain'
      destinationType: string
      address: string
      amountSat: number
      feeSat: number
      satPerVbyte: number
      reserveSat: number
      sendAll: boolean
      sweepAll: boolean
      priorities: PriorityOption[]
      screenTargets: string[]
    }

interface Actor {
  businessId: string
  userId: string
}

const LIST_LIMIT = 50

function walletError(err: unknown): never {
  if (err instanceof DomainError) throw err
  if (err instanceof WalletNotReadyError)
    throw new DomainError('NODE_NOT_READY', 'Node is not ready')
  if (err instanceof WalletUnsupportedError) {
    throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', err.message)
  }
  throw new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer. Try again.')
}

/** The invoice's payee node, for screening (the server's decoder recovers it). */
function payeeOf(invoice: string): string | null {
  try {
    return bolt11.decode(invoice).payeeNodeKey ?? null
  } catch {
    return null
  }
}

export function createWithdrawalService(deps: WithdrawalDeps) {
  const { repo, wallets, screening, network } = deps
  const timeoutSec = deps.lightningTimeoutSec ?? 60

  /**
   * Records how a sent withdrawal stands. A failure keeps a code of the error catalogue, which
   * its merchant sees in their language; what the wallet or exchange said is logged.
   */
  async function finish(id: string, f: Parameters<WithdrawalRepo['finish']>[1]) {
    const raw = f.failureReason
    if (raw && !isErrorCode(raw)) deps.log?.(`withdrawal ${id} (${f.status}): ${raw}`)
    const failureReason = raw === undefined ? undefined : failureCode(f.status, raw)
    return repo.finish(id, { ...f, failureReason })
  }

  async function walletOf(businessId: string): Promise<SendingWallet> {
    const wallet = await wallets.forBusiness(businessId).catch(walletError)
    if (!wallet) throw new DomainError('NO_WALLET', 'This business has no wallet connected')
    if (!canSend(wallet)) {
      throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', 'This wallet cannot send money out')
    }
    return wallet
  }

  async function balances(wallet: SendingWallet, signal?: AbortSignal) {
    const b = await wallet.sendableBalance(signal).catch(walletError)
    return {
      walletKind: wallet.kind,
      lightningSat: b.lightningSat,
      onchainSat: b.onchainSat,
      reserveSat: b.reserveSat,
      maxLightningSat: maxLightningSendSat(b.lightningSat),
      canLightning: wallet.kind !== 'exchange',
      canOnchain: wallet.kind === 'lnd',
      /** an exchange account's registered destinations: the only ones it can send to */
      destinations: withdrawsToRegistered(wallet)
        ? await wallet.registeredDestinations(signal).catch(walletError)
        : [],
    }
  }

  async function lightningPlan(
    actor: Actor,
    wallet: SendingWallet,
    invoice: InvoiceDestination,
    destinationType: string,
    amountSat: number | null,
    extraTargets: string[],
  ): Promise<Plan> {
    if (wallet.kind === 'exchange') {
      throw new DomainError('WITHDRAW_DESTINATION_NOT_REGISTERED', 'Use a registered destination')
    }
    const amount = invoice.amountSat ?? amountSat
    const amountError = withdrawAmountError(amount)
    if (amountError || amount === null)
      throw new DomainError(amountError ?? 'WITHDRAW_AMOUNT_REQUIRED')
    if (await repo.invoiceTaken(actor.businessId, invoice.paymentHash)) {
      throw new DomainError('WITHDRAW_INVOICE_ALREADY_PAID', 'This invoice was paid already')
    }
    const payee = payeeOf(invoice.invoice)
    return {
      rail: 'lightning',
      destinationType,
      invoice,
      amountSat: amount,
      feeLimitSat: lightningFeeLimitSat(amount),
      payAmountSat: invoice.amountSat === null ? amount : undefined,
      screenTargets: [...extraTargets, ...(payee ? [payee] : [])],
    }
  }

  async function onchainRates(wallet: SendingWallet, signal?: AbortSignal) {
    const entries = await Promise.all(
      (['low', 'medium', 'high'] as const).map(async (priority) => {
        const target = PRIORITY_TARGET_BLOCKS[priority]
        const rate = await wallet.onchainFeeRate(target, signal).catch(walletError)
        return { priority, target, rate }
      }),
    )
    return entries
  }

  async function onchainPlan(
    wallet: SendingWallet,
    address: string,
    destinationType: string,
    input: ReturnType<typeof ZWithdrawQuoteInput.parse>,
    uriAmountSat: number | null,
    signal?: AbortSignal,
  ): Promise<Plan> {
    if (wallet.kind === 'nwc') {
      throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', 'This wallet cannot send on chain')
    }
    if (wallet.kind === 'exchange') {
      throw new DomainError('WITHDRAW_DESTINATION_NOT_REGISTERED', 'Use a registered destination')
    }
    const sweepAll = input.sweepAll
    const amount = sweepAll ? null : (input.amountSat ?? uriAmountSat)
    if (!sweepAll) {
      const amountError = withdrawAmountError(amount)
      if (amountError) throw new DomainError(amountError)
      if (amount !== null && amount < DUST_LIMIT_SAT) {
        throw new DomainError('WITHDRAW_BELOW_DUST', 'Below the dust limit', {
          minSat: DUST_LIMIT_SAT,
        })
      }
    }
    if (input.priority === 'custom') {
      if (input.feeRate === null || feeRateError(input.feeRate)) {
        throw new DomainError('WITHDRAW_FEE_RATE_INVALID', 'Fee rate out of bounds')
      }
    }
    const rates = await onchainRates(wallet, signal)
    const chosenRate =
      input.priority === 'custom'
        ? (input.feeRate ?? 1)
        : (rates.find((r) => r.priority === input.priority)?.rate ?? 1)
    const quote = await wallet
      .quoteOnchain({ address, amountSat: amount, satPerVbyte: chosenRate }, signal)
      .catch(walletError)
    const priorities: PriorityOption[] = rates.map((r) => ({
      priority: r.priority,
      satPerVbyte: r.rate,
      minutes: expectedMinutes(r.target),
      feeSat: Math.ceil(quote.vsize * r.rate),
    }))
    if (sweepAll && quote.amountSat < DUST_LIMIT_SAT) {
      throw new DomainError('WITHDRAW_INSUFFICIENT_FUNDS', 'Nothing left to sweep after the fee')
    }
    return {
      rail: 'onchain',
      destinationType,
      address,
      amountSat: quote.amountSat,
      feeSat: quote.feeSat,
      satPerVbyte: chosenRate,
      reserveSat: quote.reserveSat,
      sendAll: quote.sendAll,
      sweepAll,
      priorities,
      screenTargets: [address],
    }
  }

  /** Reads, resolves and prices the destination; nothing is screened or sent here. */
  async function plan(
    actor: Actor,
    wallet: SendingWallet,
    raw: WithdrawQuoteInput,
    signal?: AbortSignal,
  ): Promise<Plan> {
    const input = ZWithdrawQuoteInput.parse(raw)
    if (withdrawsToRegistered(wallet)) {
      const all = await wallet.registeredDestinations(signal).catch(walletError)
      const d =
        all.find((k) => k.key === input.destination) ??
        all.find((k) => k.address !== '' && k.address === input.destination.trim())
      if (!d) {
        throw new DomainError('WITHDRAW_DESTINATION_NOT_REGISTERED', 'Use a registered destination')
      }
      const amountError = withdrawAmountError(input.amountSat)
      if (amountError || input.amountSat === null) {
        throw new DomainError(amountError ?? 'WITHDRAW_AMOUNT_REQUIRED')
      }
      const q = await wallet.quoteWithdrawal(d.key, input.amountSat, signal).catch(walletError)
      return {
        via: 'exchange',
        rail: d.rail,
        destinationType: 'registered',
        key: d.key,
        address: d.address,
        amountSat: input.amountSat,
        feeSat: q.feeSat,
        maxSat: q.maxSat,
        screenTargets: d.address ? [d.address] : [],
      }
    }
    const parsed = parseDestination(input.destination, network)
    if (!parsed.ok) throw new DomainError(parsed.code, parsed.reason)
    const d = parsed.destination
    switch (d.type) {
      case 'bolt11':
        return lightningPlan(actor, wallet, d, d.type, input.amountSat, [])
      case 'lightning-address':
      case 'lnurl': {
        if (wallet.kind === 'exchange') {
          throw new DomainError(
            'WITHDRAW_DESTINATION_NOT_REGISTERED',
            'Use a registered destination',
          )
        }
        const amountError = withdrawAmountError(input.amountSat)
        if (amountError || input.amountSat === null) {
          throw new DomainError(amountError ?? 'WITHDRAW_AMOUNT_REQUIRED')
        }
        const pr = await fetchPayRequest(d.url, network, signal)
        const invoice = await requestInvoice(pr, input.amountSat, input.comment, network, signal)
        return lightningPlan(actor, wallet, invoice, d.type, input.amountSat, [
          d.text,
          new URL(d.url).host,
        ])
      }
      case 'bitcoin-address':
      case 'bip21':
        if (d.lightning && wallet.kind !== 'exchange' && !input.sweepAll) {
          return lightningPlan(actor, wallet, d.lightning, d.type, input.amountSat ?? d.amountSat, [
            d.address,
          ])
        }
        return onchainPlan(wallet, d.address, d.type, input, d.amountSat, signal)
    }
  }

  async function checkFunds(wallet: SendingWallet, p: Plan, signal?: AbortSignal): Promise<void> {
    if (p.via === 'exchange') {
      if (p.amountSat > p.maxSat) {
        throw new DomainError('WITHDRAW_INSUFFICIENT_FUNDS', 'Not enough to send', {
          maxSat: p.maxSat,
        })
      }
      return
    }
    const b = await wallet.sendableBalance(signal).catch(walletError)
    if (p.rail === 'lightning') {
      if (p.amountSat + p.feeLimitSat > b.lightningSat) {
        throw new DomainError('WITHDRAW_INSUFFICIENT_FUNDS', 'Not enough to send', {
          maxSat: maxLightningSendSat(b.lightningSat),
        })
      }
      return
    }
    if (!p.sweepAll && p.amountSat + p.feeSat + p.reserveSat > b.onchainSat) {
      throw new DomainError('WITHDRAW_INSUFFICIENT_FUNDS', 'Not enough to send', {
        maxSat: Math.max(0, b.onchainSat - p.feeSat - p.reserveSat),
      })
    }
  }

  async function screenAll(p: Plan, actor: Actor, stage: 'quote' | 'send', signal?: AbortSignal) {
    for (const target of p.screenTargets) {
      await screening.screen(target, { ...actor, stage }, signal)
    }
  }

  function quoteOf(p: Plan): WithdrawQuote {
    if (p.via === 'exchange') {
      return {
        rail: p.rail,
        destinationType: p.destinationType,
        target: p.address || p.key,
        amountSat: p.amountSat,
        feeSat: p.feeSat,
        feeLimitSat: null,
        totalSat: p.amountSat + p.feeSat,
        satPerVbyte: null,
        priorities: [],
        reserveSat: 0,
        sweepAll: false,
        description: p.key,
        expiresAt: null,
      }
    }
    if (p.rail === 'lightning') {
      return {
        rail: 'lightning',
        destinationType: p.destinationType,
        target: p.invoice.invoice,
        amountSat: p.amountSat,
        feeSat: p.feeLimitSat,
        feeLimitSat: p.feeLimitSat,
        totalSat: p.amountSat + p.feeLimitSat,
        satPerVbyte: null,
        priorities: [],
        reserveSat: 0,
        sweepAll: false,
        description: p.invoice.description,
        expiresAt: p.invoice.expiresAt.toISOString(),
      }
    }
    return {
      rail: 'onchain',
      destinationType: p.destinationType,
      target: p.address,
      amountSat: p.amountSat,
      feeSat: p.feeSat,
      feeLimitSat: null,
      totalSat: p.amountSat + p.feeSat,
      satPerVbyte: p.satPerVbyte,
      priorities: p.priorities,
      reserveSat: p.reserveSat,
      sweepAll: p.sweepAll,
      description: null,
      expiresAt: null,
    }
  }

  /** Asks the wallet to pay a claimed row and records what it said. */
  async function send(wallet: SendingWallet, row: WithdrawalRow, p: Plan): Promise<void> {
    if (p.via === 'exchange') {
      if (!withdrawsToRegistered(wallet)) throw new Error('not an exchange account')
      try {
        const { refid } = await wallet.withdraw(p.key, p.amountSat, p.feeSat)
        const state = await wallet.withdrawalState({ refid }).catch(() => null)
        await finish(row.id, {
          status:
            state?.status === 'succeeded'
              ? 'succeeded'
              : state?.status === 'failed'
                ? 'failed'
                : 'unknown',
          exchangeRef: refid,
          txid: state?.txid ?? null,
          feeSat: state?.feeSat ?? p.feeSat,
          failureReason: state?.status === 'failed' ? 'the exchange failed it' : null,
        })
      } catch (err) {
        // Kraken's own refusal (EFunding, EGeneral) is final; no answer at all is not
        const refused = err instanceof Error && /^E[A-Z][a-zA-Z]+:/.test(err.message)
        deps.log?.(`withdrawal ${row.id} exchange`, err)
        await finish(row.id, {
          status: refused ? 'failed' : 'unknown',
          failureReason: err instanceof Error ? err.message.slice(0, 300) : 'no answer',
        })
      }
      return
    }
    if (p.rail === 'lightning') {
      const out = await wallet.sendLightning({
        paymentRequest: p.invoice.invoice,
        paymentHash: p.invoice.paymentHash,
        feeLimitSat: p.feeLimitSat,
        timeoutSec,
        ...(p.payAmountSat ? { amountSat: p.payAmountSat } : {}),
      })
      await finish(row.id, {
        status: out.status,
        feeSat: out.status === 'succeeded' ? out.feeSat : null,
        preimage: out.preimage,
        failureReason: out.status === 'succeeded' ? null : out.failureReason,
      })
      return
    }
    try {
      const { txid } = await wallet.sendOnchain({
        address: p.address,
        amountSat: p.amountSat,
        sendAll: p.sendAll,
        satPerVbyte: p.satPerVbyte,
        label: labelOf(row.id),
      })
      const sent = await wallet.findOnchainSend(labelOf(row.id)).catch(() => null)
      await finish(row.id, { status: 'succeeded', txid, feeSat: sent?.feeSat ?? p.feeSat })
    } catch (err) {
      // The node's own refusal is final; anything else may have broadcast: followed up later.
      const refused =
        err instanceof Error &&
        err.name === 'LndError' &&
        !/timeout|deadline|unavailable/i.test(err.message)
      deps.log?.(`withdrawal ${row.id} on-chain send`, err)
      await finish(row.id, {
        status: refused ? 'failed' : 'unknown',
        failureReason: err instanceof Error ? err.message.slice(0, 300) : 'no answer',
      })
    }
  }

  return {
    /** Balances and what the business's wallet can send to. */
    async balances(businessId: string, signal?: AbortSignal) {
      const wallet = await walletOf(businessId)
      return balances(wallet, signal)
    },

    /** What sending would cost, with the destination screened (refusals thrown). */
    async quote(actor: Actor, input: WithdrawQuoteInput, signal?: AbortSignal) {
      const wallet = await walletOf(actor.businessId)
      await wallet.sendableBalance(signal).catch(walletError)
      const p = await plan(actor, wallet, input, signal)
      await screenAll(p, actor, 'quote', signal)
      await checkFunds(wallet, p, signal)
      return quoteOf(p)
    },

    /**
     * Sends after the password (and second factor): once per idempotency key, whatever the
     * number of clicks, retries or reloads.
     */
    async confirm(
      actor: Actor,
      input: WithdrawConfirmInput & { ip?: string },
      signal?: AbortSignal,
    ): Promise<WithdrawalView> {
      await deps.auth.confirmWithPassword({
        userId: actor.userId,
        password: input.password,
        code: input.code,
        ip: input.ip,
      })
      const earlier = await repo.byKey(actor.businessId, input.idempotencyKey)
      if (earlier) return withdrawalView(earlier)
      const wallet = await walletOf(actor.businessId)
      // a node that is not ready refuses before anything is written
      await wallet.sendableBalance(signal).catch(walletError)
      const p = await plan(actor, wallet, input.quote, signal)
      if (await repo.inFlight(actor.businessId)) {
        throw new DomainError('WITHDRAW_IN_PROGRESS', 'Another withdrawal is being sent')
      }
      // screened again just before sending
      await screenAll(p, actor, 'send', signal)
      const { row, isNew } = await repo
        .insert({
          businessId: actor.businessId,
          userId: actor.userId,
          walletKind: wallet.kind,
          rail: p.rail,
          destinationType: p.destinationType,
          destination: ZWithdrawQuoteInput.parse(input.quote).destination.slice(0, 2_000),
          ...targetFields(p),
          amountSat: p.amountSat,
          idempotencyKey: input.idempotencyKey,
        })
        .catch((err: unknown) => {
          if (err instanceof Error && /withdrawals_invoice_once/.test(err.message)) {
            throw new DomainError('WITHDRAW_INVOICE_ALREADY_PAID', 'This invoice was paid already')
          }
          throw err
        })
      if (!isNew) return withdrawalView(row)
      if (!(await repo.claim(actor.businessId, row.id))) {
        await finish(row.id, { status: 'failed', failureReason: 'WITHDRAW_IN_PROGRESS' })
        throw new DomainError('WITHDRAW_IN_PROGRESS', 'Another withdrawal is being sent')
      }
      // the balance check and the send, with no other withdrawal of this wallet in flight
      try {
        await checkFunds(wallet, p, signal)
      } catch (err) {
        const code = err instanceof DomainError ? err.code : 'WALLET_UNAVAILABLE'
        await finish(row.id, { status: 'failed', failureReason: code })
        throw err
      }
      try {
        await send(wallet, row, p)
      } catch (err) {
        deps.log?.(`withdrawal ${row.id} send`, err)
        await finish(row.id, { status: 'unknown', failureReason: 'no answer from the wallet' })
      }
      const now = await repo.get(actor.businessId, row.id)
      if (!now) throw new DomainError('NOT_FOUND')
      return withdrawalView(now)
    },

    async list(businessId: string): Promise<WithdrawalView[]> {
      return (await repo.list(businessId, LIST_LIMIT)).map(withdrawalView)
    },

    /** The list now and after every change of one of the business's withdrawals. */
    follow(businessId: string, signal: AbortSignal | undefined, lastEventId?: string | null) {
      return followChanges(deps.bus, {
        channel: WITHDRAWAL_EVENTS_CHANNEL,
        concerns: (payload) =>
          typeof payload === 'object' &&
          payload !== null &&
          (payload as { businessId?: unknown }).businessId === businessId,
        read: async () => {
          const rows = (await repo.list(businessId, LIST_LIMIT)).map(withdrawalView)
          return { id: listEventId(rows), value: rows }
        },
        signal,
        lastEventId,
      })
    },

    /** Follows up one row left sending (a crash) or unknown: asks the wallet where it stands. */
    async resolve(row: WithdrawalRow, graceMs: number, signal?: AbortSignal): Promise<void> {
      const wallet = await wallets.forBusiness(row.businessId)
      if (!wallet || !canSend(wallet)) return
      const old = Date.now() - (row.sentAt ?? row.updatedAt).getTime() > graceMs
      if (row.walletKind === 'exchange' && row.exchangeKey) {
        if (!withdrawsToRegistered(wallet)) return
        const state = await wallet.withdrawalState(
          row.exchangeRef
            ? { refid: row.exchangeRef }
            : {
                key: row.exchangeKey,
                amountSat: Number(row.amountSat),
                since: row.sentAt ?? row.createdAt,
              },
          signal,
        )
        if (state === null) {
          if (old) {
            await finish(row.id, {
              status: 'failed',
              failureReason: 'never reached the exchange',
            })
          }
          return
        }
        if (state.status === 'pending') {
          if (row.status === 'sending' || !row.exchangeRef) {
            await finish(row.id, { status: 'unknown', exchangeRef: state.refid })
          } else await repo.touch(row.id)
          return
        }
        await finish(row.id, {
          status: state.status,
          exchangeRef: state.refid,
          txid: state.txid,
          feeSat: state.feeSat,
          failureReason: state.status === 'failed' ? 'the exchange failed it' : null,
        })
        return
      }
      if (row.rail === 'lightning' && row.paymentHash) {
        const out = await wallet.trackLightning(row.paymentHash, signal)
        if (out === null) {
          // the wallet never saw it: nothing went out
          if (old) {
            await finish(row.id, {
              status: 'failed',
              failureReason: 'never reached the wallet',
            })
          }
          return
        }
        if (out.status === 'unknown') {
          if (row.status === 'sending') await finish(row.id, { status: 'unknown' })
          else await repo.touch(row.id)
          return
        }
        await finish(row.id, {
          status: out.status,
          feeSat: out.status === 'succeeded' ? out.feeSat : null,
          preimage: out.preimage,
          failureReason: out.status === 'succeeded' ? null : out.failureReason,
        })
        return
      }
      if (row.rail === 'onchain') {
        const sent = await wallet.findOnchainSend(labelOf(row.id), signal)
        if (sent) {
          await finish(row.id, { status: 'succeeded', txid: sent.txid, feeSat: sent.feeSat })
        } else if (old) {
          await finish(row.id, { status: 'failed', failureReason: 'never reached the wallet' })
        } else if (row.status === 'sending') {
          await finish(row.id, { status: 'unknown' })
        }
      }
    },
  }
}

/** Where a plan sends to, as the row keeps it. */
function targetFields(p: Plan) {
  if (p.via === 'exchange') {
    return {
      address: p.address || null,
      paymentRequest: null,
      paymentHash: null,
      exchangeKey: p.key,
      feeLimitSat: null,
      feeRateSatVb: null,
      sweepAll: false,
    }
  }
  if (p.rail === 'lightning') {
    return {
      address: null,
      paymentRequest: p.invoice.invoice,
      paymentHash: p.invoice.paymentHash,
      exchangeKey: null,
      feeLimitSat: p.feeLimitSat,
      feeRateSatVb: null,
      sweepAll: false,
    }
  }
  return {
    address: p.address,
    paymentRequest: null,
    paymentHash: null,
    exchangeKey: null,
    feeLimitSat: null,
    feeRateSatVb: p.satPerVbyte,
    sweepAll: p.sweepAll,
  }
}

/** The label an on-chain withdrawal's transaction carries in the wallet. */
export const labelOf = (id: string) => `withdrawal:${id}`

export type WithdrawalService = ReturnType<typeof createWithdrawalService>
