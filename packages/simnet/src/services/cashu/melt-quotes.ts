/**
 * Melt quotes (NUT-05, NUT-23, NUT-08 change): the mint pays a BOLT11 through the simulated
 * network with the inputs' value, synchronously, and returns overpaid fee reserve as change.
 */
import type { Persistence } from '../../world/api'
import type { Lightning, LnNode, LnPayment } from '../../world/lightning-api'
import { CashuCode, CashuError, fail } from './errors'
import type { MintFaults } from './faults'
import { UNIT } from './keysets'
import { splitPow2, type CashuLedger } from './ledger'
import type { MintQuotes } from './mint-quotes'
import { checkAmount, checkUnit, meltQuoteJson, nowSec, uuidv7 } from './quotes'
import type { CashuState, MeltQuoteRecord } from './state'
import type { TBlindedMessage, TProof } from './wire'

const MELT_QUOTE_EXPIRY_SEC = 3600
/** Lightning fee reserve like nutshell's LND backend: 1 %, at least 2 sat. */
const FEE_RESERVE_PERCENT = 1
const FEE_RESERVE_MIN_SAT = 2

export class MeltQuotes {
  /** Quotes whose payment is in flight right now. */
  private readonly busy = new Set<string>()

  constructor(
    private readonly ledger: CashuLedger,
    private readonly lightning: Lightning,
    private readonly node: LnNode,
    private readonly mintQuotes: MintQuotes,
    private readonly state: CashuState,
    private readonly persistence: Persistence,
    private readonly faults?: MintFaults,
  ) {
    this.recoverInterruptedMelts()
  }

  /** A melt cut off by a restart: settled if the payment went through, else open again. */
  private recoverInterruptedMelts(): void {
    for (const quote of Object.values(this.state.meltQuotes)) {
      if (quote.state !== 'PENDING') continue
      const payment = this.node.lookupPayment(quote.paymentHash)
      if (payment?.status === 'SUCCEEDED') {
        quote.state = 'PAID'
        quote.preimage = payment.preimage
      } else {
        quote.state = 'UNPAID'
      }
    }
    this.persistence.save()
  }

  createMeltQuote(req: { request: string; unit: string; amountlessMsat?: number | null }) {
    checkUnit(req.unit)
    let decoded
    try {
      decoded = this.lightning.decode(req.request)
    } catch (err) {
      fail(CashuCode.BAD_REQUEST, `invalid bolt11 invoice: ${(err as Error).message}`)
    }
    let amountMsat = decoded.valueMsat
    if (amountMsat === 0) {
      if (!req.amountlessMsat) fail(CashuCode.AMOUNTLESS_UNSUPPORTED, 'invoice has no amount')
      amountMsat = req.amountlessMsat
    }
    const amount = Math.ceil(amountMsat / 1000)
    checkAmount(amount)
    if (this.invoiceAlreadyPaid(decoded.paymentHash)) {
      fail(CashuCode.INVOICE_ALREADY_PAID, 'invoice already paid')
    }
    const isInternal = decoded.destination === this.node.pubkey
    const feeReserve = isInternal
      ? 0
      : Math.max(FEE_RESERVE_MIN_SAT, Math.ceil((amount * FEE_RESERVE_PERCENT) / 100))
    const quote: MeltQuoteRecord = {
      quote: uuidv7(),
      request: req.request,
      paymentHash: decoded.paymentHash,
      amount,
      amountMsat: decoded.valueMsat === 0 ? amountMsat : null,
      feeReserve,
      unit: UNIT,
      state: 'UNPAID',
      expiry: Math.min(nowSec() + MELT_QUOTE_EXPIRY_SEC, decoded.timestamp + decoded.expirySec),
      preimage: null,
      feePaid: null,
      createdAt: nowSec(),
    }
    this.state.meltQuotes[quote.quote] = quote
    this.persistence.save()
    return meltQuoteJson(quote)
  }

  private invoiceAlreadyPaid(paymentHash: string): boolean {
    if (this.node.lookupPayment(paymentHash)?.status === 'SUCCEEDED') return true
    const melts = Object.values(this.state.meltQuotes)
    if (melts.some((q) => q.paymentHash === paymentHash && q.state !== 'UNPAID')) return true
    const own = this.mintQuotes.byPaymentHash(paymentHash)
    return own !== undefined && own.state !== 'UNPAID'
  }

