import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, KeyRound, ServerCrash, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Alert, AlertTitle } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { formatDate } from '@/lib/format'
import { appErrorMessage, notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { useStepUp } from '@/components/step-up-fields'
import { useBusinessCurrency, useFiatOf } from '@/components/payments/use-fiat-of'
import { btcTextToSat, withFiat } from '@/lib/money-beside'
import { formatBtc, formatSatNumber } from '@/lib/money-format'
import { ReplaceConnectionCard, showRefusal, useFieldError } from './replace-connection-form'

const PERMISSIONS = ['queryFunds', 'deposit', 'withdraw'] as const

/**
 * The business's exchange account: the API key (last four characters only), what it may do
 * (each checked with a signed call), balances, the withdrawal destinations registered on the
 * exchange, and replacing the keys.
 */
export function ExchangeDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const details = useQuery(
    trpc.walletDetails.exchange.queryOptions({ businessId }, { staleTime: 0, retry: false }),
  )
  const currency = useBusinessCurrency(businessId)
  const [apiKey, setApiKey] = useState('')
  const [secretKey, setSecretKey] = useState('')
  const field = useFieldError()
  const stepUp = useStepUp()
  const replace = useMutation(
    trpc.walletDetails.replaceExchangeKeys.mutationOptions({
      onSuccess: async () => {
        setApiKey('')
        stepUp.reset()
        setSecretKey('')
        notify.success(t('nodeAdmin.exchange.replaced'))
        await queryClient.invalidateQueries({ queryKey: trpc.walletDetails.exchange.queryKey() })
      },
      onError: (error) => showRefusal(error, stepUp, field),
    }),
  )

  const header = (
    <PageHeader
      title={t('pages.exchangeDetails')}
      description={t('nodeAdmin.exchange.description')}
    />
  )
  if (details.isPending) {
    return (
      <>
        {header}
        <PagePending />
      </>
    )
  }
  return (
    <>
      {header}
      <div className="grid max-w-3xl gap-6">
        {details.isError ? (
          <Alert variant="destructive">
            <ServerCrash aria-hidden />
            <AlertTitle>{appErrorMessage(parseAppError(details.error))}</AlertTitle>
          </Alert>
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle>{t('nodeAdmin.exchange.accountTitle')}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-5 text-sm">
                <dl className="grid gap-4 sm:grid-cols-2">
                  <div className="grid gap-0.5">
                    <dt className="text-xs text-muted-foreground">
                      {t('nodeAdmin.exchange.apiKey')}
                    </dt>
                    <dd className="font-mono font-medium" data-testid="api-key">
                      {details.data.apiKeyMasked}
                    </dd>
                  </div>
                  <div className="grid gap-0.5">
                    <dt className="text-xs text-muted-foreground">
                      {t('nodeAdmin.nwc.connectedAt')}
                    </dt>
                    <dd className="font-medium">
                      {formatDate(new Date(details.data.connectedAt))}
                    </dd>
                  </div>
                </dl>
                <section className="grid gap-2">
                  <h3 className="text-xs text-muted-foreground">
                    {t('nodeAdmin.exchange.permissions')}
                  </h3>
                  <ul className="grid gap-1.5">
                    {PERMISSIONS.map((p) => {
                      const isAllowed = details.data.permissions[p]
                      return (
                        <li key={p} className="flex items-center gap-2">
                          {isAllowed ? (
                            <Check className="size-4 text-success" aria-hidden />
                          ) : (
                            <X className="size-4 text-destructive" aria-hidden />
                          )}
                          <span>{t(`nodeAdmin.exchange.permission.${p}`)}</span>
                          <span className="sr-only">
                            {isAllowed
                              ? t('nodeAdmin.exchange.allowed')
                              : t('nodeAdmin.exchange.notAllowed')}
                          </span>
                        </li>
                      )
                    })}
                  </ul>
                </section>
                <section className="grid gap-2">
                  <h3 className="text-xs text-muted-foreground">
                    {t('nodeAdmin.exchange.balances')}
                  </h3>
                  <ul className="grid gap-1">
                    {details.data.balances.map((b) => (
                      <ExchangeBalance
                        key={b.asset}
                        asset={b.asset}
                        amount={b.amount}
                        currency={currency}
                      />
                    ))}
                  </ul>
                </section>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('nodeAdmin.exchange.destinationsTitle')}</CardTitle>
                <CardDescription>{t('nodeAdmin.exchange.destinationsDescription')}</CardDescription>
              </CardHeader>
              <CardContent>
                {details.data.withdrawalDestinations.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    {t('nodeAdmin.exchange.noDestinations')}
                  </p>
                ) : (
                  <ul className="grid gap-2" aria-label={t('nodeAdmin.exchange.destinationsTitle')}>
                    {details.data.withdrawalDestinations.map((d) => (
                      <li
                        key={d.name}
                        className="grid gap-1 rounded-lg border border-border p-3 text-sm"
                      >
                        <span className="flex flex-wrap items-center justify-between gap-2">
                          <span className="font-medium">{d.name}</span>
                          <span className="text-xs text-muted-foreground">{d.method}</span>
                        </span>
                        <code className="font-mono text-xs break-all text-muted-foreground">
                          {d.address}
                        </code>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </>
        )}
        <ReplaceConnectionCard
          title={t('nodeAdmin.exchange.replaceTitle')}
          description={t('nodeAdmin.exchange.replaceDescription')}
          submitLabel={t('nodeAdmin.exchange.replaceSubmit')}
          isPending={replace.isPending}
          stepUp={stepUp}
          onSubmit={() => {
            if (apiKey.trim() === '' || secretKey.trim() === '') return field.required()
            field.setError(undefined)
            replace.mutate({
              businessId,
              apiKey: apiKey.trim(),
              secretKey: secretKey.trim(),
              ...(stepUp.isFilled ? stepUp.proof() : {}),
            })
          }}
        >
          <FormField id="exchange-api-key" label={t('nodeAdmin.exchange.newApiKey')}>
            <FormControl>
              <Input
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value)}
              />
            </FormControl>
          </FormField>
          <FormField
            id="exchange-secret"
            label={t('nodeAdmin.exchange.newSecret')}
            error={field.error}
          >
            <FormControl>
              <PasswordInput
                autoComplete="off"
                maxLength={300}
                value={secretKey}
                onChange={(e) => setSecretKey(e.target.value)}
              />
            </FormControl>
          </FormField>
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <KeyRound className="size-3.5" aria-hidden />
            {t('nodeAdmin.exchange.replaceHint')}
          </p>
        </ReplaceConnectionCard>
      </div>
    </>
  )
}

/**
 * One balance as the exchange reports it; bitcoin (Kraken's XXBT or XBT) in BTC with at most
 * eight decimals, and in sats and the business's currency beside it.
 */
function ExchangeBalance({
  asset,
  amount,
  currency,
}: {
  asset: string
  amount: string
  currency: string
}) {
  const { t } = useTranslation()
  const fiatOf = useFiatOf(currency)
  const sat = asset === 'XXBT' || asset === 'XBT' ? btcTextToSat(amount) : Number.NaN
  if (Number.isNaN(sat)) {
    return (
      <li className="flex justify-between gap-2 tabular-nums">
        <span>{asset}</span>
        <span className="font-medium">{amount}</span>
      </li>
    )
  }
  return (
    <li className="flex justify-between gap-2 tabular-nums">
      <span>BTC</span>
      <span className="text-right">
        <span className="block font-medium">{formatBtc(sat)}</span>
        <span className="block text-xs text-muted-foreground">
          {withFiat(t('nodeAdmin.sats', { amount: formatSatNumber(sat) }), fiatOf(sat))}
        </span>
      </span>
    </li>
  )
}
