/**
 * Reading, resolving and pricing a destination for the business's wallet (a plan), and the
 * balance check before sending. Nothing is screened or sent here.
 */
import {
  expectedMinutes,
  feeRateError,
  invoiceOnly,
  lightningFeeLimitSat,
  maxLightningSendSat,
  parseDestination,
  withdrawAmountError,
  DUST_LIMIT_SAT,
  PRIORITY_TARGET_BLOCKS,
  type BitcoinNetwork,
  type InvoiceDestination,
  type WithdrawQuoteInput,
  ZWithdrawQuoteInput,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { OnchainSender, RegisteredWithdrawals, Wallet } from '../../wallets/wallet'
import { fetchPayRequest, requestInvoice } from './lnurl'
import { payeeOf, walletError, type Actor, type Plan, type PriorityOption } from './plan'
import type { WithdrawalRepo } from './repo'

export function createPlanner({
  repo,
  network,
}: {
  repo: WithdrawalRepo
  network: BitcoinNetwork
}) {
  /** The destinations registered on the exchange, less the Lightning key that takes invoices. */
  async function registered(exchange: RegisteredWithdrawals, signal?: AbortSignal) {
    const all = await exchange.destinations(signal).catch(walletError)
    return all.filter((d) => d.rail !== 'lightning' || d.address !== '')
  }

  async function lightningPlan(
    actor: Actor,
    wallet: Wallet,
    invoice: InvoiceDestination,
    destinationType: string,
    amountSat: number | null,
    extraTargets: string[],
  ): Promise<Plan> {
    if (!wallet.lightningSender) {
      throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', 'This wallet cannot pay invoices')
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

  async function onchainRates(sender: OnchainSender, signal?: AbortSignal) {
    const entries = await Promise.all(
      (['low', 'medium', 'high'] as const).map(async (priority) => {
        const target = PRIORITY_TARGET_BLOCKS[priority]
        const rate = await sender.feeRate(target, signal).catch(walletError)
        return { priority, target, rate }
      }),
    )
    return entries
  }

  async function onchainPlan(
    wallet: Wallet,
    address: string,
    destinationType: string,
    input: ReturnType<typeof ZWithdrawQuoteInput.parse>,
    uriAmountSat: number | null,
    signal?: AbortSignal,
  ): Promise<Plan> {
    const sender = wallet.onchainSender
    if (!sender) {
      throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', 'This wallet cannot send on chain')
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
    const rates = await onchainRates(sender, signal)
    const chosenRate =
      input.priority === 'custom'
        ? (input.feeRate ?? 1)
        : (rates.find((r) => r.priority === input.priority)?.rate ?? 1)
    const quote = await sender
      .quote({ address, amountSat: amount, satPerVbyte: chosenRate }, signal)
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

  /**
   * A typed invoice from an exchange account: paid through the exchange's Lightning method where
   * it has one (Kraken `Withdraw` to that key with the invoice), else refused as unregistered.
   */
  async function exchangeInvoicePlan(
    actor: Actor,
    exchange: RegisteredWithdrawals,
    input: ReturnType<typeof ZWithdrawQuoteInput.parse>,
    signal?: AbortSignal,
  ): Promise<Plan> {
    const typed = invoiceOnly(input.destination, network)
    if (!typed.ok) throw new DomainError(typed.code)
    const { invoice } = typed
    const key = await exchange.lightningInvoiceKey(signal).catch(walletError)
    if (key === null) {
      throw new DomainError('WITHDRAW_DESTINATION_NOT_REGISTERED', 'Use a registered destination')
    }
    const amount = invoice.amountSat ?? input.amountSat
    const amountError = withdrawAmountError(amount)
    if (amountError || amount === null) {
      throw new DomainError(amountError ?? 'WITHDRAW_AMOUNT_REQUIRED')
    }
    if (await repo.invoiceTaken(actor.businessId, invoice.paymentHash)) {
      throw new DomainError('WITHDRAW_INVOICE_ALREADY_PAID', 'This invoice was paid already')
    }
    const q = await exchange.quote(key, amount, signal).catch(walletError)
    const payee = payeeOf(invoice.invoice)
    return {
      via: 'exchange',
      rail: 'lightning',
      destinationType: typed.type,
      key,
      address: '',
      invoice,
      amountSat: amount,
      feeSat: q.feeSat,
      maxSat: q.maxSat,
      screenTargets: payee ? [payee] : [],
    }
  }

  /** Reads, resolves and prices the destination; nothing is screened or sent here. */
  async function plan(
    actor: Actor,
    wallet: Wallet,
    raw: WithdrawQuoteInput,
    signal?: AbortSignal,
  ): Promise<Plan> {
    const input = ZWithdrawQuoteInput.parse(raw)
    const exchange = wallet.registeredWithdrawals
    if (exchange) {
      const all = await registered(exchange, signal)
      const d =
        all.find((k) => k.key === input.destination) ??
        all.find((k) => k.address !== '' && k.address === input.destination.trim())
      if (!d) return exchangeInvoicePlan(actor, exchange, input, signal)
      const amountError = withdrawAmountError(input.amountSat)
      if (amountError || input.amountSat === null) {
        throw new DomainError(amountError ?? 'WITHDRAW_AMOUNT_REQUIRED')
      }
      const q = await exchange.quote(d.key, input.amountSat, signal).catch(walletError)
      return {
        via: 'exchange',
        rail: d.rail,
        destinationType: 'registered',
        key: d.key,
        address: d.address,
        invoice: null,
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
        if (!wallet.lightningSender) {
          throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', 'This wallet cannot pay invoices')
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
        if (d.lightning && wallet.lightningSender && !input.sweepAll) {
          return lightningPlan(actor, wallet, d.lightning, d.type, input.amountSat ?? d.amountSat, [
            d.address,
          ])
        }
        return onchainPlan(wallet, d.address, d.type, input, d.amountSat, signal)
    }
  }

  async function checkFunds(wallet: Wallet, p: Plan, signal?: AbortSignal): Promise<void> {
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

  return { registered, plan, checkFunds }
}
