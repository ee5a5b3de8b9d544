/**
 * Mint and melt quotes over Lightning (NUT-04, NUT-05, NUT-23 bolt11, NUT-08 change). Mint quotes
 * are real invoices of the mint's node; melt quotes are paid through the simulated network.
 */
import { randomBytes } from 'node:crypto'
import type { Lightning, LnInvoice, LnNode, LnPayment, Persistence } from '../../world/api'
import { CashuCode, CashuError, fail } from './errors'
import { UNIT, type WireBlindSignature } from './keysets'
import { splitPow2, type CashuLedger } from './ledger'
import type { CashuState, MeltQuoteRecord, MintQuoteRecord } from './state'
import type { TBlindedMessage, TProof } from './wire'

export const MIN_AMOUNT_SAT = 1
export const MAX_AMOUNT_SAT = 10_000_000
const MINT_QUOTE_EXPIRY_SEC = 3600
const MELT_QUOTE_EXPIRY_SEC = 3600
/** Lightning fee reserve like nutshell's LND backend: 1 %, at least 2 sat. */
const FEE_RESERVE_PERCENT = 1
const FEE_RESERVE_MIN_SAT = 2

const nowSec = (): number => Math.floor(Date.now() / 1000)

/** UUID v7: 48-bit ms timestamp, then random bits (NUT-04/05 quote ids). */
export function uuidv7(): string {
  const b = randomBytes(16)
  const ms = BigInt(Date.now())
  for (let i = 0; i < 6; i++) b[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn)
  b[6] = 0x70 | ((b[6] ?? 0) & 0x0f)
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f)
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export function mintQuoteJson(q: MintQuoteRecord): Record<string, unknown> {
  return {
    quote: q.quote,
    request: q.request,
    amount: q.amount,
    unit: q.unit,
    state: q.state,
    expiry: q.expiry,
  }
}

export function meltQuoteJson(q: MeltQuoteRecord): Record<string, unknown> {
  return {
    quote: q.quote,
    request: q.request,
    amount: q.amount,
    unit: q.unit,
    fee_reserve: q.feeReserve,
    state: q.state,
    expiry: q.expiry,
    payment_preimage: q.preimage,
  }
}

export class CashuQuotes {
  /** Quotes whose ecash is being issued or whose payment is in flight right now. */
  private readonly busy = new Set<string>()

  constructor(
    private readonly ledger: CashuLedger,
    private readonly lightning: Lightning,
    private readonly node: LnNode,
    private readonly state: CashuState,
    private readonly persistence: Persistence,
  ) {
    node.on('invoice', (inv) => this.onInvoice(inv))
    for (const inv of node.invoices()) this.onInvoice(inv)
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

  private onInvoice(inv: LnInvoice): void {
    if (inv.state !== 'SETTLED') return
    const quote = this.mintQuoteByHash(inv.paymentHash)
    if (quote && quote.state === 'UNPAID') {
      quote.state = 'PAID'
      this.persistence.save()
    }
  }

  private mintQuoteByHash(paymentHash: string): MintQuoteRecord | undefined {
    return Object.values(this.state.mintQuotes).find((q) => q.paymentHash === paymentHash)
  }

  createMintQuote(req: { amount: number; unit: string; description?: string | null }) {
    checkUnit(req.unit)
    checkAmount(req.amount)
    const inv = this.node.addInvoice({
      valueMsat: req.amount * 1000,
      memo: req.description ?? '',
      expirySec: MINT_QUOTE_EXPIRY_SEC,
    })
    const quote: MintQuoteRecord = {
      quote: uuidv7(),
      request: inv.paymentRequest,
      paymentHash: inv.paymentHash,
      amount: req.amount,
      unit: UNIT,
      state: 'UNPAID',
      expiry: inv.createdAt + inv.expirySec,
      createdAt: nowSec(),
    }
    this.state.mintQuotes[quote.quote] = quote
    this.persistence.save()
    return mintQuoteJson(quote)
  }

  private mintQuote(id: string): MintQuoteRecord {
    const quote = this.state.mintQuotes[id]
    if (!quote) fail(CashuCode.UNKNOWN_QUOTE, 'quote not found')
    if (
      quote.state === 'UNPAID' &&
      this.node.lookupInvoice(quote.paymentHash)?.state === 'SETTLED'
    ) {
      quote.state = 'PAID'
      this.persistence.save()
    }
    return quote
  }

  getMintQuote(id: string) {
    return mintQuoteJson(this.mintQuote(id))
  }

  mint(req: { quote: string; outputs: TBlindedMessage[] }): WireBlindSignature[] {
    const quote = this.mintQuote(req.quote)
    if (this.busy.has(quote.quote)) fail(CashuCode.QUOTE_PENDING, 'quote is pending')
    if (quote.state === 'ISSUED') fail(CashuCode.QUOTE_ALREADY_ISSUED, 'quote already issued')
    if (quote.state === 'UNPAID') fail(CashuCode.QUOTE_NOT_PAID, 'quote not paid')
    const outputSat = this.ledger.checkOutputs(req.outputs)
    if (outputSat !== quote.amount) {
      fail(
        CashuCode.UNBALANCED,
        `outputs (${outputSat}) do not match the quote amount (${quote.amount})`,
      )
    }
    const signatures = this.ledger.sign(req.outputs)
    quote.state = 'ISSUED'
    this.persistence.save()
    return signatures
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
    const own = this.mintQuoteByHash(paymentHash)
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
    const amounts = splitPow2(changeSat).slice(0, blanks.length)
    const change =
      amounts.length > 0 ? this.ledger.sign(blanks.slice(0, amounts.length), amounts) : []
    this.persistence.save()
    return { ...meltQuoteJson(quote), change }
  }

  private async pay(
    quote: MeltQuoteRecord,
  ): Promise<{ preimage: string; feeSat: number } | { error: string }> {
    const own = this.mintQuoteByHash(quote.paymentHash)
    if (own) {
      // An invoice of this mint: settle it in the books instead of paying ourselves.
      if (own.state !== 'UNPAID') return { error: 'invoice already paid' }
      own.state = 'PAID'
      const preimage = this.node.lookupInvoice(own.paymentHash)?.preimage ?? ''
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

function checkUnit(unit: string): void {
  if (unit !== UNIT) fail(CashuCode.UNIT_UNSUPPORTED, `unit '${unit}' is not supported`)
}

function checkAmount(amount: number): void {
  if (amount < MIN_AMOUNT_SAT || amount > MAX_AMOUNT_SAT) {
    fail(
      CashuCode.AMOUNT_OUT_OF_RANGE,
      `amount ${amount} is outside the range ${MIN_AMOUNT_SAT}..${MAX_AMOUNT_SAT}`,
    )
  }
}
