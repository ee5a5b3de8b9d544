/**
 * The transactions as a table on wide screens and as cards on narrow ones, with their empty and
 * loading states; each row is a link that opens the payment's detail over the list.
 */
import { Link } from '@tanstack/react-router'
import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import { Amount } from './amount'
import { MethodLabel, StatusBadge } from './payment-labels'
import { RefundBadge } from './refund-badge'
import { formatDateTime } from './sales-format'
import { Skeleton } from './skeleton'
import { type Transaction } from './use-sales'

/** A link that opens the payment's detail over the list, keeping the list's filters. */
function DetailLink({
  businessId,
  p,
  className,
  children,
}: {
  businessId: string
  p: Transaction
  className?: string
  children: ReactNode
}) {
  return (
    <Link
      from="/$businessId/sales/transactions"
      to="/$businessId/sales/transactions"
      params={{ businessId }}
      search={(prev) => ({ ...prev, payment: p.id })}
      className={className}
    >
      {children}
    </Link>
  )
}

export function TransactionTable({
  items,
  businessId,
}: {
  items: Transaction[]
  businessId: string
}) {
  const { t } = useTranslation()
  const head = 'px-4 py-2.5 font-medium'
  return (
    <div className="hidden overflow-hidden rounded-xl border border-border bg-card shadow-xs md:block">
      <table className="w-full text-sm">
        <thead className="border-b border-border bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={head}>
              {t('sales.transactions.columns.date')}
            </th>
            <th scope="col" className={head}>
              {t('sales.transactions.columns.status')}
            </th>
            <th scope="col" className={head}>
              {t('sales.transactions.columns.method')}
            </th>
            <th scope="col" className={cn(head, 'hidden xl:table-cell')}>
              {t('sales.transactions.columns.device')}
            </th>
            <th scope="col" className={head}>
              {t('sales.transactions.columns.memo')}
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              {t('sales.transactions.columns.amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((p) => (
            <tr
              key={p.id}
              className="relative transition-colors hover:bg-accent/60 has-[a:focus-visible]:bg-accent/60"
            >
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                {/* the link covers the whole row, so a click anywhere on it opens the payment */}
                <DetailLink
                  businessId={businessId}
                  p={p}
                  className="outline-none after:absolute after:inset-0 focus-visible:text-foreground focus-visible:underline"
                >
                  <time dateTime={p.createdAt.toISOString()}>{formatDateTime(p.createdAt)}</time>
                  <span className="sr-only">, {t('sales.transactions.showDetail')}</span>
                </DetailLink>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={p.status} />
                <RefundBadge state={p.refundState} />
              </td>
              <td className="px-4 py-3">
                <MethodLabel method={p.method} />
              </td>
              <td className="hidden px-4 py-3 text-muted-foreground xl:table-cell">
                <TakenBy p={p} />
              </td>
              <td className="max-w-0 w-full px-4 py-3">
                <span className="block truncate" title={p.memo || undefined}>
                  {p.memo}
                </span>
              </td>
              <td className="px-4 py-3">
                <TransactionAmount p={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function TransactionCards({
  items,
  businessId,
}: {
  items: Transaction[]
  businessId: string
}) {
  const { t } = useTranslation()
  return (
    <ul className="space-y-2 md:hidden">
      {items.map((p) => (
        <li key={p.id}>
          <DetailLink
            businessId={businessId}
            p={p}
            className="block rounded-xl border border-border bg-card p-4 shadow-xs transition-colors outline-none hover:bg-accent/60 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 space-y-1.5">
                <p className="truncate text-sm font-medium">
                  {p.memo || <span className="text-muted-foreground">{t('sales.noMemo')}</span>}
                </p>
                <time
                  dateTime={p.createdAt.toISOString()}
                  className="block text-xs text-muted-foreground"
                >
                  {formatDateTime(p.createdAt)}
                </time>
              </div>
              <TransactionAmount p={p} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <StatusBadge status={p.status} />
              <RefundBadge state={p.refundState} />
              <MethodLabel method={p.method} />
              <TakenBy p={p} />
            </div>
          </DetailLink>
        </li>
      ))}
    </ul>
  )
}

/** The device that took a payment and the staff member signed in at it, if any. */
function TakenBy({ p }: { p: Transaction }) {
  if (!p.deviceName) return null
  return (
    <span className="whitespace-nowrap">
      {p.deviceName}
      {p.staffName ? ` · ${p.staffName}` : ''}
    </span>
  )
}

/** What arrived for a settled payment; what was asked for otherwise, dimmed. */
function TransactionAmount({ p }: { p: Transaction }) {
  return (
    <Amount
      fiatMinor={p.fiatMinor}
      currency={p.currency}
      amountSat={p.status === 'settled' ? p.receivedSat : p.amountSat}
      isDimmed={p.status !== 'settled'}
    />
  )
}

export function ListSkeleton() {
  return (
    <div className="space-y-2" aria-busy>
      {Array.from({ length: 8 }, (_, i) => (
        <div
          key={i}
          className="flex items-center justify-between gap-4 rounded-lg border border-border bg-card px-4 py-3"
        >
          <div className="flex items-center gap-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="hidden h-5 w-20 rounded-full sm:block" />
            <Skeleton className="hidden h-4 w-24 md:block" />
          </div>
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  )
}
