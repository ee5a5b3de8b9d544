/**
 * Refunds at the terminal: today's settled payments of this device, or one found by the id on
 * its receipt (typed, or scanned where there is a camera); then the refund of all or part of it.
 */
import { useQuery } from '@tanstack/react-query'
import { ScanLine, Search } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { canScanQr, QrScanner } from '@/components/qr-scanner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { useTRPC } from '@/lib/trpc'
import { isUuid } from '@/lib/uuid'
import { PermissionGate } from './permission-gate'
import { QueryProblem } from './query-problem'
import { RefundForm } from './refund-form'
import { useMoney, type RefundablePayment } from './use-reports'

export function RefundsPage() {
  return (
    <PermissionGate permission="refund">
      <Refunds />
    </PermissionGate>
  )
}

const midnight = () => {
  const d = new Date()
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).toISOString()
}

function Refunds() {
  const { t } = useTranslation()
  const [paymentId, setPaymentId] = useState<string | null>(null)
  if (paymentId) return <RefundForm paymentId={paymentId} onDone={() => setPaymentId(null)} />
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 p-4">
      <h1 className="text-2xl font-semibold">{t('terminalReports.refunds.title')}</h1>
      <FindPayment onFound={setPaymentId} />
      <TodaysPayments onPick={setPaymentId} />
    </div>
  )
}

function FindPayment({ onFound }: { onFound: (id: string) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [isScanning, setIsScanning] = useState(false)
  const [isWrong, setIsWrong] = useState(false)
  const find = (value: string) => {
    const id = value.trim().toLowerCase()
    if (isUuid(id)) onFound(id)
    else setIsWrong(true)
  }
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        find(text)
      }}
    >
      <label htmlFor="refund-find" className="text-sm font-medium">
        {t('terminalReports.refunds.findLabel')}
      </label>
      <div className="flex gap-2">
        <Input
          id="refund-find"
          value={text}
          placeholder={t('terminalReports.refunds.findPlaceholder')}
          onChange={(e) => {
            setText(e.target.value)
            setIsWrong(false)
          }}
          aria-invalid={isWrong || undefined}
          className="h-11 font-mono"
        />
        <Button type="submit" size="lg" aria-label={t('terminalReports.refunds.find')}>
          <Search aria-hidden />
        </Button>
        {canScanQr() && (
          <Button
            type="button"
            size="lg"
            variant="outline"
            aria-label={t('terminalReports.refunds.scan')}
            onClick={() => setIsScanning(true)}
          >
            <ScanLine aria-hidden />
          </Button>
        )}
      </div>
      {isWrong && (
        <p role="alert" className="text-sm text-destructive">
          {t('terminalReports.refunds.notAnId')}
        </p>
      )}
      {isScanning && (
        <QrScanner
          title={t('terminalReports.refunds.scan')}
          onResult={find}
          onClose={() => setIsScanning(false)}
        />
      )}
    </form>
  )
}

function TodaysPayments({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const [since] = useState(midnight)
  const list = useQuery(trpc.refunds.payments.queryOptions({ since }))
  return (
    <section className="grid gap-2">
      <h2 className="font-semibold">{t('terminalReports.refunds.today')}</h2>
      {list.error ? (
        <QueryProblem error={list.error} />
      ) : !list.data ? (
        <Spinner className="mx-auto" />
      ) : list.data.length === 0 ? (
        <p className="text-muted-foreground">{t('terminalReports.refunds.noPayments')}</p>
      ) : (
        <ul className="grid divide-y divide-border rounded-xl border border-border bg-card">
          {list.data.map((p) => (
            <li key={p.id}>
              <PaymentRow payment={p} onPick={() => onPick(p.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function RefundStateOfPayment({ state }: { state: RefundablePayment['refundState'] }) {
  const { t } = useTranslation()
  if (state === 'none') return null
  return (
    <Badge variant={state === 'refunded' ? 'secondary' : 'warning'}>
      {state === 'refunded' ? t('refunds.refunded') : t('refunds.partly')}
    </Badge>
  )
}

function PaymentRow({ payment, onPick }: { payment: RefundablePayment; onPick: () => void }) {
  const money = useMoney(payment.currency)
  const at = payment.settledAt ? new Date(payment.settledAt) : null
  return (
    <button
      type="button"
      onClick={onPick}
      disabled={payment.remainingSat <= 0}
      className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-accent disabled:opacity-60"
    >
      <span className="grid min-w-0 gap-0.5">
        <span className="font-medium">
          {at ? formatDate(at, { timeStyle: 'short' }) : ''} {payment.memo && `· ${payment.memo}`}
        </span>
        <span className="flex items-center gap-2 text-xs text-muted-foreground">
          {payment.staffName}
          <RefundStateOfPayment state={payment.refundState} />
        </span>
      </span>
      <span className="grid text-right tabular-nums">
        {payment.fiatMinor !== null && <span>{money.fiat(payment.fiatMinor)}</span>}
        <span className="text-xs text-muted-foreground">{money.sats(payment.amountSat)}</span>
      </span>
    </button>
  )
}
