import { CircleX, Plus, RotateCw, TimerOff } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PAID_SCREEN_MS } from '@app/domain'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useNow } from '@/lib/use-now'
import { PaymentAmount } from './payment-amount'
import type { Payment } from './payment-data'

/** A check mark that draws itself in a circle that grows into place. */
function AnimatedCheck() {
  const [isDrawn, setIsDrawn] = useState(false)
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsDrawn(true))
    return () => cancelAnimationFrame(frame)
  }, [])
  return (
    <svg
      viewBox="0 0 52 52"
      aria-hidden
      className={cn(
        'size-24 transition-transform duration-500 ease-out motion-reduce:transition-none',
        isDrawn ? 'scale-100' : 'scale-75',
      )}
    >
      <circle
        cx="26"
        cy="26"
        r="24"
        strokeWidth={2.5}
        className="fill-success-soft stroke-success"
      />
      <path
        d="M15 27.5l7.5 7.5L38 19"
        fill="none"
        pathLength={1}
        strokeDasharray={1}
        strokeDashoffset={isDrawn ? 0 : 1}
        strokeWidth={4.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-success transition-[stroke-dashoffset] delay-300 duration-500 ease-out motion-reduce:transition-none"
      />
    </svg>
  )
}

/**
 * "Payment received": the check, the amount and when. With `autoReturn`, the keypad comes back
 * by itself after a few seconds; tapping anywhere on the card returns at once. Without
 * `canStartNew` (a kiosk: its payments come from the till) it offers neither, and still returns.
 */
export function PaymentReceived({
  payment,
  onNewPayment,
  autoReturn = false,
  canStartNew = true,
  children,
}: {
  payment: Payment
  onNewPayment: () => void
  autoReturn?: boolean
  canStartNew?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const [deadline] = useState(() => Date.now() + PAID_SCREEN_MS)
  const now = useNow(250, autoReturn)
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000))
  const onNewPaymentRef = useRef(onNewPayment)
  useEffect(() => {
    onNewPaymentRef.current = onNewPayment
  })
  useEffect(() => {
    if (autoReturn && secondsLeft === 0) onNewPaymentRef.current()
  }, [autoReturn, secondsLeft])

  const settledAt = payment.settledAt ?? new Date()
  const content = (
    <>
      <AnimatedCheck />
      <h2 className="text-2xl font-semibold tracking-tight text-success" role="status">
        {t('payments.received.title')}
      </h2>
      <PaymentAmount payment={payment} amountSat={payment.receivedSat || payment.amountSat} />
      <p className="text-sm text-muted-foreground">
        {t('payments.received.at', {
          time: formatDate(settledAt, { dateStyle: undefined, timeStyle: 'short' }),
        })}
      </p>
      {payment.memo && <p className="max-w-full text-sm break-words">{payment.memo}</p>}
    </>
  )

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      {autoReturn && canStartNew ? (
        <button
          type="button"
          onClick={onNewPayment}
          className="flex w-full cursor-pointer flex-col items-center gap-3 rounded-xl py-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25"
        >
          {content}
          <span className="text-sm text-muted-foreground tabular-nums" aria-live="off">
            {t('payments.received.autoReturn', { seconds: secondsLeft })}
          </span>
        </button>
      ) : (
        <div className="flex w-full flex-col items-center gap-3">{content}</div>
      )}
      {children}
      {canStartNew && (
        <Button type="button" size="lg" className="h-14 w-full text-lg" onClick={onNewPayment}>
          <Plus aria-hidden />
          {t('payments.newPayment')}
        </Button>
      )}
    </div>
  )
}

/** An invoice that can no longer be paid (expired) or a payment the wallet gave up (failed). */
export function PaymentClosed({
  payment,
  kind,
  onRetry,
  isRetrying,
  onNewPayment,
}: {
  payment: Payment
  kind: 'expired' | 'failed'
  onRetry: () => void
  isRetrying: boolean
  onNewPayment: () => void
}) {
  const { t } = useTranslation()
  const isExpired = kind === 'expired'
  const method = payment.method === 'onchain' ? 'onchain' : 'lightning'
  const Icon = isExpired ? TimerOff : CircleX
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span
        className={cn(
          'flex size-20 items-center justify-center rounded-full',
          isExpired ? 'bg-muted text-muted-foreground' : 'bg-destructive-soft text-destructive',
        )}
      >
        <Icon className="size-10" aria-hidden />
      </span>
      <h2
        role="status"
        className={cn('text-2xl font-semibold tracking-tight', !isExpired && 'text-destructive')}
      >
        {isExpired ? t('payments.expired.title') : t('payments.failed.title')}
      </h2>
      <PaymentAmount payment={payment} className="opacity-60" />
      <p className="max-w-sm text-sm text-muted-foreground">
        {isExpired ? t(`payments.expired.message.${method}`) : t('payments.failed.message')}
      </p>
      <div className="grid w-full gap-2">
        <Button
          type="button"
          size="lg"
          className="h-14 w-full text-lg"
          onClick={onRetry}
          isLoading={isRetrying}
        >
          {!isRetrying && <RotateCw aria-hidden />}
          {isExpired ? t(`payments.expired.newInvoice.${method}`) : t('payments.failed.retry')}
        </Button>
        <Button type="button" variant="outline" size="lg" className="w-full" onClick={onNewPayment}>
          <Plus aria-hidden />
          {t('payments.newPayment')}
        </Button>
      </div>
    </div>
  )
}
