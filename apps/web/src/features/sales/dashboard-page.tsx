/**
 * The sales dashboard: today, 7 and 30 days, the split by method, a 30-day chart and the
 * latest payments. Each widget shows its own skeleton or retry; all read one query.
 */
import { Link } from '@tanstack/react-router'
import { ArrowRight, Receipt } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatFiatCompact, formatFiatNarrow, formatSatNumber } from '@/lib/money-format'
import { cn } from '@/lib/utils'
import { Amount } from './amount'
import { BarChart } from './bar-chart'
import { METHOD_BAR, MethodLabel, StatusBadge } from './payment-labels'
import { formatDateTime, formatDayKey } from './sales-format'
import { Skeleton } from './skeleton'
import { useDashboard, type Dashboard } from './use-sales'
import { Widget, WidgetError } from './widget'
import { PAYMENT_METHODS } from '@app/domain'

type Query = ReturnType<typeof useDashboard>
type Period = keyof Dashboard['totals']

const PERIODS: Period[] = ['today', 'last7Days', 'last30Days']

export function SalesDashboardPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const query = useDashboard(businessId)
  const isEmpty =
    query.data !== undefined &&
    query.data.latest.length === 0 &&
    query.data.totals.last30Days.count === 0

  return (
    <>
      <PageHeader
        title={t('pages.salesDashboard')}
        description={t('sales.dashboard.description')}
        actions={<TakePaymentActions businessId={businessId} />}
      />
      <div className="grid gap-4 lg:gap-6">
        <KpiTiles query={query} />
        {isEmpty ? (
          <EmptyDashboard businessId={businessId} />
        ) : (
          <>
            <div className="grid gap-4 lg:grid-cols-3 lg:gap-6">
              <SalesChart query={query} className="lg:col-span-2" />
              <MethodBreakdown query={query} />
            </div>
            <LatestPayments query={query} businessId={businessId} />
          </>
        )}
      </div>
    </>
  )
}

function KpiTiles({ query }: { query: Query }) {
  const { t } = useTranslation()
  const { data } = query
  return (
    <section
      aria-label={t('sales.dashboard.totals')}
      className="grid gap-4 sm:grid-cols-3 lg:gap-6"
    >
      {PERIODS.map((period) => (
        <Card key={period} className="p-5" aria-busy={query.isPending || undefined}>
          <p className="text-sm font-medium text-muted-foreground">
            {t(`sales.dashboard.${period}`)}
          </p>
          {data ? (
            <>
              <div className="mt-3">
                <Amount
                  size="lg"
                  align="start"
                  fiatMinor={data.totals[period].fiatMinor}
                  currency={data.currency}
                  amountSat={data.totals[period].amountSat}
                />
              </div>
              <p className="mt-3 text-xs text-muted-foreground">
                {t('sales.dashboard.paymentCount', { count: data.totals[period].count })}
              </p>
            </>
          ) : query.isError ? (
            <div className="mt-3">
              <WidgetError onRetry={() => void query.refetch()} />
            </div>
          ) : (
            <div className="mt-3 space-y-2">
              <Skeleton className="h-8 w-32" />
              <Skeleton className="h-4 w-24" />
              <Skeleton className="mt-3 h-3 w-20" />
            </div>
          )}
        </Card>
      ))}
    </section>
  )
}

function SalesChart({ query, className }: { query: Query; className?: string }) {
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

function MethodBreakdown({ query }: { query: Query }) {
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

function LatestPayments({ query, businessId }: { query: Query; businessId: string }) {
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
            <li key={p.id} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0 space-y-1">
                <p className="truncate text-sm font-medium">
                  {p.memo || <span className="text-muted-foreground">{t('sales.noMemo')}</span>}
                </p>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <StatusBadge status={p.status} />
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
            </li>
          ))}
        </ul>
      )}
    </Widget>
  )
}

/** Where a cashier starts: each way of taking a payment, Lightning first. */
function TakePaymentActions({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const pages = [
    ['/$businessId/bitcoin/take-payments/onchain-payment', t('pages.onchainPayment')],
    ['/$businessId/bitcoin/take-payments/ecash-payment', t('pages.ecashPayment')],
    ['/$businessId/bitcoin/take-payments/lightning-tips', t('pages.lightningTips')],
  ] as const
  return (
    <nav aria-label={t('sales.takePayment')} className="flex flex-wrap gap-2">
      <Button asChild>
        <Link to="/$businessId/bitcoin/take-payments/lightning-payment" params={{ businessId }}>
          {t('pages.lightningPayment')}
        </Link>
      </Button>
      {pages.map(([to, label]) => (
        <Button key={to} asChild variant="outline">
          <Link to={to} params={{ businessId }}>
            {label}
          </Link>
        </Button>
      ))}
    </nav>
  )
}

function EmptyDashboard({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Receipt className="size-6" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">{t('sales.dashboard.empty.title')}</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {t('sales.dashboard.empty.description')}
      </p>
      <Button asChild className="mt-2">
        <Link to="/$businessId/bitcoin/take-payments/lightning-payment" params={{ businessId }}>
          {t('sales.takePayment')}
        </Link>
      </Button>
    </Card>
  )
}
