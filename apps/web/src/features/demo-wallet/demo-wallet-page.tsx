/**
 * The demo wallet (demo mode only): an outside wallet full of simulated bitcoin, to pay the
 * business and to receive its withdrawals with no terminal command. Its balance, a Lightning
 * address, invoices and on-chain addresses to withdraw to, ecash tokens to take, paying anything
 * pasted, mining a block, and what it did.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowDownLeft, ArrowLeft, ArrowUpRight, Mail, Pickaxe } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { QrCodeButton } from '@/components/payments/qr-code-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { parseAppError, serverErrorInfo } from '@/lib/app-error'
import { formatSatNumber } from '@/lib/money-format'
import { parseSatText } from '@/components/payments/sat-text'
import { appErrorMessage } from '@/lib/notify'
import { useSystemConfig } from '@/lib/use-system-config'
import { useTRPC } from '@/lib/trpc'

/** A whole positive number of sats from what was typed (the amount boxes' rule), or null. */
function satsOf(text: string): number | null {
  const sat = parseSatText(text)
  return typeof sat === 'number' && sat > 0 ? sat : null
}

/** The translated error of a failed demo action, with the simulated network's reason. */
function errorText(error: unknown): string {
  const message = appErrorMessage(parseAppError(error))
  const { reason } = serverErrorInfo(error)
  return parseAppError(error).code === 'DEMO_WALLET_FAILED' && reason
    ? `${message} ${reason}`
    : message
}

function Section({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

function AmountField({
  id,
  value,
  onChange,
  error,
  optional,
}: {
  id: string
  value: string
  onChange: (v: string) => void
  error: string | undefined
  optional?: boolean
}) {
  const { t } = useTranslation()
  return (
    <FormField
      id={id}
      label={optional ? t('demo.wallet.amountOptional') : t('demo.wallet.amount')}
      error={error}
    >
      <FormControl>
        <Input
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </FormControl>
    </FormField>
  )
}

function Result({ label, value, qr }: { label: string; value: string; qr?: string }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-3 rounded-lg border border-border bg-muted/40 p-3">
      {qr && <QrCodeButton value={qr} copyValue={value} label={label} className="max-w-48" />}
      <p className="font-mono text-xs break-all" translate="no">
        {value}
      </p>
      <CopyButton
        value={value}
        label={t('demo.wallet.copy')}
        size="sm"
        className="justify-self-start"
      />
    </div>
  )
}

function InvoiceMaker() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string>()
  const make = useMutation(trpc.demo.invoice.mutationOptions())
  function submit(e: FormEvent) {
    e.preventDefault()
    const amountSat = satsOf(amount)
    if (!amountSat) return setError(t('demo.wallet.amountInvalid'))
    setError(undefined)
    make.mutate({ amountSat, memo: t('demo.wallet.invoiceMemo') })
  }
  return (
    <Section title={t('demo.wallet.invoiceTitle')} description={t('demo.wallet.invoiceHelp')}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <AmountField id="demo-invoice-amount" value={amount} onChange={setAmount} error={error} />
        <Button type="submit" isLoading={make.isPending} className="justify-self-start">
          {t('demo.wallet.makeInvoice')}
        </Button>
      </form>
      {make.isError && <p className="text-sm text-destructive">{errorText(make.error)}</p>}
      {make.data && (
        <Result
          label={t('demo.wallet.invoiceTitle')}
          value={make.data.paymentRequest}
          qr={`LIGHTNING:${make.data.paymentRequest.toUpperCase()}`}
        />
      )}
    </Section>
  )
}

