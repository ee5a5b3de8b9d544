import { AlertTriangle, ClipboardPaste } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  MAX_FEE_RATE_SAT_VB,
  MIN_FEE_RATE_SAT_VB,
  WITHDRAWALS_PAGE_SIZE,
  fiatMinorToSat,
  satToFiatMinor,
  type OnchainPriority,
} from '@app/domain'
import { PageHeader } from '@/components/page-header'
import { QrScanButton } from '@/components/qr-scanner'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Spinner } from '@/components/ui/spinner'
import { usePrice } from '@/components/payments/payment-data'
import { parseAppError, serverErrorInfo } from '@/lib/app-error'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { appErrorMessage, notify } from '@/lib/notify'
import { ConfirmDialog } from './confirm-dialog'
import { detectDestination, newWithdrawalKey, scannedDestination, type Detected } from './detect'
import {
  mergeWithdrawals,
  useBalances,
  useCurrency,
  useNetwork,
  useOlderWithdrawals,
  useWithdrawMutations,
  useWithdrawals,
  type Quote,
  type Withdrawal,
} from './use-withdraw'
import { useFailureText, WithdrawalsList } from './withdrawals-list'

type Unit = 'sat' | 'fiat'

/** `/{businessId}/bitcoin/withdraw`: send money out to an invoice, a Lightning address or an address. */
export function WithdrawPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const network = useNetwork()
  const currency = useCurrency(businessId)
  const price = usePrice()
  const balances = useBalances(businessId)
  const failureText = useFailureText()
  const toasted = useRef(new Set<string>())

  const toastOutcome = (w: Withdrawal) => {
    if (toasted.current.has(w.id)) return
    if (w.status === 'failed') {
      toasted.current.add(w.id)
      notify.error(t('withdraw.toast.failed'), failureText(w.failureReason))
    } else if (w.status === 'succeeded') {
      toasted.current.add(w.id)
      notify.success(t('withdraw.toast.sent'))
    }
  }
  const older = useOlderWithdrawals(businessId)
  const list = useWithdrawals(businessId, (before, after) => {
    for (const w of after) {
      const was = before.find((x) => x.id === w.id)
      if (was && was.status !== w.status) toastOutcome(w)
    }
    older.keep(before.filter((w) => !after.some((x) => x.id === w.id)))
  })
  const live = list.data ?? []
  const shown = mergeWithdrawals(live, older.older)
  const canLoadMore = older.hasMore ?? live.length >= WITHDRAWALS_PAGE_SIZE
  const loadMore = async () => {
    const last = shown.at(-1)
    if (!last) return
    try {
      await older.loadAfter(last.id)
    } catch (error) {
      notify.error(appErrorMessage(parseAppError(error)))
    }
  }
  const { quote: quoteCall, confirm: confirmCall } = useWithdrawMutations()

  const [destination, setDestination] = useState('')
  const [amountText, setAmountText] = useState('')
  const [unit, setUnit] = useState<Unit>('sat')
  const [priority, setPriority] = useState<OnchainPriority>('medium')
  const [customRate, setCustomRate] = useState('')
  const [sweepAll, setSweepAll] = useState(false)
  const [quote, setQuote] = useState<Quote | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [isConfirming, setIsConfirming] = useState(false)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const key = useRef<string | null>(null)

  const b = balances.data
  const isExchange = b?.walletKind === 'exchange'
  const registered = b?.destinations.find((d) => d.key === destination)
  const detected: Detected = isExchange
    ? registered
      ? {
          state: 'ok',
          kind: 'registered',
          rail: registered.rail,
          amountSat: null,
          isAmountFixed: false,
        }
      : b.canLightning
        ? onlyInvoice(detectDestination(destination, network, true))
        : { state: 'empty' }
    : detectDestination(destination, network, b?.canLightning ?? true)
  const rail = detected.state === 'ok' ? detected.rail : null
  const minorPerBtc = price.data?.minorPerBtc[currency] ?? null
  const fixedAmount = detected.state === 'ok' && detected.isAmountFixed ? detected.amountSat : null

  const typedAmount = (): number | null => {
    const n = Number(amountText.replace(',', '.'))
    if (amountText.trim() === '' || !Number.isFinite(n)) return null
    if (unit === 'sat') return n
    return minorPerBtc ? fiatMinorToSat(Math.round(n * 100), minorPerBtc) : null
  }
  const amountSat = fixedAmount ?? (sweepAll ? null : typedAmount())
  const feeRate = priority === 'custom' ? Number(customRate) : null

  const reset = () => {
    setQuote(null)
    setProblem(null)
    key.current = null
  }

  const request = (over: Partial<{ priority: OnchainPriority; sweepAll: boolean }> = {}) => ({
    destination,
    amountSat: (over.sweepAll ?? sweepAll) ? null : amountSat,
    priority: over.priority ?? priority,
    feeRate: (over.priority ?? priority) === 'custom' ? feeRate : null,
    sweepAll: rail === 'onchain' && (over.sweepAll ?? sweepAll),
  })

  const review = async (over: Parameters<typeof request>[0] = {}) => {
    setProblem(null)
    try {
      setQuote(await quoteCall.mutateAsync({ businessId, quote: request(over) }))
    } catch (error) {
      setQuote(null)
      const given = serverErrorInfo(error).details.reason
      const reason = typeof given === 'string' && given !== '' ? ` (${given})` : ''
      setProblem(appErrorMessage(parseAppError(error)) + reason)
    }
  }

  const send = async (password: string, code: string) => {
    setConfirmError(null)
    key.current ??= newWithdrawalKey()
    try {
      const w = await confirmCall.mutateAsync({
        businessId,
        quote: request(),
        idempotencyKey: key.current,
        password,
        ...(code.trim() ? { code: code.trim() } : {}),
      })
      setIsConfirming(false)
      toastOutcome(w)
      if (w.status !== 'failed') {
        setDestination('')
        setAmountText('')
        setSweepAll(false)
      }
      reset()
    } catch (error) {
      const e = parseAppError(error)
      setConfirmError(appErrorMessage(e))
      if (
        e.code !== 'WRONG_CURRENT_PASSWORD' &&
        e.code !== 'INVALID_TWO_FACTOR_CODE' &&
        e.code !== 'TWO_FACTOR_REQUIRED'
      ) {
        key.current = null
      }
    }
  }

  const pasteDestination = async () => {
    try {
      const text = await navigator.clipboard.readText()
      setDestination(text.trim())
      reset()
    } catch {
      notify.error(t('withdraw.destination.pasteFailed'))
    }
  }

  const setMax = () => {
    if (!b) return
    reset()
    if (rail === 'onchain') {
      setSweepAll(true)
      return
    }
    setUnit('sat')
    // an exchange takes Lightning withdrawals from its one balance, its fee quoted on review
    setAmountText(String(isExchange ? b.onchainSat + b.lightningSat : b.maxLightningSat))
  }

  const destinationError = detected.state === 'error' ? t(`errors.${detected.code}`) : undefined
  const canReview =
    detected.state === 'ok' &&
    (sweepAll || fixedAmount !== null || (amountSat !== null && amountSat > 0)) &&
    (priority !== 'custom' || rail !== 'onchain' || customRate !== '')
  const sats = (n: number) => t('withdraw.sats', { amount: formatSatNumber(n) })
  const fiatOf = (n: number) =>
    minorPerBtc ? formatFiat(satToFiatMinor(n, minorPerBtc), currency) : null

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t('pages.withdraw')} description={t('withdraw.intro')} />
      {balances.isError && (
        <Alert variant="warning" className="mb-6">
          <AlertTriangle aria-hidden />
          <AlertTitle>{t('withdraw.unavailable.title')}</AlertTitle>
          <AlertDescription>{appErrorMessage(parseAppError(balances.error))}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <Card>
          <CardContent className="grid gap-6 pt-6">
            {isExchange && (
              <FormField
                id="withdraw-registered"
                label={t('withdraw.destination.label')}
                description={
                  b.destinations.length === 0 ? t('withdraw.destination.noneRegistered') : undefined
                }
              >
                <FormControl>
                  <NativeSelect
                    value={registered ? destination : ''}
                    onChange={(e) => {
                      setDestination(e.target.value)
                      reset()
                    }}
                  >
                    <option value="">{t('withdraw.destination.choose')}</option>
                    {b.destinations.map((d) => (
                      <option key={d.key} value={d.key}>
                        {`${d.key} · ${t(`withdraw.rail.${d.rail}`)}${d.address ? ` · ${d.address.slice(0, 18)}…` : ''}`}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
              </FormField>
            )}
            {isExchange && b.canLightning && (
              <FormField
                id="withdraw-exchange-invoice"
                label={t('withdraw.destination.exchangeInvoice')}
                error={registered ? undefined : destinationError}
                description={
                  !registered && detected.state === 'ok'
                    ? t('withdraw.destination.detected', {
                        kind: t(`withdraw.kind.${detected.kind}`),
                      })
                    : t('withdraw.destination.exchangeInvoiceHint')
                }
              >
                <div className="flex flex-col gap-2 sm:flex-row">
                  <FormControl>
                    <Input
                      value={registered ? '' : destination}
                      onChange={(e) => {
                        setDestination(e.target.value)
                        reset()
                      }}
                      placeholder="lnbc…"
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono text-sm"
                    />
                  </FormControl>
                  <QrScanButton
                    title={t('withdraw.destination.scanTitle')}
                    onResult={(text) => {
                      setDestination(scannedDestination(text))
                      reset()
                    }}
                  />
                </div>
              </FormField>
            )}
            {!isExchange && (
              <FormField
                id="withdraw-destination"
                label={t('withdraw.destination.label')}
                error={destinationError}
                description={
                  detected.state === 'ok'
                    ? t('withdraw.destination.detected', {
                        kind: t(`withdraw.kind.${detected.kind}`),
                      })
                    : t('withdraw.destination.hint')
                }
              >
                <div className="flex flex-col gap-2 sm:flex-row">
                  <FormControl>
                    <Input
                      value={destination}
                      onChange={(e) => {
                        setDestination(e.target.value)
                        reset()
                      }}
                      placeholder={t('withdraw.destination.placeholder')}
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono text-sm"
                    />
                  </FormControl>
                  <div className="flex gap-2">
                    <Button type="button" variant="outline" onClick={() => void pasteDestination()}>
                      <ClipboardPaste aria-hidden />
                      {t('withdraw.destination.paste')}
                    </Button>
                    <QrScanButton
                      title={t('withdraw.destination.scanTitle')}
                      onResult={(text) => {
                        setDestination(scannedDestination(text))
                        reset()
                      }}
                    />
                  </div>
                </div>
              </FormField>
            )}

            {b && rail === 'onchain' && !b.canOnchain && (
              <Alert variant="warning">
                <AlertTriangle aria-hidden />
                <AlertDescription>{t('withdraw.noOnchain')}</AlertDescription>
              </Alert>
            )}
            {b && b.walletKind === 'exchange' && (
              <Alert>
                <AlertDescription>
                  {b.canLightning
                    ? t('withdraw.exchangeLightning')
                    : t('withdraw.exchangeRegistered')}
                </AlertDescription>
              </Alert>
            )}

            <FormField
              id="withdraw-amount"
              label={t('withdraw.amount.label')}
              labelAside={
                <div className="flex gap-1" role="group" aria-label={t('withdraw.amount.unit')}>
                  {(['sat', 'fiat'] as const).map((u) => (
                    <Button
                      key={u}
                      type="button"
                      size="sm"
                      variant={unit === u ? 'secondary' : 'ghost'}
                      aria-pressed={unit === u}
                      onClick={() => {
                        setUnit(u)
                        setAmountText('')
                        reset()
                      }}
                    >
                      {u === 'sat' ? 'sats' : currency}
                    </Button>
                  ))}
                </div>
              }
              description={
                fixedAmount !== null
                  ? t('withdraw.amount.fixed')
                  : amountSat !== null && amountSat > 0
                    ? unit === 'sat'
                      ? (fiatOf(amountSat) ?? undefined)
                      : sats(amountSat)
                    : undefined
              }
            >
              <div className="flex gap-2">
                <FormControl>
                  <Input
                    inputMode="decimal"
                    value={fixedAmount !== null ? String(fixedAmount) : sweepAll ? '' : amountText}
                    placeholder={sweepAll ? t('withdraw.amount.sweepPlaceholder') : '0'}
                    disabled={fixedAmount !== null || sweepAll}
                    onChange={(e) => {
                      setAmountText(e.target.value)
                      reset()
                    }}
                  />
                </FormControl>
                <Button
                  type="button"
                  variant="outline"
                  onClick={setMax}
                  disabled={!b || fixedAmount !== null || rail === null}
                >
                  {t('withdraw.amount.max')}
                </Button>
              </div>
            </FormField>

            {rail === 'onchain' && b?.canOnchain && !isExchange && (
              <div className="grid gap-4">
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="withdraw-sweep"
                    checked={sweepAll}
                    onCheckedChange={(v) => {
                      setSweepAll(v === true)
                      reset()
                    }}
                  />
                  <Label htmlFor="withdraw-sweep">{t('withdraw.sweep.label')}</Label>
                </div>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">
                    {t('withdraw.priority.label')}
                  </legend>
                  <RadioGroup
                    value={priority}
                    onValueChange={(v) => {
                      const p = v as OnchainPriority
                      setPriority(p)
                      if (quote && p !== 'custom') void review({ priority: p })
                      else setQuote(null)
                    }}
                    className="grid gap-2 sm:grid-cols-2"
                  >
                    {(['low', 'medium', 'high', 'custom'] as const).map((p) => {
                      const option = quote?.priorities.find((o) => o.priority === p)
                      return (
                        <Label
                          key={p}
                          htmlFor={`priority-${p}`}
                          className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary"
                        >
                          <RadioGroupItem id={`priority-${p}`} value={p} className="mt-0.5" />
                          <span className="grid gap-0.5">
                            <span className="font-medium">{t(`withdraw.priority.${p}`)}</span>
                            {option && (
                              <span className="text-xs text-muted-foreground">
                                {t('withdraw.priority.detail', {
                                  rate: option.satPerVbyte,
                                  time:
                                    option.minutes < 120
                                      ? t('withdraw.priority.minutes', { count: option.minutes })
                                      : t('withdraw.priority.hours', {
                                          count: Math.round(option.minutes / 60),
                                        }),
                                  fee: formatSatNumber(option.feeSat),
                                })}
                              </span>
                            )}
                          </span>
                        </Label>
                      )
                    })}
                  </RadioGroup>
                  {priority === 'custom' && (
                    <FormField
                      id="withdraw-fee-rate"
                      label={t('withdraw.priority.customRate')}
                      description={t('withdraw.priority.customHint', {
                        min: MIN_FEE_RATE_SAT_VB,
                        max: MAX_FEE_RATE_SAT_VB,
                      })}
                    >
                      <FormControl>
                        <Input
                          inputMode="numeric"
                          value={customRate}
                          onChange={(e) => {
                            setCustomRate(e.target.value)
                            setQuote(null)
                          }}
                        />
                      </FormControl>
                    </FormField>
                  )}
                </fieldset>
              </div>
            )}

            {problem && (
              <Alert variant="destructive" role="alert">
                <AlertTriangle aria-hidden />
                <AlertDescription>{problem}</AlertDescription>
              </Alert>
            )}

            {quote && (
              <div
                className="grid gap-2 rounded-md border border-border p-4 text-sm"
                data-testid="withdraw-summary"
              >
                <Row label={t('withdraw.summary.arrives')} value={sats(quote.amountSat)} />
                <Row
                  label={
                    quote.rail === 'lightning'
                      ? t('withdraw.summary.feeLimit')
                      : t('withdraw.summary.fee', { rate: quote.satPerVbyte ?? 0 })
                  }
                  value={sats(quote.feeSat)}
                />
                {quote.reserveSat > 0 && quote.sweepAll && (
                  <Row label={t('withdraw.summary.reserve')} value={sats(quote.reserveSat)} />
                )}
                <Row label={t('withdraw.summary.total')} value={sats(quote.totalSat)} strong />
              </div>
            )}

            <div className="flex flex-wrap justify-end gap-2">
              {!quote ? (
                <Button
                  type="button"
                  onClick={() => void review()}
                  disabled={!canReview || quoteCall.isPending}
                >
                  {quoteCall.isPending && <Spinner />}
                  {t('withdraw.review')}
                </Button>
              ) : (
                <Button
                  type="button"
                  onClick={() => {
                    setConfirmError(null)
                    setIsConfirming(true)
                  }}
                >
                  {t('withdraw.continue')}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>

        <Card className="h-fit">
          <CardHeader>
            <CardTitle>{t('withdraw.balances.title')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            {!b ? (
              balances.isPending ? (
                <Spinner />
              ) : null
            ) : (
              <>
                {b.canLightning && !isExchange && (
                  <Row label={t('withdraw.balances.lightning')} value={sats(b.maxLightningSat)} />
                )}
                {b.walletKind !== 'nwc' && (
                  <Row label={t('withdraw.balances.onchain')} value={sats(b.onchainSat)} />
                )}
                {b.reserveSat > 0 && (
                  <Row label={t('withdraw.balances.reserve')} value={sats(b.reserveSat)} />
                )}
                {!isExchange && (
                  <p className="text-xs text-muted-foreground">{t('withdraw.balances.note')}</p>
                )}
              </>
            )}
          </CardContent>
        </Card>
      </div>

      <div className="mt-6">
        <WithdrawalsList
          items={shown}
          canLoadMore={canLoadMore}
          isLoadingMore={older.isLoading}
          onLoadMore={() => void loadMore()}
        />
      </div>

      <ConfirmDialog
        quote={quote}
        destination={destination}
        isOpen={isConfirming}
        isSending={confirmCall.isPending}
        error={confirmError}
        onCancel={() => setIsConfirming(false)}
        onConfirm={(password, code) => void send(password, code)}
      />
    </div>
  )
}

/** From an exchange, only a Lightning invoice may be typed; the rest must be registered there. */
function onlyInvoice(d: Detected): Detected {
  if (d.state !== 'ok') return d
  if (d.kind === 'invoice' || d.kind === 'invoiceWithAmount' || d.kind === 'bip21Lightning') {
    return d
  }
  return { state: 'error', code: 'WITHDRAW_DESTINATION_NOT_REGISTERED' }
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'font-medium' : ''}`}>
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right whitespace-nowrap tabular-nums">{value}</span>
    </div>
  )
}
