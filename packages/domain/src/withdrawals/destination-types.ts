/**
 * What a withdrawal destination reads as: an invoice, an LNURL-pay endpoint (from a Lightning
 * address or an LNURL) or a Bitcoin address (bare or in a BIP21 URI), or why it cannot be paid.
 */
import type { ErrorCode } from '../errors'

export interface InvoiceDestination {
  type: 'bolt11'
  /** lower case, without `lightning:` */
  invoice: string
  /** null for an invoice without an amount */
  amountSat: number | null
  /** hex */
  paymentHash: string
  expiresAt: Date
  description: string | null
  /** hex */
  descriptionHash: string | null
}

interface LnurlDestination {
  type: 'lightning-address' | 'lnurl'
  /** the address as typed (lower case) or the LNURL */
  text: string
  /** the LNURL-pay endpoint the server asks */
  url: string
}

interface AddressDestination {
  type: 'bitcoin-address' | 'bip21'
  address: string
  /** from a BIP21 `amount` */
  amountSat: number | null
  label: string | null
  message: string | null
  /** a BIP21 `lightning=` invoice, preferred where the wallet pays Lightning */
  lightning: InvoiceDestination | null
}

export type Destination = InvoiceDestination | LnurlDestination | AddressDestination

type WithdrawParseErrorCode = Extract<
  ErrorCode,
  | 'WITHDRAW_INVALID_DESTINATION'
  | 'WITHDRAW_INVALID_ADDRESS'
  | 'WITHDRAW_WRONG_NETWORK'
  | 'WITHDRAW_INVOICE_EXPIRED'
  | 'WITHDRAW_INVALID_INVOICE'
  | 'WITHDRAW_URI_INVALID_AMOUNT'
  | 'WITHDRAW_URI_AMOUNT_TOO_PRECISE'
  | 'WITHDRAW_URI_UNSUPPORTED_REQUIREMENT'
>

/** Why a destination cannot be paid: its code (for the user) and a reason (for the detail). */
export interface DestinationRefusal {
  ok: false
  code: WithdrawParseErrorCode
  reason: string
}

export type ParsedDestination = { ok: true; destination: Destination } | DestinationRefusal

export const refuse = (code: WithdrawParseErrorCode, reason: string): DestinationRefusal => ({
  ok: false,
  code,
  reason,
})
