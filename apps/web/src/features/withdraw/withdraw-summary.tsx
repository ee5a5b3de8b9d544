import { useTranslation } from 'react-i18next'
import { useFiatOf } from '@/components/payments/use-fiat-of'
import { withFiat } from '@/lib/money-beside'
import { formatSatNumber } from '@/lib/money-format'
import type { Quote } from './use-withdraw'

/** Sats as the withdraw page writes them: "12,345 sats". */
export function useSats(): (amountSat: number) => string {
  const { t } = useTranslation()
  return (amountSat) => t('withdraw.sats', { amount: formatSatNumber(amountSat) })
}

/** Sats with their worth in the business's currency beside them: "1,234 sats (£0.62)". */
export function useSatsWithFiat(currency: string): (amountSat: number) => string {
  const sats = useSats()
  const fiatOf = useFiatOf(currency)
  return (amountSat) => withFiat(sats(amountSat), fiatOf(amountSat))
}

/**
 * The reviewed quote: what arrives, the fee (or its limit; with its worth in the business's
 * currency), the reserve kept, the total.
 */
export function WithdrawSummary({ quote, currency }: { quote: Quote; currency: string }) {
  const { t } = useTranslation()
  const sats = useSats()
  const satsWithFiat = useSatsWithFiat(currency)
  return (
    <div
      className="grid gap-2 rounded-md border border-border p-4 text-sm"
      data-testid="withdraw-summary"
    >
      <Row label={t('withdraw.summary.arrives')} value={sats(quote.amountSat)} />
      <Row
        label={
          quote.rail === 'lightning'
            ? t('withdraw.summary.feeLimit')
            : t('withdraw.summary.fee', { rate: quote.satPerVbyte ?? 0 })
        }
        value={satsWithFiat(quote.feeSat)}
      />
      {quote.reserveSat > 0 && quote.sweepAll && (
        <Row label={t('withdraw.summary.reserve')} value={sats(quote.reserveSat)} />
      )}
      <Row label={t('withdraw.summary.total')} value={sats(quote.totalSat)} strong />
    </div>
  )
}

export function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'font-medium' : ''}`}>
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right whitespace-nowrap tabular-nums">{value}</span>
    </div>
  )
}
