import type { InvoiceException, InvoiceStatus } from '@app/domain'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { formatFiat, formatSatNumber } from '@/lib/money-format'

const STATUS_VARIANT = {
  new: 'default',
  processing: 'warning',
  settled: 'success',
  expired: 'secondary',
  invalid: 'destructive',
} as const satisfies Record<InvoiceStatus, string>

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation()
  return <Badge variant={STATUS_VARIANT[status]}>{t(`onlineInvoices.status.${status}`)}</Badge>
}

export function InvoiceExceptionBadge({ exception }: { exception: InvoiceException | null }) {
  const { t } = useTranslation()
  if (!exception) return null
  return <Badge variant="warning">{t(`onlineInvoices.exception.${exception}`)}</Badge>
}

/** How an amount reads: minor units of the currency, or sats. */
export function useInvoiceMoney() {
  const { t } = useTranslation()
  const sats = (amount: number) => t('onlineInvoices.sats', { amount: formatSatNumber(amount) })
  return {
    sats,
    amount: (amount: number, currency: string) =>
      currency === 'SAT' ? sats(amount) : formatFiat(amount, currency),
  }
}
