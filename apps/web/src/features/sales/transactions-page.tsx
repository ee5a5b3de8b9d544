/**
 * Every payment of the business, newest first: filters kept in the URL, pages fetched by
 * cursor with "Load more", a table on wide screens and cards on narrow ones, and the CSV
 * download of whatever the filters match; a payment opens in full over the list (its id in the
 * URL).
 */
import { Link } from '@tanstack/react-router'
import { Download, Receipt, SearchX, X } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState, LoadMore } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { DateFilter } from './date-filter'
import { MultiSelectFilter } from './filter-popover'
import { MethodLabel, StatusBadge } from './payment-labels'
import {
  csvExportHref,
  hasFilters,
  toApiFilter,
  type TransactionsSearch,
} from './transaction-filters'
import { useTransactions } from './use-sales'
import { WidgetError } from './widget'
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@app/domain'
import { TransactionTable, TransactionCards, ListSkeleton } from './transaction-list'
import { SearchBox } from './search-box'
import { PeopleFilters } from './people-filters'
import { PaymentDetailSheet } from './payment-detail'

export function TransactionsPage({
  businessId,
  search,
  onSearchChange,
}: {
  businessId: string
  search: TransactionsSearch
  onSearchChange: (next: TransactionsSearch) => void
}) {
  const { t } = useTranslation()
  // Presets count from the start of today; the day only changes at midnight.
  const filter = useMemo(() => toApiFilter(search), [search])
  const query = useTransactions(businessId, filter)
  const items = query.data?.pages.flatMap((p) => p.items) ?? []
  const isFiltered = hasFilters(search)
  const set = (patch: Partial<TransactionsSearch>) => onSearchChange({ ...search, ...patch })

  return (
    <>
      <PageHeader
        title={t('pages.transactions')}
        description={t('sales.transactions.description')}
        actions={
          <Button variant="outline" asChild>
            <a href={csvExportHref(businessId, filter)} download>
              <Download aria-hidden />
              {t('sales.transactions.exportCsv')}
            </a>
          </Button>
        }
      />

      <div
        role="search"
        aria-label={t('sales.filters.label')}
        className="mb-4 flex flex-wrap items-center gap-2"
      >
        <SearchBox value={search.q} onChange={(q) => set({ q })} />
        <MultiSelectFilter
          label={t('sales.filters.status')}
          options={PAYMENT_STATUSES}
          selected={search.status}
          onChange={(status) => set({ status })}
          renderOption={(s) => <StatusBadge status={s} />}
        />
        <MultiSelectFilter
          label={t('sales.filters.method')}
          options={PAYMENT_METHODS}
          selected={search.method}
          onChange={(method) => set({ method })}
          renderOption={(m) => <MethodLabel method={m} />}
        />
        <DateFilter
          value={{ range: search.range, from: search.from, to: search.to }}
          onChange={(range) =>
            onSearchChange({
              status: search.status,
              method: search.method,
              q: search.q,
              device: search.device,
              staff: search.staff,
              ...range,
            })
          }
        />
        <PeopleFilters
          businessId={businessId}
          device={search.device}
          staff={search.staff}
          onChange={(patch) => set(patch)}
        />
        {isFiltered && (
          <Button variant="ghost" size="sm" onClick={() => onSearchChange({})}>
            <X aria-hidden />
            {t('sales.filters.clearAll')}
          </Button>
        )}
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && items.length === 0 ? (
        <Card className="p-6">
          <WidgetError onRetry={() => void query.refetch()} />
        </Card>
      ) : items.length === 0 ? (
        isFiltered ? (
          <EmptyState
            icon={SearchX}
            title={t('sales.transactions.noMatches.title')}
            description={t('sales.transactions.noMatches.description')}
            action={
              <Button variant="outline" onClick={() => onSearchChange({})}>
                {t('sales.filters.clearAll')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Receipt}
            title={t('sales.transactions.none.title')}
            description={t('sales.transactions.none.description')}
            action={
              <Button asChild>
                <Link
                  to="/$businessId/bitcoin/take-payments/lightning-payment"
                  params={{ businessId }}
                >
                  {t('sales.takePayment')}
                </Link>
              </Button>
            }
          />
        )
      ) : (
        <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          <TransactionTable items={items} businessId={businessId} />
          <TransactionCards items={items} businessId={businessId} />
          <LoadMore
            query={query}
            loadMoreLabel={t('sales.transactions.loadMore')}
            shownLabel={t('sales.transactions.shown', { count: items.length })}
            failedLabel={t('sales.loadFailed')}
          />
        </div>
      )}

      {search.payment && (
        <PaymentDetailSheet
          businessId={businessId}
          paymentId={search.payment}
          onClose={() => onSearchChange({ ...search, payment: undefined })}
        />
      )}
    </>
  )
}
