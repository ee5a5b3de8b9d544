import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import { formatFiatNarrow, formatSatNumber } from '@/lib/money-format'

/** Fiat first and large, sats beneath: the order merchants and cashiers read amounts in. */
export function Amount({
  fiatMinor,
  currency,
  amountSat,
  size = 'sm',
  align = 'end',
  isDimmed = false,
}: {
  fiatMinor: number | null
  currency: string
  amountSat: number
  size?: 'sm' | 'lg'
  align?: 'start' | 'end'
  /** unconfirmed, expired or failed: not money received */
  isDimmed?: boolean
}) {
  const { t } = useTranslation()
  const sats = t('sales.amount.sats', { amount: formatSatNumber(amountSat) })
  return (
    <span
      className={cn(
        'flex flex-col whitespace-nowrap tabular-nums',
        align === 'end' ? 'items-end text-right' : 'items-start',
        isDimmed && 'opacity-60',
      )}
    >
      <span
        className={cn(
          'font-semibold text-foreground',
          size === 'lg' ? 'text-2xl tracking-tight sm:text-3xl' : 'text-sm',
        )}
      >
        {fiatMinor === null ? sats : formatFiatNarrow(fiatMinor, currency)}
      </span>
      {fiatMinor !== null && (
        <span className={cn('text-muted-foreground', size === 'lg' ? 'text-sm' : 'text-xs')}>
          {sats}
        </span>
      )}
    </span>
  )
}
