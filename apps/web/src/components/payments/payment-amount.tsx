import { isCurrencyCode, satToFiatMinor } from '@app/domain'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import { usePrice, type Payment } from './payment-data'
import { formatFiat, formatSatNumber } from '@/lib/money-format'

/**
 * What the customer pays: fiat large with sats beneath. A payment keyed in sats shows its fiat
 * value at the current price (marked as approximate).
 */
export function PaymentAmount({
  payment,
  amountSat = payment.amountSat,
  className,
}: {
  payment: Payment
  /** Defaults to the amount asked for; a received amount can differ. */
  amountSat?: number
  className?: string
}) {
  const { t } = useTranslation()
  const price = usePrice()
  const currency = isCurrencyCode(payment.currency) ? payment.currency : null
  const rate = currency ? price.data?.minorPerBtc[currency] : undefined
  const sats = t('payments.sats', { amount: formatSatNumber(amountSat) })
  let fiat: string | null = null
  if (currency && payment.fiatMinor !== null && amountSat === payment.amountSat) {
    fiat = formatFiat(payment.fiatMinor, currency)
  } else if (currency && rate !== undefined) {
    fiat = t('payments.approximately', {
      amount: formatFiat(satToFiatMinor(amountSat, rate), currency),
    })
  }
  return (
    <div className={cn('flex flex-col items-center tabular-nums', className)}>
      <p className="text-3xl font-semibold tracking-tight break-all">{fiat ?? sats}</p>
      {fiat !== null && <p className="text-base text-muted-foreground">{sats}</p>}
    </div>
  )
}
