/**
 * The amount a cashier keys in, in the business currency or in sats, and switching between the
 * two. Money stays in integers: fiat in minor units (pence, cents), bitcoin in sats, the price
 * in minor units per whole bitcoin; the conversions and their rounding are the domain's.
 */
import {
  FIAT_DECIMALS,
  fiatMinorToSat,
  MAX_PAYMENT_SAT,
  MIN_PAYMENT_SAT,
  MINOR_PER_MAJOR,
  satToFiatMinor,
} from '@app/domain'

export type AmountUnit = 'fiat' | 'sat'

/** Up to 9,999,999.99 in fiat; in sats one digit more than the largest payment has. */
const MAX_INTEGER_DIGITS: Record<AmountUnit, number> = { fiat: 7, sat: 9 }

export type KeypadKey =
  '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'decimal' | 'backspace' | 'clear'

export function isDigitKey(
  key: string,
): key is Exclude<KeypadKey, 'decimal' | 'backspace' | 'clear'> {
  return key.length === 1 && key >= '0' && key <= '9'
}

/**
 * The keyed text after one key: digits only, with one "." before at most two decimals in fiat.
 * A key that would make no sense (a second decimal point, a third decimal, too many digits)
 * leaves the text as it was.
 */
export function applyKey(entry: string, key: KeypadKey, unit: AmountUnit): string {
  if (key === 'clear') return ''
  if (key === 'backspace') return entry.slice(0, -1)
  if (key === 'decimal') {
    if (unit === 'sat' || entry.includes('.')) return entry
    return entry === '' ? '0.' : `${entry}.`
  }
  const dot = entry.indexOf('.')
  if (dot >= 0) {
    return entry.length - dot - 1 >= FIAT_DECIMALS ? entry : entry + key
  }
  // No leading zeros: "0" then "5" reads "5".
  if (entry === '0') return key
  if (entry.length >= MAX_INTEGER_DIGITS[unit]) return entry
  return entry + key
}

/** "12.5" in fiat as 1250 minor units. */
export function entryToFiatMinor(entry: string): number {
  const [whole = '', fraction = ''] = entry.split('.')
  return Number(whole || '0') * MINOR_PER_MAJOR + Number(fraction.padEnd(FIAT_DECIMALS, '0'))
}

export function entryToSat(entry: string): number {
  return Number(entry || '0')
}

/** Minor units as keyed text: 1250 as "12.50", 1200 as "12". */
export function fiatMinorToEntry(fiatMinor: number): string {
  if (fiatMinor <= 0) return ''
  const whole = Math.floor(fiatMinor / MINOR_PER_MAJOR)
  const fraction = fiatMinor % MINOR_PER_MAJOR
  return fraction === 0
    ? String(whole)
    : `${whole}.${String(fraction).padStart(FIAT_DECIMALS, '0')}`
}

/**
 * What an amount box keeps of typed or pasted text: digits, spaces, the decimal mark and group
 * separators. Letters and other signs never get in.
 */
export function keepAmountCharacters(text: string): string {
  return text.replace(/[^\d\s.,'’]/g, '')
}

/** What the server is asked to charge: fiat exactly as keyed, or sats. */
export type ChargeAmount = { fiatMinor: number } | { sat: number }

type AmountProblem = 'tooSmall' | 'tooLarge'

interface ResolvedAmount {
  /** In the business currency; null when keyed in sats and no price is known. */
  fiatMinor: number | null
  /** null when keyed in fiat and no price is known. */
  sat: number | null
  /** What to send when charging; null while nothing is keyed. */
  charge: ChargeAmount | null
  problem: AmountProblem | null
}

/** The keyed amount in both units, what would be charged, and why it cannot be (if so). */
export function resolveAmount(
  entry: string,
  unit: AmountUnit,
  minorPerBtc: number | null,
): ResolvedAmount {
  if (unit === 'fiat') {
    const fiatMinor = entryToFiatMinor(entry)
    const sat = minorPerBtc === null ? null : fiatMinorToSat(fiatMinor, minorPerBtc)
    if (fiatMinor <= 0) return { fiatMinor, sat, charge: null, problem: null }
    return { fiatMinor, sat, charge: { fiatMinor }, problem: satProblem(sat) }
  }
  const sat = entryToSat(entry)
  const fiatMinor = minorPerBtc === null ? null : satToFiatMinor(sat, minorPerBtc)
  if (sat <= 0) return { fiatMinor, sat, charge: null, problem: null }
  return { fiatMinor, sat, charge: { sat }, problem: satProblem(sat) }
}

function satProblem(sat: number | null): AmountProblem | null {
  if (sat === null) return null
  if (sat < MIN_PAYMENT_SAT) return 'tooSmall'
  if (sat > MAX_PAYMENT_SAT) return 'tooLarge'
  return null
}

/** The same amount keyed in the other unit, so that switching keeps what was typed. */
export function convertEntry(entry: string, from: AmountUnit, minorPerBtc: number): string {
  if (from === 'fiat') {
    const sat = fiatMinorToSat(entryToFiatMinor(entry), minorPerBtc)
    return sat > 0 ? String(Math.min(sat, 10 ** MAX_INTEGER_DIGITS.sat - 1)) : ''
  }
  const fiatMinor = satToFiatMinor(entryToSat(entry), minorPerBtc)
  const largest = 10 ** MAX_INTEGER_DIGITS.fiat * MINOR_PER_MAJOR - 1
  return fiatMinorToEntry(Math.min(fiatMinor, largest))
}
