/**
 * Cashu protocol errors (NUT-00 "Errors" and the NUT error-code table). Every failure a wallet can
 * act on leaves the mint as HTTP 400 `{"detail": str, "code": int}`.
 */

export const CashuCode = {
  /** Malformed request; the NUTs leave this one open, real mints answer 400 with a generic code. */
  BAD_REQUEST: 10000,
  VERIFICATION_FAILED: 10001,
  ALREADY_SPENT: 11001,
  PENDING: 11002,
  OUTPUTS_ALREADY_SIGNED: 11003,
  UNBALANCED: 11005,
  AMOUNT_OUT_OF_RANGE: 11006,
  DUPLICATE_INPUTS: 11007,
  DUPLICATE_OUTPUTS: 11008,
  MULTIPLE_UNITS: 11009,
  UNIT_MISMATCH: 11010,
  AMOUNTLESS_UNSUPPORTED: 11011,
  UNIT_UNSUPPORTED: 11013,
  MAX_INPUTS: 11014,
  MAX_OUTPUTS: 11015,
  UNKNOWN_KEYSET: 12001,
  INACTIVE_KEYSET: 12002,
  /** No quote with that id; like other mints, reported with the Lightning-family base code. */
  UNKNOWN_QUOTE: 20000,
  QUOTE_NOT_PAID: 20001,
  QUOTE_ALREADY_ISSUED: 20002,
  PAYMENT_FAILED: 20004,
  QUOTE_PENDING: 20005,
  INVOICE_ALREADY_PAID: 20006,
  QUOTE_EXPIRED: 20007,
} as const

export type CashuCodeValue = (typeof CashuCode)[keyof typeof CashuCode]

export class CashuError extends Error {
  constructor(
    readonly code: CashuCodeValue,
    readonly detail: string,
  ) {
    super(detail)
    this.name = 'CashuError'
  }

  toJSON(): { detail: string; code: number } {
    return { detail: this.detail, code: this.code }
  }
}

export function fail(code: CashuCodeValue, detail: string): never {
  throw new CashuError(code, detail)
}
