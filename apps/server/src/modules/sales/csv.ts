/**
 * The transactions CSV: RFC 4180 (comma separated, CRLF line ends, a field quoted when it holds
 * a comma, quote, CR or LF, quotes doubled), amounts in sats and in fiat with a decimal point.
 */
import { FIAT_DECIMALS } from '@app/domain'
import type { TransactionItem } from './service'

export const CSV_HEADER = [
  'id',
  'created_at',
  'settled_at',
  'status',
  'method',
  'device_id',
  'device_name',
  'staff_id',
  'staff_name',
  'memo',
  'amount_sat',
  'received_sat',
  'fiat_amount',
  'currency',
  'payment_hash',
  'txid',
] as const

/** Starts with a byte-order mark so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF'

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/**
 * Free text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe, so opening an export never executes what a payer typed into a memo.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** 12345 pence -> "123.45" (every currency has `FIAT_DECIMALS` places); integer arithmetic only. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
    .toString()
    .padStart(FIAT_DECIMALS + 1, '0')
  const split = abs.length - FIAT_DECIMALS
  return `${sign}${abs.slice(0, split)}.${abs.slice(split)}`
}

export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}

export function transactionCsvLine(t: TransactionItem): string {
  return csvLine([
    t.id,
    t.createdAt.toISOString(),
    t.settledAt?.toISOString() ?? '',
    t.status,
    t.method,
    t.deviceId ?? '',
    neutraliseFormula(t.deviceName ?? ''),
    t.staffId ?? '',
    neutraliseFormula(t.staffName ?? ''),
    neutraliseFormula(t.memo),
    String(t.amountSat),
    String(t.receivedSat),
    t.fiatMinor === null ? '' : formatMinor(t.fiatMinor),
    t.currency,
    t.paymentHash ?? '',
    t.txid ?? '',
  ])
}
