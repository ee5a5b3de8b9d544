/**
 * The sales dashboard: today, 7 and 30 days, the split by method, a 30-day chart and the
 * latest payments. Each widget shows its own skeleton or retry; all read one query.
 */
import { Link } from '@tanstack/react-router'
import { Receipt } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useWalletCapabilities } from '@/components/payments/payment-data'
import { Amount } from './amount'
import { Skeleton } from './skeleton'
import { useDashboard, type Dashboard, type DashboardQuery } from './use-sales'
import { WidgetError } from './widget'
import { SalesChart } from './sales-chart'
import { MethodBreakdown } from './method-breakdown'
import { useBusinessRole } from '@/lib/business-role'
import { LatestPayments } from './latest-payments'

type Period = keyof Dashboard['totals']

const PERIODS: Period[] = ['today', 'last7Days', 'last30Days']

export function SalesDashboardPage({
  businessId,
  notice,
}: {
  businessId: string
  /** what the business must still do before it takes every payment (shown first) */
  notice?: ReactNode
}) {
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
        {notice}
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

function KpiTiles({ query }: { query: DashboardQuery }) {
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

/**
 * Where a cashier starts: each way of taking a payment the business's wallet can take, Lightning
 * first (on chain and tips once the server says the wallet takes them).
 */
function TakePaymentActions({ businessId }: { businessId: string }) {
  const { allows } = useBusinessRole(businessId)
  if (!allows('payments.take')) return null
  return <TakePaymentLinks businessId={businessId} />
}

function TakePaymentLinks({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const capabilities = useWalletCapabilities(businessId)
  const pages = [
    capabilities?.onchain
      ? (['/$businessId/bitcoin/take-payments/onchain-payment', t('pages.onchainPayment')] as const)
      : null,
    ['/$businessId/bitcoin/take-payments/ecash-payment', t('pages.ecashPayment')] as const,
    capabilities?.descriptionHash
      ? (['/$businessId/bitcoin/take-payments/lightning-tips', t('pages.lightningTips')] as const)
      : null,
  ].filter((page) => page !== null)
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
  const { allows } = useBusinessRole(businessId)
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Receipt className="size-6" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">{t('sales.dashboard.empty.title')}</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {t('sales.dashboard.empty.description')}
      </p>
      {allows('payments.take') && (
        <Button asChild className="mt-2">
          <Link to="/$businessId/bitcoin/take-payments/lightning-payment" params={{ businessId }}>
            {t('sales.takePayment')}
          </Link>
        </Button>
      )}
    </Card>
  )
}
