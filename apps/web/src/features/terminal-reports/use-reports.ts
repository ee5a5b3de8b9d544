/**
 * The data behind the terminal's reports and refunds: who is signed in at this device (their
 * permissions decide what the pages offer; the server checks again), and how amounts read.
 */
import type { StaffPermission } from '@app/domain'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { useTranslation } from 'react-i18next'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { useTRPC, type Trpc } from '@/lib/trpc'

export type ShiftClose = inferOutput<Trpc['shifts']['close']>
export type RefundablePayment = inferOutput<Trpc['refunds']['payments']>[number]
export type RefundResult = inferOutput<Trpc['refunds']['create']>

/** Whether the staff member signed in at this device holds the permission. */
export function useHasPermission(permission: StaffPermission): boolean {
  const me = useSuspenseQuery(useTRPC().device.me.queryOptions()).data
  return me.staff?.permissions.includes(permission) ?? false
}

/** Amounts as the reports write them: fiat in the currency, sats grouped. */
export function useMoney(currency: string) {
  const { t } = useTranslation()
  return {
    fiat: (minor: number | null) => (minor === null ? '' : formatFiat(minor, currency)),
    sats: (sat: number) => t('payments.sats', { amount: formatSatNumber(sat) }),
  }
}

/** The payment method's name in the reports. */
export function useMethodName() {
  const { t } = useTranslation()
  const names: Record<string, string> = {
    lightning: t('terminalReports.methods.lightning'),
    onchain: t('terminalReports.methods.onchain'),
    ecash: t('terminalReports.methods.ecash'),
    tip: t('terminalReports.methods.tip'),
  }
  return (method: string) => names[method] ?? method
}
