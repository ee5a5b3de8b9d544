/**
 * Amount and identifier formats as Kraken writes them. The world counts whole satoshis; Kraken
 * prints XBT with 10 decimals in balances and ledgers and 8 in funding status lists.
 */
import { randomBytes } from 'node:crypto'

const SAT_PER_BTC = 100_000_000

export function satToXbt(sat: number, decimals: 8 | 10 = 10): string {
  const sign = sat < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(sat))
  const whole = Math.floor(abs / SAT_PER_BTC)
  const frac = String(abs % SAT_PER_BTC).padStart(8, '0')
  return `${sign}${whole}.${frac}${'0'.repeat(decimals - 8)}`
}

/**
 * Parses a decimal BTC amount as clients send it ("0.725", or "1e-7" from a JS number) into
 * whole satoshis, rounding down below one satoshi. Undefined for anything not a positive number.
 */
export function parseXbtToSat(value: unknown): number | undefined {
  if (typeof value === 'number') value = String(value)
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  const plain = /^(\d+)(?:\.(\d+))?$/.exec(text)
  if (plain) {
    const whole = Number(plain[1])
    const frac = Number((plain[2] ?? '').slice(0, 8).padEnd(8, '0'))
    const sat = whole * SAT_PER_BTC + frac
    return Number.isSafeInteger(sat) && sat > 0 ? sat : undefined
  }
  if (!/^\d+(?:\.\d+)?e[-+]?\d+$/i.test(text)) return undefined
  const sat = Math.floor(Number(text) * SAT_PER_BTC + 1e-6)
  return Number.isSafeInteger(sat) && sat > 0 ? sat : undefined
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomChars(alphabet: string, length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += alphabet[b % alphabet.length]
  return out
}

function dashed(alphabet: string, lengths: number[]): string {
  return lengths.map((n) => randomChars(alphabet, n)).join('-')
}

/** Deposit reference, shaped like `QSBALMX-YTM4MI-REMLWN`. */
export function depositRefId(): string {
  return 'Q' + dashed(UPPER, [6, 6, 6])
}

/** Withdrawal reference in Kraken's newer form, like `FTQcuak-V6Za8qrWnhzTx67yYHz8Tg`. */
export function withdrawalRefId(): string {
  return 'FT' + dashed(MIXED, [5, 22])
}

/** Ledger entry id, shaped like `L4UESK-KG3EQ-UFO4T5`. */
export function ledgerId(): string {
  return 'L' + dashed(UPPER, [5, 5, 6])
}

/** Account id as Kraken's account page shows it, without spaces: like `AA12N84G3KDP`. */
export function accountId(): string {
  return 'AA' + randomChars(UPPER, 10)
}