  getMeltQuote(id: string) {
    const quote = this.state.meltQuotes[id]
    if (!quote) fail(CashuCode.UNKNOWN_QUOTE, 'quote not found')
    return meltQuoteJson(quote)
  }

  /** Pays the quote's invoice with the inputs, synchronously; returns change for blank outputs. */
  async melt(req: { quote: string; inputs: TProof[]; outputs?: TBlindedMessage[] | null }) {
    const quote = this.state.meltQuotes[req.quote]
    if (!quote) fail(CashuCode.UNKNOWN_QUOTE, 'quote not found')
    if (quote.state === 'PENDING' || this.busy.has(quote.quote)) {
      fail(CashuCode.QUOTE_PENDING, 'quote is pending')
    }
    if (quote.state === 'PAID') fail(CashuCode.INVOICE_ALREADY_PAID, 'invoice already paid')
    if (quote.expiry < nowSec()) fail(CashuCode.QUOTE_EXPIRED, 'quote expired')
    const blanks = req.outputs ?? []
    const checked = this.ledger.checkInputs(req.inputs)
    this.ledger.checkOutputs(blanks, { blank: true })
    const needed = quote.amount + quote.feeReserve
    if (checked.totalSat - checked.feeSat < needed) {
      fail(
        CashuCode.UNBALANCED,
        `not enough inputs provided for melt. Provided: ${checked.totalSat}, needed: ${needed + checked.feeSat}`,
      )
    }
    this.busy.add(quote.quote)
    this.ledger.reserve(checked.ys)
    quote.state = 'PENDING'
    this.persistence.save()
    let outcome: { preimage: string; feeSat: number } | { error: string }
    try {
      await this.faults?.beforePayment()
      outcome = await this.pay(quote)
    } finally {
      this.busy.delete(quote.quote)
    }
    if ('error' in outcome) {
      this.ledger.release(checked.ys)
      quote.state = 'UNPAID'
      this.persistence.save()
      throw new CashuError(CashuCode.PAYMENT_FAILED, `Lightning payment failed: ${outcome.error}`)
    }
    this.ledger.markSpent(req.inputs, checked.ys)
    quote.state = 'PAID'
    quote.preimage = outcome.preimage
    quote.feePaid = outcome.feeSat
    const changeSat = checked.totalSat - checked.feeSat - quote.amount - outcome.feeSat
    // too few blank outputs: keep the largest parts (a wallet sends enough per NUT-08)
    const amounts = blanks.length === 0 ? [] : splitPow2(changeSat).slice(-blanks.length)
    const change =
      amounts.length > 0 ? this.ledger.sign(blanks.slice(0, amounts.length), amounts) : []
    this.persistence.save()
    return { ...meltQuoteJson(quote), change }
  }

  private async pay(
    quote: MeltQuoteRecord,
  ): Promise<{ preimage: string; feeSat: number } | { error: string }> {
    const own = this.mintQuotes.byPaymentHash(quote.paymentHash)
    if (own) {
      // An invoice of this mint: settle it in the books instead of paying ourselves.
      if (own.state !== 'UNPAID') return { error: 'invoice already paid' }
      const preimage = this.node.lookupInvoice(own.paymentHash)?.preimage ?? ''
      own.state = 'PAID'
      // nobody may pay it over Lightning any more
      this.node.cancelInvoice(own.paymentHash)
      return { preimage, feeSat: 0 }
    }
    let payment: LnPayment
    try {
      payment = await this.node.pay(quote.request, {
        feeLimitSat: quote.feeReserve,
        ...(quote.amountMsat ? { amountMsat: quote.amountMsat } : {}),
      })
    } catch (err) {
      return { error: (err as Error).message }
    }
    if (payment.status !== 'SUCCEEDED' || !payment.preimage) {
      return { error: payment.failureReason }
    }
    return { preimage: payment.preimage, feeSat: Math.ceil(payment.feeMsat / 1000) }
  }
}
