/** The dashboard's 30-day chart of sales, in fiat or sats. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatFiatCompact, formatFiatNarrow, formatSatNumber } from '@/lib/money-format'
import { cn } from '@/lib/utils'
import { BarChart } from './bar-chart'
import { formatDayKey } from './sales-format'
import { Skeleton } from './skeleton'
import { type DashboardQuery } from './use-sales'
import { Widget } from './widget'

export function SalesChart({ query, className }: { query: DashboardQuery; className?: string }) {
  const { t } = useTranslation()
  const [unit, setUnit] = useState<'fiat' | 'sats'>('fiat')
  const { data } = query
  const bars =
    data?.series.map((day) => {
      const fiat = formatFiatNarrow(day.fiatMinor, data.currency)
      const sats = t('sales.amount.sats', { amount: formatSatNumber(day.amountSat) })
      return {
        key: day.day,
        value: unit === 'fiat' ? day.fiatMinor : day.amountSat,
        label: formatDayKey(day.day),
        description: `${unit === 'fiat' ? fiat : sats} · ${t('sales.dashboard.paymentCount', {
          count: day.count,
        })}`,
      }
    }) ?? []

  return (
    <Widget
      title={t('sales.dashboard.chartTitle')}
      description={t('sales.dashboard.chartDescription')}
      status={query.status}
      onRetry={() => void query.refetch()}
      className={className}
      skeleton={<Skeleton className="h-52 w-full" />}
      action={
        <div
          role="group"
          aria-label={t('sales.dashboard.chartUnit')}
          className="inline-flex shrink-0 rounded-md border border-border bg-muted/50 p-0.5"
        >
          {(['fiat', 'sats'] as const).map((u) => (
            <button
              key={u}
              type="button"
              aria-pressed={unit === u}
              onClick={() => setUnit(u)}
              className={cn(
                'cursor-pointer rounded px-2.5 py-1 text-xs font-medium text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/25',
                unit === u && 'bg-card text-foreground shadow-xs',
              )}
            >
              {u === 'fiat' ? data?.currency : t('sales.dashboard.sats')}
            </button>
          ))}
        </div>
      }
    >
      {data && (
        <BarChart
          bars={bars}
          label={t('sales.dashboard.chartLabel')}
          formatScale={(v) =>
            unit === 'fiat'
              ? formatFiatCompact(v, data.currency)
              : t('sales.amount.sats', { amount: formatSatNumber(v) })
          }
        />
      )}
    </Widget>
  )
}
