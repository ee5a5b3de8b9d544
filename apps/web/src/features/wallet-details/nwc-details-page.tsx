import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plug, RefreshCw, WifiOff } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { parseAppError } from '@/lib/app-error'
import { formatDate } from '@/lib/format'
import { formatSatNumber } from '@/lib/money-format'
import { appErrorMessage, notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { useStepUp } from '@/components/step-up-fields'
import { ReplaceConnectionCard, showRefusal, useFieldError } from './replace-connection-form'

/**
 * The business's Nostr Wallet Connect wallet: the connection and what it grants, whether the
 * wallet answers now (with its balance and budget when it reports them), a test, and replacing
 * the connection URL.
 */
export function NwcDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const details = useQuery(trpc.walletDetails.nwc.queryOptions({ businessId }, { staleTime: 0 }))
  const test = useMutation(
    trpc.walletDetails.testNwc.mutationOptions({
      onSuccess: (r) =>
        notify.success(
          t('nodeAdmin.nwc.testOk'),
          t('nodeAdmin.nwc.testOkText', { ms: r.latencyMs }),
        ),
      onError: (error) => notifyError(error, t('nodeAdmin.nwc.testFailed')),
    }),
  )
  const [url, setUrl] = useState('')
  const field = useFieldError()
  const stepUp = useStepUp()
  const replace = useMutation(
    trpc.walletDetails.replaceNwc.mutationOptions({
      onSuccess: async () => {
        setUrl('')
        stepUp.reset()
        notify.success(t('nodeAdmin.nwc.replaced'))
        await queryClient.invalidateQueries({ queryKey: trpc.walletDetails.nwc.queryKey() })
      },
      onError: (error) => showRefusal(error, stepUp, field),
    }),
  )

  const header = (
    <PageHeader title={t('pages.nwcDetails')} description={t('nodeAdmin.nwc.description')} />
  )
  if (details.isPending) {
    return (
      <>
        {header}
        <PagePending />
      </>
    )
  }
  if (details.isError) {
    return (
      <>
        {header}
        <Alert variant="destructive">
          <WifiOff aria-hidden />
          <AlertTitle>{appErrorMessage(parseAppError(details.error))}</AlertTitle>
        </Alert>
      </>
    )
  }
  const d = details.data
  return (
    <>
      {header}
      <div className="grid max-w-3xl gap-6">
        {!d.live.isAnswering && (
          <Alert variant="destructive">
            <WifiOff aria-hidden />
            <AlertTitle>{t('nodeAdmin.nwc.notAnsweringTitle')}</AlertTitle>
            <AlertDescription>{t('nodeAdmin.nwc.notAnsweringText')}</AlertDescription>
          </Alert>
        )}
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{d.alias || t('nodeAdmin.nwc.title')}</CardTitle>
            <Badge variant={d.live.isAnswering ? 'success' : 'destructive'} data-testid="nwc-state">
              {d.live.isAnswering ? t('nodeAdmin.nwc.answering') : t('nodeAdmin.nwc.notAnswering')}
            </Badge>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <Item label={t('nodeAdmin.nwc.balance')}>
                {d.live.balanceSat === null
                  ? '—'
                  : t('nodeAdmin.sats', { amount: formatSatNumber(d.live.balanceSat) })}
              </Item>
              <Item label={t('nodeAdmin.nwc.budget')}>
                {d.live.budget
                  ? t('nodeAdmin.nwc.budgetUsed', {
                      used: formatSatNumber(d.live.budget.usedSat),
                      total: formatSatNumber(d.live.budget.totalSat),
                    })
                  : t('nodeAdmin.nwc.noBudget')}
              </Item>
              <Item label={t('nodeAdmin.nwc.relay')}>
                <span className="break-all">{d.relayUrls.join(', ')}</span>
              </Item>
              <Item label={t('nodeAdmin.nwc.connectedAt')}>
                {formatDate(new Date(d.connectedAt))}
              </Item>
              <div className="grid gap-1 sm:col-span-2">
                <dt className="text-xs text-muted-foreground">{t('nodeAdmin.nwc.walletPubkey')}</dt>
                <dd className="flex items-start gap-2">
                  <code className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all">
                    {d.walletPubkey}
                  </code>
                  <CopyButton
                    value={d.walletPubkey}
                    label={t('nodeAdmin.details.copy')}
                    size="sm"
                  />
                </dd>
              </div>
              <div className="grid gap-1.5 sm:col-span-2">
                <dt className="text-xs text-muted-foreground">{t('nodeAdmin.nwc.methods')}</dt>
                <dd className="flex flex-wrap gap-1.5">
                  {/* each in plain words, the protocol's name beside it for the curious */}
                  {d.methods.map((m) => (
                    <Badge key={m} variant="outline" className="gap-1.5" title={m}>
                      {t(`nodeAdmin.nwc.method.${m}`, { defaultValue: m })}
                      <span className="font-mono text-[10px] font-normal text-muted-foreground">
                        {m}
                      </span>
                    </Badge>
                  ))}
                </dd>
              </div>
            </dl>
          </CardContent>
          <div className="flex flex-wrap justify-end gap-2 border-t border-border bg-muted/40 px-6 py-4">
            <Button
              variant="outline"
              onClick={() => void details.refetch()}
              className="max-sm:w-full"
            >
              <RefreshCw aria-hidden />
              {t('nodeAdmin.nwc.refresh')}
            </Button>
            <Button
              onClick={() => test.mutate({ businessId })}
              isLoading={test.isPending}
              className="max-sm:w-full"
            >
              <Plug aria-hidden />
              {t('nodeAdmin.nwc.test')}
            </Button>
          </div>
        </Card>
        <ReplaceConnectionCard
          title={t('nodeAdmin.nwc.replaceTitle')}
          description={t('nodeAdmin.nwc.replaceDescription')}
          submitLabel={t('nodeAdmin.nwc.replaceSubmit')}
          isPending={replace.isPending}
          stepUp={stepUp}
          onSubmit={() => {
            if (url.trim() === '') return field.required()
            field.setError(undefined)
            replace.mutate({
              businessId,
              url: url.trim(),
              ...(stepUp.isFilled ? stepUp.proof() : {}),
            })
          }}
        >
          <FormField id="nwc-url" label={t('nodeAdmin.nwc.url')} error={field.error}>
            <FormControl>
              <Textarea
                rows={3}
                maxLength={2000}
                spellCheck={false}
                className="font-mono text-xs"
                placeholder="nostr+walletconnect://…"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            </FormControl>
          </FormField>
        </ReplaceConnectionCard>
      </div>
    </>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  )
}