function AddressMaker({ lightningAddress }: { lightningAddress: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const make = useMutation(trpc.demo.address.mutationOptions())
  return (
    <Section title={t('demo.wallet.addressTitle')} description={t('demo.wallet.addressHelp')}>
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">
          {t('demo.wallet.lightningAddress')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm break-all" translate="no">
            {lightningAddress}
          </span>
          <CopyButton value={lightningAddress} label={t('demo.wallet.copy')} size="sm" />
        </div>
      </div>
      <Button
        type="button"
        variant="outline"
        isLoading={make.isPending}
        onClick={() => make.mutate()}
        className="justify-self-start"
      >
        {t('demo.wallet.newAddress')}
      </Button>
      {make.isError && <p className="text-sm text-destructive">{errorText(make.error)}</p>}
      {make.data && <Result label={t('demo.wallet.addressTitle')} value={make.data.address} />}
    </Section>
  )
}

function TokenMaker() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string>()
  const mint = useMutation(
    trpc.demo.mintToken.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.demo.wallet.queryFilter()),
    }),
  )
  function submit(e: FormEvent) {
    e.preventDefault()
    const amountSat = satsOf(amount)
    if (!amountSat) return setError(t('demo.wallet.amountInvalid'))
    setError(undefined)
    mint.mutate({ amountSat })
  }
  return (
    <Section title={t('demo.wallet.tokenTitle')} description={t('demo.wallet.tokenHelp')}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <AmountField id="demo-token-amount" value={amount} onChange={setAmount} error={error} />
        <Button type="submit" isLoading={mint.isPending} className="justify-self-start">
          {t('demo.wallet.mintToken')}
        </Button>
      </form>
      {mint.isError && <p className="text-sm text-destructive">{errorText(mint.error)}</p>}
      {mint.data && <Result label={t('demo.wallet.tokenTitle')} value={mint.data.token} />}
    </Section>
  )
}

function Payer() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [request, setRequest] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<{ request?: string; amount?: string }>({})
  const pay = useMutation(
    trpc.demo.pay.mutationOptions({
      onSettled: () => void queryClient.invalidateQueries(trpc.demo.wallet.queryFilter()),
    }),
  )
  function submit(e: FormEvent) {
    e.preventDefault()
    const amountSat = amount.trim() ? satsOf(amount) : null
    const next = {
      request: request.trim() ? undefined : t('demo.wallet.requestRequired'),
      amount: amount.trim() && !amountSat ? t('demo.wallet.amountInvalid') : undefined,
    }
    setErrors(next)
    if (next.request || next.amount) return
    pay.mutate({ request: request.trim(), ...(amountSat ? { amountSat } : {}) })
  }
  return (
    <Section title={t('demo.wallet.payTitle')} description={t('demo.wallet.payHelp')}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <FormField id="demo-pay-request" label={t('demo.wallet.request')} error={errors.request}>
          <FormControl>
            <Input
              autoComplete="off"
              spellCheck={false}
              value={request}
              onChange={(e) => setRequest(e.target.value)}
            />
          </FormControl>
        </FormField>
        <AmountField
          id="demo-pay-amount"
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          optional
        />
        <Button type="submit" isLoading={pay.isPending} className="justify-self-start">
          {t('demo.wallet.pay')}
        </Button>
      </form>
      {pay.isError && <p className="text-sm text-destructive">{errorText(pay.error)}</p>}
      {pay.data && (
        <p role="status" className="text-sm text-success">
          {t('demo.wallet.paidAmount', { amount: formatSatNumber(pay.data.amountSat) })}
        </p>
      )}
    </Section>
  )
}

function MineButton() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const mine = useMutation(
    trpc.demo.mine.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.demo.wallet.queryFilter()),
    }),
  )
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        isLoading={mine.isPending}
        onClick={() => mine.mutate({ blocks: 1 })}
      >
        <Pickaxe aria-hidden />
        {t('demo.wallet.mine')}
      </Button>
      {mine.data && (
        <span role="status" className="text-sm text-muted-foreground">
          {t('demo.wallet.minedTitle', { height: mine.data.height })}
        </span>
      )}
      {mine.isError && <span className="text-sm text-destructive">{errorText(mine.error)}</span>}
    </div>
  )
}

