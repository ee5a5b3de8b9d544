/**
 * Every payment of the business, newest first: filters kept in the URL, pages fetched by
 * cursor with "Load more", a table on wide screens and cards on narrow ones, and the CSV
 * download of whatever the filters match.
 */
import { Link } from '@tanstack/react-router'
import { Download, Receipt, Search, SearchX, X } from 'lucide-react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import { Amount } from './amount'
import { DateFilter } from './date-filter'
import { MultiSelectFilter } from './filter-popover'
import { MethodLabel, StatusBadge } from './payment-labels'
import { formatDateTime } from './sales-format'
import { Skeleton } from './skeleton'
import {
  csvExportHref,
  hasFilters,
  toApiFilter,
  type TransactionsSearch,
} from './transaction-filters'
import { useTransactions, type Transaction } from './use-sales'
import { WidgetError } from './widget'
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@app/domain'

const SEARCH_DEBOUNCE_MS = 300

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
              ...range,
            })
          }
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
          <TransactionTable items={items} />
          <TransactionCards items={items} />
          <div className="mt-4 flex flex-col items-center gap-2">
            {query.hasNextPage ? (
              <Button
                variant="outline"
                isLoading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {t('sales.transactions.loadMore')}
              </Button>
            ) : (
              <p className="text-xs text-muted-foreground">
                {t('sales.transactions.shown', { count: items.length })}
              </p>
            )}
            {query.isFetchNextPageError && (
              <p role="alert" className="text-sm text-destructive">
                {t('sales.loadFailed')}
              </p>
            )}
          </div>
        </div>
      )}
    </>
  )
}

/** Filters as the user types, once they pause; a cleared filter empties the box too. */
function SearchBox({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (next: string | undefined) => void
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(value ?? '')
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    if ((value ?? '') !== text.trim()) setText(value ?? '')
  }
  useEffect(() => {
    const next = text.trim()
    if (next === (value ?? '')) return
    const timer = setTimeout(() => onChange(next || undefined), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value, onChange])

  return (
    <div className="relative w-full sm:w-64">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('sales.filters.searchPlaceholder')}
        aria-label={t('sales.filters.searchLabel')}
        maxLength={200}
        className="h-8 pl-8 text-[13px]"
      />
    </div>
  )
}

function TransactionTable({ items }: { items: Transaction[] }) {
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
            <tr key={p.id} className="transition-colors hover:bg-accent/60">
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <time dateTime={p.createdAt.toISOString()}>{formatDateTime(p.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={p.status} />
              </td>
              <td className="px-4 py-3">
                <MethodLabel method={p.method} />
              </td>
              <td className="hidden px-4 py-3 text-muted-foreground xl:table-cell">
                {p.deviceId ?? ''}
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

function TransactionCards({ items }: { items: Transaction[] }) {
  const { t } = useTranslation()
  return (
    <ul className="space-y-2 md:hidden">
      {items.map((p) => (
        <li key={p.id} className="rounded-xl border border-border bg-card p-4 shadow-xs">
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
            <MethodLabel method={p.method} />
          </div>
        </li>
      ))}
    </ul>
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

function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: typeof Receipt
  title: string
  description: string
  action: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-card px-6 py-14 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
      <div className="mt-2">{action}</div>
    </div>
  )
}

function ListSkeleton() {
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
