/**
 * One payment in full, over the transaction list: amounts, method and status, when it was made
 * and settled, its memo, the device and staff member that took it, tip, fee, refunds, and the
 * transaction id or payment hash to copy. A panel at the right on wide screens, the whole screen
 * on a phone; its URL names the payment (`?payment=<id>`, the id in the CSV).
 */
import { Dialog as DialogPrimitive } from 'radix-ui'
import { SearchX, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { parseAppError } from '@/lib/app-error'
import { formatFiatNarrow, formatSatNumber } from '@/lib/money-format'
import { Amount } from './amount'
import { MethodLabel, StatusBadge } from './payment-labels'
import { RefundBadge } from './refund-badge'
import { formatDateTime } from './sales-format'
import { Skeleton } from './skeleton'
import { usePayment, type PaymentDetail } from './use-sales'
import { WidgetError } from './widget'

export function PaymentDetailSheet({
  businessId,
  paymentId,
  onClose,
}: {
  businessId: string
  paymentId: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-foreground/30 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex animate-fade-in flex-col bg-card shadow-xl outline-none sm:left-auto sm:w-[28rem] sm:border-l sm:border-border"
        >
          <header className="flex items-center justify-between gap-3 border-b border-border px-5 py-3">
            <DialogPrimitive.Title className="text-base font-semibold">
              {t('sales.detail.title')}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="-mr-2 cursor-pointer rounded-md p-2 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/25"
              aria-label={t('sales.detail.close')}
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </header>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            <PaymentDetailBody businessId={businessId} paymentId={paymentId} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

function PaymentDetailBody({ businessId, paymentId }: { businessId: string; paymentId: string }) {
  const { t } = useTranslation()
  const query = usePayment(businessId, paymentId)
  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-4 w-24" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    )
  }
  if (query.isError) {
    return parseAppError(query.error).code === 'NOT_FOUND' ? (
      <div role="alert" className="flex flex-col items-center gap-2 py-10 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t('sales.detail.notFound.title')}</p>
        <p className="max-w-xs text-sm text-muted-foreground">
          {t('sales.detail.notFound.description')}
        </p>
      </div>
    ) : (
      <WidgetError onRetry={() => void query.refetch()} />
    )
  }
  return <PaymentFacts p={query.data} />
}

function PaymentFacts({ p }: { p: PaymentDetail }) {
  const { t } = useTranslation()
  const isSettled = p.status === 'settled'
  const sats = (amount: number) => t('sales.amount.sats', { amount: formatSatNumber(amount) })
  const money = (sat: number, fiatMinor: number | null) =>
    fiatMinor === null ? sats(sat) : `${formatFiatNarrow(fiatMinor, p.currency)} · ${sats(sat)}`

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Amount
          fiatMinor={p.fiatMinor}
          currency={p.currency}
          amountSat={isSettled ? p.receivedSat : p.amountSat}
          size="lg"
          align="start"
          isDimmed={!isSettled}
        />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={p.status} />
          <RefundBadge state={p.refundState} />
          <MethodLabel method={p.method} className="ml-1 text-muted-foreground" />
        </div>
      </div>

      <dl className="divide-y divide-border border-y border-border text-sm">
        <Fact term={t('sales.detail.created')}>
          <time dateTime={p.createdAt.toISOString()}>{formatDateTime(p.createdAt)}</time>
        </Fact>
        <Fact term={t('sales.detail.settled')}>
          {p.settledAt ? (
            <time dateTime={p.settledAt.toISOString()}>{formatDateTime(p.settledAt)}</time>
          ) : (
            <span className="text-muted-foreground">{t('sales.detail.notSettled')}</span>
          )}
        </Fact>
        {isSettled && p.receivedSat !== p.amountSat && (
          <Fact term={t('sales.detail.requested')}>{sats(p.amountSat)}</Fact>
        )}
        <Fact term={t('sales.detail.memo')}>
          {p.memo ? (
            <span className="break-words whitespace-pre-wrap">{p.memo}</span>
          ) : (
            <span className="text-muted-foreground">{t('sales.noMemo')}</span>
          )}
        </Fact>
        <Fact term={t('sales.detail.device')}>
          {p.deviceName ?? <span className="text-muted-foreground">{t('sales.detail.none')}</span>}
        </Fact>
        <Fact term={t('sales.detail.staff')}>
          {p.staffName ?? <span className="text-muted-foreground">{t('sales.detail.none')}</span>}
        </Fact>
        {p.orderReference && (
          <Fact term={t('sales.detail.orderReference')}>
            <span className="break-all">{p.orderReference}</span>
          </Fact>
        )}
        {/* a tip page's payment is a tip as a whole; a tip beside it is a terminal's */}
        {(p.tip || p.method !== 'tip') && (
          <Fact term={t('sales.detail.tip')}>
            {p.tip ? (
              money(p.tip.sat, p.tip.fiatMinor)
            ) : (
              <span className="text-muted-foreground">{t('sales.detail.noTip')}</span>
            )}
          </Fact>
        )}
        <Fact term={t('sales.detail.fee')}>{sats(p.feeSat)}</Fact>
        {p.method === 'onchain' && p.status !== 'expired' && p.status !== 'failed' && (
          <Fact term={t('sales.detail.confirmations')}>{p.confirmations}</Fact>
        )}
        {p.failureReason && (
          <Fact term={t('sales.detail.failureReason')}>
            <span className="break-words">{p.failureReason}</span>
          </Fact>
        )}
      </dl>

      <div className="space-y-4">
        {p.txid && (
          <Reference
            label={t('sales.detail.txid')}
            value={p.txid}
            copyLabel={t('sales.detail.copyTxid')}
          />
        )}
        {!p.txid && p.address && (
          <Reference
            label={t('sales.detail.address')}
            value={p.address}
            copyLabel={t('sales.detail.copyAddress')}
          />
        )}
        {p.paymentHash && (
          <Reference
            label={t('sales.detail.paymentHash')}
            value={p.paymentHash}
            copyLabel={t('sales.detail.copyPaymentHash')}
          />
        )}
        <Reference
          label={t('sales.detail.paymentId')}
          value={p.id}
          copyLabel={t('sales.detail.copyPaymentId')}
        />
      </div>

      <section aria-labelledby="payment-refunds" className="space-y-2">
        <h3 id="payment-refunds" className="text-sm font-semibold">
          {t('sales.detail.refunds')}
        </h3>
        {p.refunds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sales.detail.noRefunds')}</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border text-sm">
            {p.refunds.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-3 px-3 py-2.5">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium">{t(`terminalReports.state.${r.state}`)}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={r.createdAt}>{formatDateTime(new Date(r.createdAt))}</time>
                    {r.staffName || r.deviceName
                      ? ` · ${[r.staffName, r.deviceName].filter(Boolean).join(' · ')}`
                      : ''}
                  </p>
                  {r.failureReason && (
                    <p className="text-xs break-words text-destructive">{r.failureReason}</p>
                  )}
                </div>
                <Amount fiatMinor={r.fiatMinor} currency={r.currency} amountSat={r.amountSat} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2.5">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}

/** A long identifier, shown whole so it can be compared, with a button that copies it. */
function Reference({
  label,
  value,
  copyLabel,
}: {
  label: string
  value: string
  copyLabel: string
}) {
  const { t } = useTranslation()
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{label}</p>
        <CopyButton value={value} label={t('sales.detail.copy')} aria-label={copyLabel} size="sm" />
      </div>
      <code className="block rounded-md bg-muted px-2.5 py-1.5 font-mono text-xs break-all">
        {value}
      </code>
    </div>
  )
}
