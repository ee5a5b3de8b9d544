/**
 * One online invoice in full, over the invoice list: its amounts and state, its checkout page,
 * order details and metadata, and what the merchant can do about it (call off an unpaid
 * invoice; accept an on-chain part payment or call the invoice off; refund an overpayment).
 * A panel at the right on wide screens, the whole screen on a phone.
 */
import type { TInvoice } from '@app/domain'
import { AlertTriangle, ExternalLink, SearchX, X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { ListLoadFailed, ListPending } from '@/components/list-states'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { parseAppError } from '@/lib/app-error'
import { useBusinessRole } from '@/lib/business-role'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { ConfirmActionDialog } from './confirm-action-dialog'
import { InvoiceExceptionBadge, InvoiceStatusBadge, useInvoiceMoney } from './invoice-labels'
import { useInvoiceMutations, useOnlineInvoice } from './use-online-invoices'

export function InvoiceDetailSheet({
  businessId,
  invoiceId,
  linkNames,
  onClose,
}: {
  businessId: string
  invoiceId: string
  linkNames: Map<string, string>
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-foreground/30 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex animate-fade-in flex-col bg-card shadow-xl outline-none sm:left-auto sm:w-[30rem] sm:border-l sm:border-border"
        >
          <header className="flex items-center justify-between gap-3 border-b border-border px-5 py-3">
            <DialogPrimitive.Title className="text-base font-semibold">
              {t('onlineInvoices.detail.title')}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="-mr-2 cursor-pointer rounded-md p-2 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/25"
              aria-label={t('onlineInvoices.detail.close')}
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </header>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            <DetailBody businessId={businessId} invoiceId={invoiceId} linkNames={linkNames} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

function DetailBody({
  businessId,
  invoiceId,
  linkNames,
}: {
  businessId: string
  invoiceId: string
  linkNames: Map<string, string>
}) {
  const { t } = useTranslation()
  const query = useOnlineInvoice(businessId, invoiceId)
  if (query.isPending) return <ListPending />
  if (query.isError) {
    return parseAppError(query.error).code === 'NOT_FOUND' ? (
      <div role="alert" className="flex flex-col items-center gap-2 py-10 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t('onlineInvoices.detail.notFound')}</p>
      </div>
    ) : (
      <ListLoadFailed
        title={t('onlineInvoices.detail.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    )
  }
  return <InvoiceFacts businessId={businessId} invoice={query.data} linkNames={linkNames} />
}

type Pending = 'invalidate' | 'accept' | null

function InvoiceFacts({
  businessId,
  invoice: i,
  linkNames,
}: {
  businessId: string
  invoice: TInvoice
  linkNames: Map<string, string>
}) {
  const { t } = useTranslation()
  const money = useInvoiceMoney()
  const canManage = useBusinessRole(businessId).allows('paymentLinks.manage')
  const m = useInvoiceMutations()
  const [confirming, setConfirming] = useState<Pending>(null)
  const when = (iso: string | null) =>
    iso ? formatDate(new Date(iso), { timeStyle: 'short' }) : null
  const source = i.paymentLinkId
    ? t('onlineInvoices.detail.fromLink', {
        name: linkNames.get(i.paymentLinkId) ?? i.paymentLinkId,
      })
    : t('onlineInvoices.sourceApi')
  const isOpen = i.status === 'new' || i.status === 'processing'
  const canInvalidate = canManage && i.status === 'new'
  const canAccept = canManage && i.exception === 'paid_partial' && isOpen

  const run = async (action: Exclude<Pending, null>) => {
    try {
      if (action === 'invalidate') {
        await m.invalidate.mutateAsync({ businessId, invoiceId: i.id })
        notify.success(t('onlineInvoices.toast.invalidated'))
      } else {
        await m.acceptPartial.mutateAsync({ businessId, invoiceId: i.id })
        notify.success(t('onlineInvoices.toast.accepted'))
      }
      setConfirming(null)
    } catch (error) {
      notifyError(error, t('onlineInvoices.toast.failed'))
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <p className="text-3xl font-semibold tracking-tight tabular-nums">
          {money.amount(i.amount, i.currency)}
        </p>
        {i.currency !== 'SAT' && (
          <p className="text-sm text-muted-foreground tabular-nums">{money.sats(i.amountSat)}</p>
        )}
        <div className="flex flex-wrap items-center gap-2" data-testid="invoice-state">
          <InvoiceStatusBadge status={i.status} />
          <InvoiceExceptionBadge exception={i.exception} />
        </div>
      </div>

      <ExceptionAdvice invoice={i} />

      {(canAccept || canInvalidate) && (
        <div className="flex flex-wrap gap-2">
          {canAccept && (
            <Button onClick={() => setConfirming('accept')}>
              {t('onlineInvoices.actions.accept')}
            </Button>
          )}
          {canInvalidate && (
            <Button variant="outline" onClick={() => setConfirming('invalidate')}>
              {t('onlineInvoices.actions.invalidate')}
            </Button>
          )}
        </div>
      )}

      <dl className="divide-y divide-border border-y border-border text-sm">
        <Fact term={t('onlineInvoices.detail.received')}>{money.sats(i.receivedSat)}</Fact>
        <Fact term={t('onlineInvoices.detail.source')}>{source}</Fact>
        {i.orderId && (
          <Fact term={t('onlineInvoices.detail.orderId')}>
            <span className="break-all">{i.orderId}</span>
          </Fact>
        )}
        <Fact term={t('onlineInvoices.detail.description')}>
          {i.description ? (
            <span className="break-words whitespace-pre-wrap">{i.description}</span>
          ) : (
            <span className="text-muted-foreground">{t('onlineInvoices.noDescription')}</span>
          )}
        </Fact>
        <Fact term={t('onlineInvoices.detail.created')}>{when(i.createdAt)}</Fact>
        <Fact term={t('onlineInvoices.detail.expires')}>{when(i.expiresAt)}</Fact>
        {i.settledAt && <Fact term={t('onlineInvoices.detail.settled')}>{when(i.settledAt)}</Fact>}
        {i.invalidatedAt && (
          <Fact term={t('onlineInvoices.detail.invalidated')}>{when(i.invalidatedAt)}</Fact>
        )}
        {i.redirectUrl && (
          <Fact term={t('onlineInvoices.detail.redirectUrl')}>
            <span className="break-all">{i.redirectUrl}</span>
          </Fact>
        )}
        <Fact term={t('onlineInvoices.detail.invoiceId')}>
          <span className="font-mono text-xs break-all">{i.id}</span>
        </Fact>
      </dl>

      <section className="space-y-2" aria-labelledby="invoice-checkout">
        <h3 id="invoice-checkout" className="text-sm font-semibold">
          {t('onlineInvoices.detail.checkout')}
        </h3>
        <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all">{i.checkoutUrl}</p>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={i.checkoutUrl} label={t('onlineInvoices.detail.copy')} size="sm" />
          <Button asChild variant="outline" size="sm">
            <a href={i.checkoutUrl} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              {t('onlineInvoices.detail.open')}
            </a>
          </Button>
        </div>
      </section>

      {i.address && (
        <section className="space-y-2" aria-labelledby="invoice-address">
          <h3 id="invoice-address" className="text-sm font-semibold">
            {t('onlineInvoices.detail.address')}
          </h3>
          <p className="font-mono text-xs break-all">{i.address}</p>
        </section>
      )}

      <section className="space-y-2" aria-labelledby="invoice-metadata">
        <h3 id="invoice-metadata" className="text-sm font-semibold">
          {t('onlineInvoices.detail.metadata')}
        </h3>
        {Object.keys(i.metadata).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('onlineInvoices.detail.noMetadata')}</p>
        ) : (
          <pre className="max-h-64 overflow-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">
            {JSON.stringify(i.metadata, null, 2)}
          </pre>
        )}
      </section>

      <ConfirmActionDialog
        open={confirming === 'accept'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('onlineInvoices.accept.title')}
        description={t('onlineInvoices.accept.description', {
          received: money.sats(i.receivedSat),
          asked: money.sats(i.amountSat),
        })}
        confirmLabel={t('onlineInvoices.accept.confirm')}
        isPending={m.acceptPartial.isPending}
        onConfirm={() => void run('accept')}
      />
      <ConfirmActionDialog
        open={confirming === 'invalidate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('onlineInvoices.invalidate.title')}
        description={
          i.exception === 'paid_partial'
            ? t('onlineInvoices.invalidate.descriptionPartial', {
                received: money.sats(i.receivedSat),
              })
            : t('onlineInvoices.invalidate.description')
        }
        confirmLabel={t('onlineInvoices.invalidate.confirm')}
        isDestructive
        isPending={m.invalidate.isPending}
        onConfirm={() => void run('invalidate')}
      />
    </div>
  )
}

/** What went unusually with the money, and what the merchant can do about it. */
function ExceptionAdvice({ invoice: i }: { invoice: TInvoice }) {
  const { t } = useTranslation()
  const money = useInvoiceMoney()
  const received = money.sats(i.receivedSat)
  const asked = money.sats(i.amountSat)
  let title: string
  let body: string
  if (i.exception === 'paid_partial') {
    title = t('onlineInvoices.advice.partial.title', { received, asked })
    body =
      i.status === 'settled'
        ? t('onlineInvoices.advice.partial.accepted')
        : i.status === 'invalid' || i.status === 'expired'
          ? t('onlineInvoices.advice.partial.closed')
          : t('onlineInvoices.advice.partial.open')
  } else if (i.exception === 'paid_over') {
    title = t('onlineInvoices.advice.over.title', {
      extra: money.sats(Math.max(0, i.receivedSat - i.amountSat)),
    })
    body = t('onlineInvoices.advice.over.body')
  } else if (i.exception === 'paid_late') {
    title = t('onlineInvoices.advice.late.title')
    body = t('onlineInvoices.advice.late.body')
  } else {
    return null
  }
  return (
    <Alert variant="warning" data-testid="invoice-advice">
      <AlertTriangle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{body}</AlertDescription>
    </Alert>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-right">{children}</dd>
    </div>
  )
}
