/**
 * The mint's durable state, kept in the world's `cashu` persistence section: keysets, spent
 * proofs, signed outputs and quotes all survive a restart.
 */
import type { Persistence } from '../../world/api'
import type { KeysetConfig, WireBlindSignature } from './keysets'

export type MintQuoteState = 'UNPAID' | 'PAID' | 'ISSUED'
export type MeltQuoteState = 'UNPAID' | 'PENDING' | 'PAID'

export interface MintQuoteRecord {
  quote: string
  request: string
  paymentHash: string
  amount: number
  unit: string
  state: MintQuoteState
  /** unix seconds: the invoice expiry */
  expiry: number
  createdAt: number
}

export interface MeltQuoteRecord {
  quote: string
  request: string
  paymentHash: string
  amount: number
  /** msat to send when the invoice carries no amount */
  amountMsat: number | null
  feeReserve: number
  unit: string
  state: MeltQuoteState
  expiry: number
  preimage: string | null
  /** Lightning fee actually paid, sat */
  feePaid: number | null
  createdAt: number
}

export interface SpentRecord {
  /** unix seconds */
  at: number
  witness: string | null
}

export interface CashuState {
  keysets: KeysetConfig[]
  /** Y (hash_to_curve(secret), compressed hex) -> spend record */
  spent: Record<string, SpentRecord>
  /** B_ -> keyset id, so an output is never signed twice (11003) */
  signed: Record<string, string>
  /** B_ -> the signature given for it, so a wallet can restore its proofs (NUT-09) */
  promises: Record<string, WireBlindSignature>
  mintQuotes: Record<string, MintQuoteRecord>
  meltQuotes: Record<string, MeltQuoteRecord>
}

export function loadCashuState(persistence: Persistence): CashuState {
  const state = persistence.section<CashuState>('cashu', () => ({
    keysets: [],
    spent: {},
    signed: {},
    promises: {},
    mintQuotes: {},
    meltQuotes: {},
  }))
  state.keysets ??= []
  state.spent ??= {}
  state.signed ??= {}
  state.promises ??= {}
  state.mintQuotes ??= {}
  state.meltQuotes ??= {}
  return state
}
