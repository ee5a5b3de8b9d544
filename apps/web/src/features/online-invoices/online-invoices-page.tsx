import { INVOICE_STATUSES, type InvoiceStatus, type TInvoice } from '@app/domain'
import { FileText } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState, ListLoadFailed, ListPending, LoadMore } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Card } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { formatDate } from '@/lib/format'
import { InvoiceDetailSheet } from './invoice-detail'
import { InvoiceExceptionBadge, InvoiceStatusBadge, useInvoiceMoney } from './invoice-labels'
import { useLinkNames, useOnlineInvoices } from './use-online-invoices'

/**
 * The business's online invoices (from payment links and the invoice API), newest first, with
 * their state; a row opens the invoice in full with what the merchant can do about it.
 */
export function OnlineInvoicesPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const [status, setStatus] = useState<InvoiceStatus | undefined>(undefined)
  const [openId, setOpenId] = useState<string | null>(null)
  const query = useOnlineInvoices(businessId, status)
  const linkNames = useLinkNames(businessId)
  const invoices = query.data?.pages.flatMap((p) => p.invoices) ?? []

  return (
    <>
      <PageHeader
        title={t('onlineInvoices.title')}
        description={t('onlineInvoices.intro')}
        actions={
          <div className="flex items-center gap-2">
            <Label htmlFor="invoice-status-filter" className="text-muted-foreground">
              {t('onlineInvoices.filter.label')}
            </Label>
            <NativeSelect
              id="invoice-status-filter"
              className="w-44"
              value={status ?? ''}
              onChange={(e) =>
                setStatus(e.target.value === '' ? undefined : (e.target.value as InvoiceStatus))
              }
            >
              <option value="">{t('onlineInvoices.filter.all')}</option>
              {INVOICE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`onlineInvoices.status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        }
      />
      {query.isPending ? (
        <ListPending />
      ) : query.isError && invoices.length === 0 ? (
        <ListLoadFailed
          title={t('onlineInvoices.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      ) : invoices.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={status ? t('onlineInvoices.empty.filteredTitle') : t('onlineInvoices.empty.title')}
          description={
            status ? t('onlineInvoices.empty.filteredMessage') : t('onlineInvoices.empty.message')
          }
        />
      ) : (
        <>
          <Card className="overflow-hidden p-0">
            <table className="w-full text-sm" aria-label={t('onlineInvoices.title')}>
              <thead className="border-b border-border bg-muted/40 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                    {t('onlineInvoices.columns.created')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('onlineInvoices.columns.description')}
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    {t('onlineInvoices.columns.amount')}
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('onlineInvoices.columns.status')}
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                    {t('onlineInvoices.columns.source')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {invoices.map((invoice) => (
                  <InvoiceRow
                    key={invoice.id}
                    invoice={invoice}
                    source={sourceOf(invoice, linkNames, t('onlineInvoices.sourceApi'))}
                    onOpen={() => setOpenId(invoice.id)}
                  />
                ))}
              </tbody>
            </table>
          </Card>
          <LoadMore
            query={query}
            loadMoreLabel={t('onlineInvoices.loadMore')}
            shownLabel={t('onlineInvoices.allShown', { count: invoices.length })}
            failedLabel={t('onlineInvoices.loadMoreFailed')}
          />
        </>
      )}
      {openId && (
        <InvoiceDetailSheet
          businessId={businessId}
          invoiceId={openId}
          linkNames={linkNames}
          onClose={() => setOpenId(null)}
        />
      )}
    </>
  )
}

export function sourceOf(invoice: TInvoice, linkNames: Map<string, string>, api: string): string {
  if (!invoice.paymentLinkId) return api
  return linkNames.get(invoice.paymentLinkId) ?? invoice.paymentLinkId
}

function InvoiceRow({
  invoice,
  source,
  onOpen,
}: {
  invoice: TInvoice
  source: string
  onOpen: () => void
}) {
  const { t } = useTranslation()
  const money = useInvoiceMoney()
  const created = formatDate(new Date(invoice.createdAt), { timeStyle: 'short' })
  const title = invoice.orderId ?? (invoice.description || t('onlineInvoices.noDescription'))
  return (
    <tr
      className="cursor-pointer align-top hover:bg-accent/50"
      onClick={onOpen}
      data-testid="invoice-row"
    >
      <td className="hidden px-4 py-3 whitespace-nowrap text-muted-foreground sm:table-cell">
        {created}
      </td>
      <td className="max-w-0 px-4 py-3 sm:max-w-64">
        <button
          type="button"
          className="block w-full cursor-pointer truncate text-left font-medium outline-none focus-visible:underline"
          onClick={(e) => {
            e.stopPropagation()
            onOpen()
          }}
        >
          {title}
        </button>
        {invoice.orderId && invoice.description && (
          <span className="block truncate text-xs text-muted-foreground">
            {invoice.description}
          </span>
        )}
        <span className="block text-xs text-muted-foreground sm:hidden">{created}</span>
        <span className="block truncate text-xs text-muted-foreground md:hidden">{source}</span>
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        <span className="font-medium tabular-nums">
          {money.amount(invoice.amount, invoice.currency)}
        </span>
        {invoice.currency !== 'SAT' && (
          <span className="block text-xs text-muted-foreground tabular-nums">
            {money.sats(invoice.amountSat)}
          </span>
        )}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-start gap-1">
          <InvoiceStatusBadge status={invoice.status} />
          <InvoiceExceptionBadge exception={invoice.exception} />
        </div>
      </td>
      <td className="hidden max-w-48 truncate px-4 py-3 text-muted-foreground md:table-cell">
        {source}
      </td>
    </tr>
  )
}
