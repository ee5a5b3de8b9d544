/** The dashboard's split of the last 30 days' sales by payment method. */
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import { Amount } from './amount'
import { METHOD_BAR, MethodLabel } from './payment-labels'
import { Skeleton } from './skeleton'
import { type DashboardQuery } from './use-sales'
import { Widget } from './widget'
import { PAYMENT_METHODS } from '@app/domain'

export function MethodBreakdown({ query }: { query: DashboardQuery }) {
  const { t } = useTranslation()
  const { data } = query
  const totals = data?.totals.last30Days
  return (
    <Widget
      title={t('sales.dashboard.byMethod')}
      description={t('sales.dashboard.last30Days')}
      status={query.status}
      onRetry={() => void query.refetch()}
      skeleton={
        <div className="space-y-5">
          {PAYMENT_METHODS.map((m) => (
            <div key={m} className="space-y-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-1.5 w-full" />
            </div>
          ))}
        </div>
      }
    >
      {data && totals && (
        <ul className="space-y-4">
          {PAYMENT_METHODS.map((method) => {
            const m = totals.byMethod[method]
            const share = totals.amountSat > 0 ? (m.amountSat / totals.amountSat) * 100 : 0
            return (
              <li key={method} className="space-y-1.5">
                <div className="flex items-start justify-between gap-3 text-sm">
                  <div className="min-w-0">
                    <MethodLabel method={method} className="font-medium" />
                    <p className="text-xs text-muted-foreground">
                      {t('sales.dashboard.paymentCount', { count: m.count })}
                    </p>
                  </div>
                  <Amount
                    fiatMinor={m.fiatMinor}
                    currency={data.currency}
                    amountSat={m.amountSat}
                  />
                </div>
                <div
                  className="h-1.5 overflow-hidden rounded-full bg-muted"
                  role="meter"
                  aria-label={t(`sales.method.${method}`)}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(share)}
                >
                  <div
                    className={cn('h-full rounded-full', METHOD_BAR[method])}
                    style={{ width: `${share}%` }}
                  />
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Widget>
  )
}
