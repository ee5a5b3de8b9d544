/**
 * The tip at the terminal: none, a percentage of the keyed amount (the pills of the device
 * settings), or an amount keyed by hand, always in the unit the amount was keyed in.
 */
import { tipOf } from '@app/domain'
import { entryToFiatMinor, entryToSat, type AmountUnit } from '@/components/payments/amount'

export type TipChoice =
  { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'custom'; entry: string }

export const NO_TIP: TipChoice = { kind: 'none' }

/** The tip in minor units (fiat) or sats, for an amount in the same unit. */
export function tipAmount(choice: TipChoice, amount: number, unit: AmountUnit): number {
  if (amount <= 0) return 0
  if (choice.kind === 'percent') return tipOf(amount, choice.percent)
  if (choice.kind === 'custom') {
    const entry = choice.entry.trim().replace(',', '.')
    if (!/^\d*(\.\d{0,2})?$/.test(entry)) return 0
    return unit === 'fiat' ? entryToFiatMinor(entry) : Math.floor(entryToSat(entry))
  }
  return 0
}
