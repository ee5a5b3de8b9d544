/**
 * The data behind the terminal's reports and refunds: who is signed in at this device (their
 * permissions decide what the pages offer; the server checks again), and how amounts read.
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { useTranslation } from 'react-i18next'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { useTRPC, type Trpc } from '@/lib/trpc'
import { deduction } from './report-money'

export type ShiftClose = inferOutput<Trpc['shifts']['close']>
export type RefundablePayment = inferOutput<Trpc['refunds']['payments']>[number]
export type RefundResult = inferOutput<Trpc['refunds']['create']>

/** The staff member signed in at this device (their permissions, how they signed in). */
export function useSignedInStaff() {
  return useSuspenseQuery(useTRPC().device.me.queryOptions()).data.staff
}

/** Amounts as the reports write them: fiat in the currency, sats grouped; refunds as minus. */
export function useMoney(currency: string) {
  const { t } = useTranslation()
  const fiat = (minor: number) => formatFiat(minor, currency)
  const sats = (sat: number) => t('payments.sats', { amount: formatSatNumber(sat) })
  return {
    fiat: (minor: number | null) => (minor === null ? '' : fiat(minor)),
    sats,
    fiatOut: (minor: number | null) => deduction(minor, fiat),
    satsOut: (sat: number) => deduction(sat, sats),
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