export function DemoWalletPage() {
  const { t, i18n } = useTranslation()
  const trpc = useTRPC()
  const { isDemo } = useSystemConfig()
  const wallet = useQuery({
    ...trpc.demo.wallet.queryOptions(),
    enabled: isDemo,
    refetchInterval: 3_000,
  })
  const sats = (n: number) => t('demo.wallet.sats', { amount: formatSatNumber(n) })
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'short',
    timeStyle: 'medium',
  })
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <Button variant="ghost" className="justify-self-start" onClick={() => history.back()}>
        <ArrowLeft aria-hidden />
        {t('demo.wallet.back')}
      </Button>
      <PageHeader
        title={t('demo.wallet.title')}
        description={t('demo.wallet.description')}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/demo-mailbox">
                <Mail aria-hidden />
                {t('demo.mailbox.title')}
              </Link>
            </Button>
            <MineButton />
          </>
        }
      />
      {!isDemo ? (
        <p className="text-muted-foreground">{t('demo.wallet.notDemo')}</p>
      ) : wallet.isPending ? (
        <ListPending />
      ) : wallet.isError ? (
        <ListLoadFailed title={t('demo.wallet.loadFailed')} onRetry={() => void wallet.refetch()} />
      ) : (
        <>
          <Card>
            <CardContent className="grid gap-4 pt-6 sm:grid-cols-3">
              <div>
                <p className="text-xs font-medium text-muted-foreground">
                  {t('demo.wallet.onchain')}
                </p>
                <p className="text-2xl font-semibold tabular-nums">
                  {sats(wallet.data.onchainSat)}
                </p>
                {wallet.data.unconfirmedSat !== 0 && (
                  <p className="text-xs text-muted-foreground">
                    {t('demo.wallet.unconfirmed', { amount: sats(wallet.data.unconfirmedSat) })}
                  </p>
                )}
              </div>
              <div>
                <p className="text-xs font-medium text-muted-foreground">
                  {t('demo.wallet.lightning')}
                </p>
                <p className="text-2xl font-semibold tabular-nums">
                  {sats(wallet.data.lightningSat)}
                </p>
              </div>
            </CardContent>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Payer />
            <InvoiceMaker />
            <AddressMaker lightningAddress={wallet.data.lightningAddress} />
            <TokenMaker />
          </div>
          <Section title={t('demo.wallet.historyTitle')}>
            {wallet.data.activity.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('demo.wallet.historyEmpty')}</p>
            ) : (
              <ul className="divide-y divide-border">
                {wallet.data.activity.map((a, i) => (
                  <li
                    key={`${a.txid ?? ''}${a.at}-${i}`}
                    className="flex flex-wrap items-center gap-3 py-2 text-sm"
                  >
                    {a.direction === 'in' ? (
                      <ArrowDownLeft
                        className="size-4 text-success"
                        aria-label={t('demo.wallet.in')}
                      />
                    ) : (
                      <ArrowUpRight
                        className="size-4 text-muted-foreground"
                        aria-label={t('demo.wallet.out')}
                      />
                    )}
                    <span className="font-medium tabular-nums">{sats(a.amountSat)}</span>
                    <Badge variant="outline">
                      {a.kind === 'onchain'
                        ? t('demo.wallet.kindOnchain')
                        : t('demo.wallet.kindLightning')}
                    </Badge>
                    {a.status !== 'succeeded' && (
                      <Badge variant={a.status === 'failed' ? 'destructive' : 'warning'}>
                        {a.status === 'failed' ? t('demo.wallet.failed') : t('demo.wallet.pending')}
                      </Badge>
                    )}
                    {a.confirmations !== null && (
                      <span className="text-xs text-muted-foreground">
                        {t('demo.wallet.confirmations', { count: a.confirmations })}
                      </span>
                    )}
                    {a.txid && (
                      <span
                        className="font-mono text-xs text-muted-foreground"
                        translate="no"
                        title={a.txid}
                      >
                        {a.txid.slice(0, 10)}…
                      </span>
                    )}
                    <span className="ml-auto text-xs text-muted-foreground">
                      {time.format(new Date(a.at * 1000))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </main>
  )
}
