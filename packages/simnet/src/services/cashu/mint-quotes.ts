/**
 * Mint quotes over Lightning (NUT-04, NUT-23): each quote is a real invoice of the mint's node,
 * PAID once it settles, ISSUED once its ecash is signed.
 */
import type { Persistence } from '../../world/api'
import type { LnInvoice, LnNode } from '../../world/lightning-api'
import { CashuCode, fail } from './errors'
import { UNIT, type WireBlindSignature } from './keysets'
import type { CashuLedger } from './ledger'
import { checkAmount, checkUnit, mintQuoteJson, nowSec, uuidv7 } from './quotes'
import type { CashuState, MintQuoteRecord } from './state'
import type { TBlindedMessage } from './wire'

const MINT_QUOTE_EXPIRY_SEC = 3600

export class MintQuotes {
  constructor(
    private readonly ledger: CashuLedger,
    private readonly node: LnNode,
    private readonly state: CashuState,
    private readonly persistence: Persistence,
  ) {
    node.on('invoice', (inv) => this.onInvoice(inv))
    for (const inv of node.invoices()) this.onInvoice(inv)
  }

  private onInvoice(inv: LnInvoice): void {
    if (inv.state !== 'SETTLED') return
    const quote = this.byPaymentHash(inv.paymentHash)
    if (quote && quote.state === 'UNPAID') {
      quote.state = 'PAID'
      this.persistence.save()
    }
  }

  byPaymentHash(paymentHash: string): MintQuoteRecord | undefined {
    return Object.values(this.state.mintQuotes).find((q) => q.paymentHash === paymentHash)
  }

  async createMintQuote(req: { amount: number; unit: string; description?: string | null }) {
    checkUnit(req.unit)
    checkAmount(req.amount)
    const inv = await this.node.addInvoiceAsync({
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
    if (quote.state === 'ISSUED') fail(CashuCode.QUOTE_ALREADY_ISSUED, 'quote already issued')
    if (quote.state === 'UNPAID' && quote.expiry < nowSec()) {
      fail(CashuCode.QUOTE_EXPIRED, 'quote expired')
    }
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
}
