import { INVOICE_EVENT_NAMES, type InvoiceEvent } from '@app/domain'
import { KeyRound, Plus, Send, ShieldAlert, Trash2, Webhook } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { ListEmpty, ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { AddWebhookDialog } from './add-webhook-dialog'
import { DeliveryLog } from './delivery-log'
import { useInvoiceWebhooks } from './use-invoice-webhooks'

interface Hook {
  id: string
  url: string
  events: string[]
  createdAt: Date
}

/**
 * A business's webhooks for invoice events: each URL with its events, a test call and removal;
 * a new one's signing secret shown once, here, right after it is added; and the delivery log.
 */
export function InvoiceWebhooksPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const m = useInvoiceWebhooks(businessId)
  const [adding, setAdding] = useState(false)
  const [fresh, setFresh] = useState<{ url: string; secret: string } | null>(null)
  const [removing, setRemoving] = useState<Hook | null>(null)
  const [testing, setTesting] = useState<string | null>(null)
  const hooks = m.list.data ?? []

  const add = async (input: { url: string; events: InvoiceEvent[] }) => {
    const made = await m.create.mutateAsync({ businessId, ...input })
    setFresh({ url: made.url, secret: made.secret })
    setAdding(false)
    notify.success(t('invoiceWebhooks.toast.added'))
  }

  const sendTest = async (hook: Hook) => {
    setTesting(hook.id)
    try {
      const d = await m.sendTest.mutateAsync({ businessId, webhookId: hook.id })
      if (d?.status === 'delivered') notify.success(t('invoiceWebhooks.toast.testDelivered'))
      else notify.error(t('invoiceWebhooks.toast.testFailed'))
    } catch (error) {
      notifyError(error, t('invoiceWebhooks.toast.testFailed'))
    } finally {
      setTesting(null)
    }
  }

  const remove = async () => {
    if (!removing) return
    try {
      await m.remove.mutateAsync({ businessId, webhookId: removing.id })
      notify.success(t('invoiceWebhooks.toast.removed'))
      setRemoving(null)
    } catch (error) {
      notifyError(error, t('invoiceWebhooks.toast.removeFailed'))
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={t('invoiceWebhooks.title')}
        description={t('invoiceWebhooks.intro')}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t('invoiceWebhooks.add')}
          </Button>
        }
      />

      {fresh && <SecretPanel {...fresh} onDone={() => setFresh(null)} />}

      {m.list.isPending ? (
        <ListPending />
      ) : m.list.isError ? (
        <ListLoadFailed
          title={t('invoiceWebhooks.loadFailed')}
          onRetry={() => void m.list.refetch()}
        />
      ) : hooks.length === 0 ? (
        <ListEmpty
          icon={Webhook}
          title={t('invoiceWebhooks.empty.title')}
          message={t('invoiceWebhooks.empty.message')}
        >
          <Button className="mt-4" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t('invoiceWebhooks.add')}
          </Button>
        </ListEmpty>
      ) : (
        <ul className="grid gap-4" aria-label={t('invoiceWebhooks.title')}>
          {hooks.map((hook) => (
            <li key={hook.id}>
              <Card className="grid gap-3 p-4 sm:p-6" data-testid="webhook-row">
                <div className="grid gap-1">
                  <h2 className="font-mono text-sm font-semibold break-all">{hook.url}</h2>
                  <p className="text-xs text-muted-foreground">
                    {t('invoiceWebhooks.added', {
                      when: formatDate(hook.createdAt, { dateStyle: 'medium' }),
                    })}
                  </p>
                </div>
                <EventBadges events={hook.events} />
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    isLoading={testing === hook.id}
                    disabled={testing !== null}
                    onClick={() => void sendTest(hook)}
                  >
                    <Send aria-hidden />
                    {t('invoiceWebhooks.sendTest')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-destructive hover:text-destructive"
                    onClick={() => setRemoving(hook)}
                  >
                    <Trash2 aria-hidden />
                    {t('invoiceWebhooks.remove.action')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {hooks.length > 0 && <DeliveryLog businessId={businessId} webhooks={hooks} />}

      <AddWebhookDialog
        open={adding}
        onOpenChange={setAdding}
        submitting={m.create.isPending}
        onAdd={add}
      />
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent closeLabel={t('invoiceWebhooks.cancel')}>
          <DialogHeader>
            <DialogTitle>{t('invoiceWebhooks.remove.title')}</DialogTitle>
            <DialogDescription>{t('invoiceWebhooks.remove.description')}</DialogDescription>
          </DialogHeader>
          <p className="font-mono text-sm break-all">{removing?.url}</p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('invoiceWebhooks.cancel')}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              isLoading={m.remove.isPending}
              onClick={() => void remove()}
            >
              {t('invoiceWebhooks.remove.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}

function EventBadges({ events }: { events: string[] }) {
  const { t } = useTranslation()
  if (INVOICE_EVENT_NAMES.every((e) => events.includes(e))) {
    return <Badge variant="secondary">{t('invoiceWebhooks.allEvents')}</Badge>
  }
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('invoiceWebhooks.form.events')}>
      {events.map((e) => (
        <li key={e}>
          <Badge variant="outline" className="font-mono">
            {e}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

/** The new webhook's signing secret, on the screen that made it only. */
function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <Card className="mb-6 border-primary/40" data-testid="webhook-secret">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-primary" aria-hidden />
          {t('invoiceWebhooks.secret.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Alert variant="warning">
          <ShieldAlert aria-hidden />
          <AlertTitle>{t('invoiceWebhooks.secret.onceTitle')}</AlertTitle>
          <AlertDescription>{t('invoiceWebhooks.secret.onceMessage')}</AlertDescription>
        </Alert>
        <p className="font-mono text-sm break-all text-muted-foreground">{url}</p>
        <code className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">{secret}</code>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <CopyButton value={secret} label={t('invoiceWebhooks.secret.copy')} />
        <Button variant="ghost" onClick={onDone}>
          {t('invoiceWebhooks.secret.done')}
        </Button>
      </CardFooter>
    </Card>
  )
}
