import { Webhook } from 'lucide-react'
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

function useWebhookData(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const webhooks = useQuery(trpc.pos.webhooks.queryOptions({ businessId }))
  const deliveries = useQuery({
    ...trpc.pos.deliveries.queryOptions({ businessId }),
    refetchInterval: 10_000,
  })
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: trpc.pos.webhooks.queryKey({ businessId }) })
  return {
    webhooks,
    deliveries,
    set: useMutation(trpc.pos.setWebhook.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.pos.removeWebhook.mutationOptions({ onSuccess })),
  }
}

/** The till's webhook of one device: its URL, set or replaced (the secret shown once), removed. */
export function WebhookButton({
  businessId,
  deviceId,
  deviceName,
}: {
  businessId: string
  deviceId: string
  deviceName: string
}) {
  const { t } = useTranslation()
  const data = useWebhookData(businessId)
  const current = data.webhooks.data?.find((w) => w.deviceId === deviceId)
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState('')
  const [secret, setSecret] = useState<string | null>(null)

  const close = (o: boolean) => {
    setOpen(o)
    if (!o) {
      setSecret(null)
      setUrl('')
    }
  }
  const save = async () => {
    try {
      const r = await data.set.mutateAsync({ businessId, deviceId, url })
      setSecret(r.secret)
      notify.success(t('devices.webhook.saved'))
    } catch (error) {
      notifyError(error, t('devices.webhook.saveFailed'))
    }
  }
  const remove = async () => {
    try {
      await data.remove.mutateAsync({ businessId, deviceId })
      notify.success(t('devices.webhook.removed'))
      close(false)
    } catch (error) {
      notifyError(error, t('devices.webhook.saveFailed'))
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Webhook aria-hidden />
        {current ? t('devices.webhook.on') : t('devices.webhook.action')}
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent closeLabel={t('devices.cancel')}>
          <DialogHeader>
            <DialogTitle>{t('devices.webhook.title', { name: deviceName })}</DialogTitle>
            <DialogDescription>{t('devices.webhook.intro')}</DialogDescription>
          </DialogHeader>
          {current && !secret && (
            <p className="text-sm break-all">
              {t('devices.webhook.current')}: <span className="font-mono">{current.url}</span>
            </p>
          )}
          {secret ? (
            <div className="grid gap-2" data-testid="webhook-secret">
              <p className="text-sm font-medium">{t('devices.webhook.secretOnce')}</p>
              <code className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
                {secret}
              </code>
              <CopyButton value={secret} label={t('devices.webhook.copySecret')} size="sm" />
            </div>
          ) : (
            <FormField id="webhook-url" label={t('devices.webhook.url')}>
              <FormControl>
                <Input
                  type="url"
                  placeholder="https://till.example.com/hooks/payments"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                />
              </FormControl>
            </FormField>
          )}
          <DialogFooter>
            {current && !secret && (
              <Button variant="ghost" className="text-destructive" onClick={() => void remove()}>
                {t('devices.webhook.remove')}
              </Button>
            )}
            <DialogClose asChild>
              <Button variant="outline">
                {secret ? t('devices.credentials.done') : t('devices.cancel')}
              </Button>
            </DialogClose>
            {!secret && (
              <Button
                isLoading={data.set.isPending}
                disabled={url === ''}
                onClick={() => void save()}
              >
                {t('devices.form.save')}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}

/** The last webhook deliveries of the business's devices. */
export function WebhookDeliveries({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const { deliveries } = useWebhookData(businessId)
  const rows = deliveries.data ?? []
  if (rows.length === 0) return null
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t('devices.webhook.log')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border text-sm">
          {rows.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <span className="text-muted-foreground">
                {formatDate(d.createdAt, { dateStyle: 'short', timeStyle: 'medium' })}
              </span>
              <span className="font-medium">{d.deviceName}</span>
              <span className="font-mono text-xs">{d.paymentId.slice(0, 8)}</span>
              <Badge
                variant={
                  d.status === 'delivered'
                    ? 'success'
                    : d.status === 'failed'
                      ? 'destructive'
                      : 'warning'
                }
              >
                {t(`devices.webhook.status.${d.status}`)}
              </Badge>
              <span className="text-muted-foreground">
                {t('devices.webhook.attempts', { count: d.attempts })}
                {d.lastStatusCode ? ` · HTTP ${d.lastStatusCode}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
