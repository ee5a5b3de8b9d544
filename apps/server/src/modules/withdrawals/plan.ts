/**
 * What a withdrawal will do once read and priced (a plan), what the page is shown of it (a
 * quote), and what its row keeps of it; the errors a wallet's refusals become.
 */
import type { AuditBy } from '../audit'
import bolt11 from 'bolt11'
import type { InvoiceDestination, OnchainPriority } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { WalletNotReadyError, WalletUnsupportedError } from '../../wallets/wallet'

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

export interface ExchangePlan {
  via: 'exchange'
  rail: 'lightning' | 'onchain'
  /** `registered`, or the typed invoice's type paid through the Lightning method's key */
  destinationType: string
  key: string
  address: string
  /** a typed invoice the exchange pays through its Lightning method */
  invoice: InvoiceDestination | null
  amountSat: number
  feeSat: number
  maxSat: number
  screenTargets: string[]
}

export type Plan =
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

export interface Actor {
  businessId: string
  /** null for a refund a staff member made at a terminal (the refunds module checks them) */
  userId: string | null
  /** the user's session, whose recent step-up may stand for the password */
  sessionIdHash?: string
  ip?: string
  /** who acts and from where, for the audit log */
  audit?: AuditBy
}

export function walletError(err: unknown): never {
  if (err instanceof DomainError) throw err
  if (err instanceof WalletNotReadyError)
    throw new DomainError('NODE_NOT_READY', 'Node is not ready')
  if (err instanceof WalletUnsupportedError) {
    throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', err.message)
  }
  throw new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer. Try again.')
}

/** The invoice's payee node, for screening (the server's decoder recovers it). */
export function payeeOf(invoice: string): string | null {
  try {
    return bolt11.decode(invoice).payeeNodeKey ?? null
  } catch {
    return null
  }
}

export function quoteOf(p: Plan): WithdrawQuote {
  if (p.via === 'exchange') {
    return {
      rail: p.rail,
      destinationType: p.destinationType,
      target: p.invoice?.invoice ?? (p.address || p.key),
      amountSat: p.amountSat,
      feeSat: p.feeSat,
      feeLimitSat: null,
      totalSat: p.amountSat + p.feeSat,
      satPerVbyte: null,
      priorities: [],
      reserveSat: 0,
      sweepAll: false,
      description: p.invoice ? p.invoice.description : p.key,
      expiresAt: p.invoice ? p.invoice.expiresAt.toISOString() : null,
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

/** Where a plan sends to, as the row keeps it. */
export function targetFields(p: Plan) {
  if (p.via === 'exchange') {
    return {
      address: p.address || null,
      paymentRequest: p.invoice?.invoice ?? null,
      paymentHash: p.invoice?.paymentHash ?? null,
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

/** The fee the quote showed and the confirmation pays (Lightning's limit follows its amount). */
export function quotedFeeOf(p: Plan): number | null {
  return p.via === 'exchange' || p.rail === 'onchain' ? p.feeSat : null
}
