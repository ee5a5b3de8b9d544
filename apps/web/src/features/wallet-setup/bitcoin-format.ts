/** How addresses and amounts of bitcoin read on screen. */
import { formatNumber } from '@/lib/format'

const SATS_PER_BTC = 100_000_000

/** An address in groups of four characters, easier to compare with what a wallet shows. */
export function addressGroups(address: string): string[] {
  return address.match(/.{1,4}/g) ?? []
}

/** 12,345 sats as "0.00012345" bitcoin, without rounding through floating point. */
export function satsToBtc(amountSat: number): string {
  const whole = Math.floor(amountSat / SATS_PER_BTC)
  const fraction = String(amountSat % SATS_PER_BTC).padStart(8, '0')
  return `${whole}.${fraction}`
}

export function formatSats(amountSat: number): string {
  return formatNumber(amountSat, { maximumFractionDigits: 0 })
}

/** Sats as bitcoin in the reader's number format, all eight decimals shown. */
export function formatBtc(amountSat: number): string {
  return formatNumber(amountSat / SATS_PER_BTC, {
    minimumFractionDigits: 8,
    maximumFractionDigits: 8,
  })
}

/** A BIP21 payment link asking for `amountSat` instead of the amount it named. */
export function bip21WithAmount(bip21: string, amountSat: number): string {
  const [target = '', query = ''] = bip21.split('?', 2)
  const params = new URLSearchParams(query)
  params.set('amount', satsToBtc(amountSat))
  return `${target}?${params.toString()}`
}
