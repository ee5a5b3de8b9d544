/**
 * Refunding one payment: what was paid, refunded and remains; the amount (in the payment's
 * fiat value or in sats, all of what remains at a tap); and how the customer gets it: a QR code
 * their wallet scans (LNURL-withdraw), or their invoice, Lightning address or Bitcoin address.
 */
import type { RefundBasis } from '@app/domain'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ArrowLeft, QrCode, Send } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { appErrorMessage } from '@/lib/notify'
import { parseAppError } from '@/lib/app-error'
import { useTRPC } from '@/lib/trpc'
import { minorToInput, newRefundKey, parseRefundAmount } from './refund-amount'
import { RefundOutcome } from './refund-outcome'
import { RefundList } from './refund-list'
import { useMoney, type RefundResult } from './use-reports'

export function RefundForm({ paymentId, onDone }: { paymentId: string; onDone: () => void }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const found = useQuery(trpc.refunds.payment.queryOptions({ paymentId }))
  const create = useMutation(trpc.refunds.create.mutationOptions())
  const [basis, setBasis] = useState<RefundBasis | null>(null)
  const [amount, setAmount] = useState('')
  const [payout, setPayout] = useState<'lnurl' | 'destination'>('lnurl')
  const [destination, setDestination] = useState('')
  const [key] = useState(newRefundKey)
  const [result, setResult] = useState<RefundResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const payment = found.data?.payment
  const money = useMoney(payment?.currency ?? 'USD')

  const back = (
    <Button variant="ghost" className="no-print w-fit" onClick={onDone}>
      <ArrowLeft aria-hidden />
      {t('terminalReports.refunds.back')}
    </Button>
  )
  if (found.error) {
    return (
      <div className="mx-auto grid w-full max-w-2xl gap-3 p-4">
        {back}
        <p role="alert" className="text-destructive">
          {appErrorMessage(parseAppError(found.error))}
        </p>
      </div>
    )
  }
  if (!payment) return <Spinner className="mx-auto mt-8" />
  if (result) return <RefundOutcome refund={result} onDone={onDone} />

  const hasFiat = payment.fiatMinor !== null && payment.fiatMinor > 0
  const unit: RefundBasis = basis ?? (hasFiat ? 'fiat' : 'sat')
  const remainingFiat = hasFiat ? (payment.fiatMinor ?? 0) - payment.refundedFiatMinor : 0
  const all = () =>
    setAmount(unit === 'fiat' ? minorToInput(remainingFiat) : String(payment.remainingSat))
  const parsed = parseRefundAmount(amount, unit)
  const canSend =
    parsed !== null && (payout === 'lnurl' || destination.trim() !== '') && !create.isPending

  const submit = async () => {
    if (parsed === null) return
    setError(null)
    try {
      setResult(
        await create.mutateAsync({
          paymentId,
          basis: unit,
          amount: parsed,
          payout: payout === 'lnurl' ? { kind: 'lnurl' } : { kind: 'destination', destination },
          idempotencyKey: key,
        }),
      )
    } catch (err) {
      setError(appErrorMessage(parseAppError(err)))
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 p-4">
      {back}
      <h1 className="text-2xl font-semibold">{t('terminalReports.refunds.refundTitle')}</h1>
      <dl className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-card p-4 text-sm">
        <dt className="text-muted-foreground">{t('terminalReports.refunds.paid')}</dt>
        <dd className="text-right tabular-nums">
          {hasFiat && `${money.fiat(payment.fiatMinor)} · `}
          {money.sats(payment.amountSat)}
        </dd>
        <dt className="text-muted-foreground">{t('terminalReports.refunds.refunded')}</dt>
        <dd className="text-right tabular-nums">
          {hasFiat && `${money.fiat(payment.refundedFiatMinor)} · `}
          {money.sats(payment.refundedSat)}
        </dd>
        <dt className="font-semibold">{t('terminalReports.refunds.remaining')}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {hasFiat && `${money.fiat(remainingFiat)} · `}
          {money.sats(payment.remainingSat)}
        </dd>
      </dl>
      {payment.remainingSat <= 0 ? (
        <p className="text-muted-foreground">{t('terminalReports.refunds.nothingLeft')}</p>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">
              {t('terminalReports.refunds.amount')}
            </legend>
            {hasFiat && (
              <div className="flex gap-2" role="group">
                {(['fiat', 'sat'] as const).map((b) => (
                  <Button
                    key={b}
                    type="button"
                    variant={unit === b ? 'primary' : 'outline'}
                    aria-pressed={unit === b}
                    onClick={() => {
                      setBasis(b)
                      setAmount('')
                    }}
                  >
                    {b === 'fiat' ? payment.currency : t('terminalReports.refunds.inSats')}
                  </Button>
                ))}
              </div>
            )}
            <div className="flex gap-2">
              <Input
                inputMode={unit === 'fiat' ? 'decimal' : 'numeric'}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-label={t('terminalReports.refunds.amount')}
                className="h-11 text-lg tabular-nums"
              />
              <Button type="button" size="lg" variant="outline" onClick={all}>
                {t('terminalReports.refunds.all')}
              </Button>
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('terminalReports.refunds.how')}</legend>
            <div className="grid gap-2 sm:grid-cols-2" role="group">
              <Button
                type="button"
                variant={payout === 'lnurl' ? 'primary' : 'outline'}
                aria-pressed={payout === 'lnurl'}
                className="h-auto min-h-11 whitespace-normal"
                onClick={() => setPayout('lnurl')}
              >
                <QrCode aria-hidden />
                {t('terminalReports.refunds.byQr')}
              </Button>
              <Button
                type="button"
                variant={payout === 'destination' ? 'primary' : 'outline'}
                aria-pressed={payout === 'destination'}
                className="h-auto min-h-11 whitespace-normal"
                onClick={() => setPayout('destination')}
              >
                <Send aria-hidden />
                {t('terminalReports.refunds.byDestination')}
              </Button>
            </div>
            {payout === 'destination' && (
              <Input
                value={destination}
                onChange={(e) => setDestination(e.target.value)}
                aria-label={t('terminalReports.refunds.destination')}
                placeholder={t('terminalReports.refunds.destination')}
                className="h-11 font-mono"
              />
            )}
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" size="lg" disabled={!canSend}>
            {create.isPending && <Spinner />}
            {t('terminalReports.refunds.submit')}
          </Button>
        </form>
      )}
      {found.data && found.data.refunds.length > 0 && (
        <section className="grid gap-1">
          <h2 className="font-semibold">{t('terminalReports.refunds.earlier')}</h2>
          <RefundList rows={found.data.refunds} />
        </section>
      )}
    </div>
  )
}
