/**
 * What the payer side knows, kept outside the server: each invoice it was given and whether it
 * paid it, each ecash token it handed over; and a seeded random source, so a run can be replayed
 * (`CRASH_SEED`).
 */
import bolt11 from 'bolt11'

/** mulberry32: small, fast, good enough to pick amounts and moments. */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    /** an integer in [min, max] */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T | undefined =>
      items.length === 0 ? undefined : items[Math.floor(next() * items.length)],
  }
}

export type Random = ReturnType<typeof seededRandom>

/** `paying`: the payer's node was asked and has not answered yet. */
export type PayState = 'unpaid' | 'paying' | 'paid' | 'failed' | 'unknown'

/** An invoice the payer was given (by the till, or by a tip page's LNURL callback). */
export interface GivenInvoice {
  kind: 'lightning' | 'tip'
  businessId: string
  amountSat: number
  request: string
  hash: string
  /** whether the payer means to pay it (some are left unpaid on purpose) */
  willPay: boolean
  state: PayState
}

/** A payment the till asked for under an idempotency key, retried until it is answered. */
export interface TillRequest {
  key: string
  businessId: string
  amountSat: number
  answered: boolean
}

/** An ecash token handed to the server under an idempotency key. */
export interface HandedToken {
  key: string
  businessId: string
  token: string
  amountSat: number
  answered: boolean
}

/** A tip the payer's wallet asked an invoice for, under its nonce. */
export interface TipAsk {
  nonce: string
  amountSat: number
  answered: boolean
}

export function paymentHashOf(request: string): string {
  const tag = bolt11.decode(request).tags.find((t) => t.tagName === 'payment_hash')
  if (typeof tag?.data !== 'string') throw new Error('invoice without a payment hash')
  return tag.data
}

export class Ledger {
  readonly invoices = new Map<string, GivenInvoice>()
  readonly requests: TillRequest[] = []
  readonly tokens: HandedToken[] = []
  readonly tips: TipAsk[] = []
  /** what the server refused, by step and reason, for the run's summary */
  readonly refusals = new Map<string, number>()
  /** till requests answered with a payment that has no invoice */
  withoutInvoice = 0

  /** Records an invoice once (a retry answered with the same invoice is the same one). */
  given(invoice: Omit<GivenInvoice, 'hash' | 'state'>): GivenInvoice {
    const hash = paymentHashOf(invoice.request)
    const known = this.invoices.get(hash)
    if (known) return known
    const entry: GivenInvoice = { ...invoice, hash, state: 'unpaid' }
    this.invoices.set(hash, entry)
    return entry
  }

  /** Invoices the payer means to pay and has not yet. */
  toPay(): GivenInvoice[] {
    return [...this.invoices.values()].filter((i) => i.willPay && i.state === 'unpaid')
  }
}
