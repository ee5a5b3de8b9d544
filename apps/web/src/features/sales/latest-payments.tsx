/** The dashboard's latest payments, each opening its detail, linking to all transactions. */
import { Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Amount } from './amount'
import { MethodLabel, StatusBadge } from './payment-labels'
import { RefundBadge } from './refund-badge'
import { formatDateTime } from './sales-format'
import { Skeleton } from './skeleton'
import { type DashboardQuery } from './use-sales'
import { Widget } from './widget'

export function LatestPayments({
  query,
  businessId,
}: {
  query: DashboardQuery
  businessId: string
}) {
  const { t } = useTranslation()
  const { data } = query
  return (
    <Widget
      title={t('sales.dashboard.latest')}
      status={query.status}
      onRetry={() => void query.refetch()}
      action={
        <Button variant="ghost" size="sm" asChild>
          <Link to="/$businessId/sales/transactions" params={{ businessId }}>
            {t('sales.dashboard.viewAll')}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      }
      skeleton={
        <div className="space-y-4">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="flex items-center justify-between gap-4">
              <div className="space-y-1.5">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-28" />
              </div>
              <Skeleton className="h-8 w-20" />
            </div>
          ))}
        </div>
      }
    >
      {data && (
        <ul className="-my-3 divide-y divide-border">
          {data.latest.map((p) => (
            <li key={p.id}>
              <Link
                to="/$businessId/sales/transactions"
                params={{ businessId }}
                search={{ payment: p.id }}
                className="-mx-2 flex items-center justify-between gap-4 rounded-md px-2 py-3 outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/25"
              >
                <div className="min-w-0 space-y-1">
                  <p className="truncate text-sm font-medium">
                    {p.memo || <span className="text-muted-foreground">{t('sales.noMemo')}</span>}
                  </p>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    <StatusBadge status={p.status} />
                    <RefundBadge state={p.refundState} />
                    <MethodLabel method={p.method} />
                    <time dateTime={p.createdAt.toISOString()}>{formatDateTime(p.createdAt)}</time>
                  </div>
                </div>
                <Amount
                  fiatMinor={p.fiatMinor}
                  currency={p.currency}
                  amountSat={p.status === 'settled' ? p.receivedSat : p.amountSat}
                  isDimmed={p.status !== 'settled'}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  )
}
