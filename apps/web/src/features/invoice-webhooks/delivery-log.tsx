import { RotateCcw, ScrollText } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState, ListLoadFailed, ListPending, LoadMore } from '@/components/list-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { eventKey } from './event-names'
import { useInvoiceWebhooks, useWebhookDeliveries } from './use-invoice-webhooks'

const STATUS_VARIANT = {
  delivered: 'success',
  pending: 'warning',
  failed: 'destructive',
} as const

const when = (d: Date) => formatDate(d, { dateStyle: 'short', timeStyle: 'medium' })

/**
 * The calls made to the business's webhooks, newest first: when, which event of which invoice,
 * delivered, waiting for a retry or given up, how many calls so far and what the last one got;
 * each can be sent again.
 */
export function DeliveryLog({
  businessId,
  webhooks,
}: {
  businessId: string
  webhooks: { id: string; url: string }[]
}) {
  const { t } = useTranslation()
  const [webhookId, setWebhookId] = useState<string>('')
  const log = useWebhookDeliveries(businessId, webhookId || undefined)
  const { redeliver } = useInvoiceWebhooks(businessId)
  const [sending, setSending] = useState<string | null>(null)
  const rows = log.data?.pages.flatMap((p) => p.items) ?? []

  const again = async (deliveryId: string) => {
    setSending(deliveryId)
    try {
      const made = await redeliver.mutateAsync({ businessId, deliveryId })
      if (made?.status === 'delivered') notify.success(t('invoiceWebhooks.toast.redelivered'))
      else notify.error(t('invoiceWebhooks.toast.redeliveryFailed'))
    } catch (error) {
      notifyError(error, t('invoiceWebhooks.toast.redeliveryFailed'))
    } finally {
      setSending(null)
    }
  }

  return (
    <Card className="mt-8" data-testid="delivery-log">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <CardTitle>{t('invoiceWebhooks.log.title')}</CardTitle>
        {webhooks.length > 1 && (
          <div className="grid gap-1.5 sm:w-72">
            <Label htmlFor="delivery-log-webhook">{t('invoiceWebhooks.log.filter')}</Label>
            <NativeSelect
              id="delivery-log-webhook"
              value={webhookId}
              onChange={(e) => setWebhookId(e.target.value)}
            >
              <option value="">{t('invoiceWebhooks.log.allWebhooks')}</option>
              {webhooks.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.url}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <ListPending />
        ) : log.isError && rows.length === 0 ? (
          <ListLoadFailed
            title={t('invoiceWebhooks.log.loadFailed')}
            onRetry={() => void log.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title={t('invoiceWebhooks.log.emptyTitle')}
            description={t('invoiceWebhooks.log.emptyMessage')}
          />
        ) : (
          <>
            <ul
              className="divide-y divide-border text-sm"
              aria-label={t('invoiceWebhooks.log.title')}
            >
              {rows.map((d) => (
                <li
                  key={d.id}
                  className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
                  data-testid="delivery-row"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <Badge variant={STATUS_VARIANT[d.status]}>
                        {t(`invoiceWebhooks.status.${d.status}`)}
                      </Badge>
                      <span className="font-medium">{t(eventKey(d.event))}</span>
                      <span className="font-mono text-xs text-muted-foreground">
                        {d.invoiceId
                          ? t('invoiceWebhooks.log.invoice', { id: d.invoiceId.slice(0, 8) })
                          : t('invoiceWebhooks.log.noInvoice')}
                      </span>
                      {d.redeliveryOf && (
                        <Badge variant="outline">{t('invoiceWebhooks.log.redelivery')}</Badge>
                      )}
                    </div>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={d.createdAt.toISOString()}>{when(d.createdAt)}</time>
                      {' · '}
                      {t('invoiceWebhooks.log.attempts', { count: d.attempts })}
                      {d.lastStatusCode !== null && ` · HTTP ${d.lastStatusCode}`}
                      {d.lastError && d.lastStatusCode === null && ` · ${d.lastError}`}
                      {d.status === 'pending' && d.attempts > 0 && (
                        <>
                          {' · '}
                          {t('invoiceWebhooks.log.nextAttempt', { when: when(d.nextAttemptAt) })}
                        </>
                      )}
                    </p>
                    {webhooks.length > 1 && !webhookId && (
                      <p className="truncate font-mono text-xs text-muted-foreground">{d.url}</p>
                    )}
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start sm:justify-self-end"
                    isLoading={sending === d.id}
                    disabled={sending !== null}
                    onClick={() => void again(d.id)}
                  >
                    <RotateCcw aria-hidden />
                    {t('invoiceWebhooks.log.redeliver')}
                  </Button>
                </li>
              ))}
            </ul>
            <LoadMore
              query={log}
              loadMoreLabel={t('invoiceWebhooks.log.loadMore')}
              shownLabel={t('invoiceWebhooks.log.shown', { count: rows.length })}
              failedLabel={t('invoiceWebhooks.log.loadFailed')}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}
