/**
 * A payment on the terminal's screen: the amount (with the tip), the QR code the customer's
 * wallet scans with its expiry bar, what is still due of a partly paid on-chain payment, then
 * "paid" with the receipt once the server has settled it (never before), or why it closed.
 */
import { useMutation } from '@tanstack/react-query'
import { CircleX, Plus, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { expiryProgress } from '@/components/payments/expiry'
import { ExpiryBar } from '@/components/payments/expiry-bar'
import { PaymentAmount } from '@/components/payments/payment-amount'
import { PaymentReceived } from '@/components/payments/payment-outcome'
import { QrCodeButton } from '@/components/payments/qr-code-button'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { bip21WithAmount, formatFiat, formatSatNumber } from '@/lib/money-format'
import { notifyError } from '@/lib/notify'
import { useNow } from '@/lib/use-now'
import { useTRPC } from '@/lib/trpc'
import { ReceiptActions } from './receipt-actions'
import { useTerminalPayment } from './use-terminal-payment'
import type { TerminalPayment } from './use-terminal'
import { MineBlock, PayWithDemoWallet } from '@/components/demo/demo'

function qrOf(p: TerminalPayment): { value: string; copy: string } | null {
  if (p.method === 'onchain' && p.bip21) {
    const due = p.amountSat - p.receivedSat
    const bip21 = p.receivedSat > 0 && due > 0 ? bip21WithAmount(p.bip21, due) : p.bip21
    return { value: bip21, copy: bip21 }
  }
  if (p.paymentRequest) {
    return { value: `LIGHTNING:${p.paymentRequest.toUpperCase()}`, copy: p.paymentRequest }
  }
  return null
}

function TipLine({ payment }: { payment: TerminalPayment }) {
  const { t } = useTranslation()
  if (payment.tipSat <= 0) return null
  const tip =
    payment.tipFiatMinor !== null
      ? formatFiat(payment.tipFiatMinor, payment.currency)
      : t('payments.sats', { amount: formatSatNumber(payment.tipSat) })
  return (
    <p className="text-sm text-muted-foreground">{t('terminal.payment.tipIncluded', { tip })}</p>
  )
}

export function PaymentScreen({
  paymentId,
  onDone,
  canCancel = true,
  canStartNew = true,
  dismissClosed = false,
}: {
  paymentId: string
  onDone: () => void
  canCancel?: boolean
  /** a kiosk's paid screen offers no new payment (its payments come from the till) */
  canStartNew?: boolean
  /** a payment that closed unpaid leaves the screen at once (kiosk: the till cancelled it) */
  dismissClosed?: boolean
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const query = useTerminalPayment(paymentId)
  const now = useNow(1000)
  const cancel = useMutation(trpc.terminal.cancel.mutationOptions())
  const payment = query.data
  // the paid screen stays while its receipt is printed or shown
  const [isKept, setIsKept] = useState(false)
  const isClosed = payment?.status === 'expired' || payment?.status === 'failed'
  const onDoneRef = useRef(onDone)
  useEffect(() => {
    onDoneRef.current = onDone
  })
  useEffect(() => {
    if (dismissClosed && isClosed) onDoneRef.current()
  }, [dismissClosed, isClosed])
  if (!payment) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner className="size-8" />
      </div>
    )
  }

  if (payment.status === 'settled') {
    return (
      <div className="mx-auto grid w-full max-w-md content-start gap-4 p-4">
        <PaymentReceived
          payment={payment}
          onNewPayment={onDone}
          autoReturn={!isKept}
          canStartNew={canStartNew}
        >
          <TipLine payment={payment} />
        </PaymentReceived>
        <ReceiptActions paymentId={payment.id} onUse={() => setIsKept(true)} />
      </div>
    )
  }

  if (payment.status === 'expired' || payment.status === 'failed') {
    const cancelled = payment.failureReason === 'PAYMENT_CANCELLED'
    return (
      <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 p-6 text-center">
        <CircleX className="size-16 text-muted-foreground" aria-hidden />
        <h2 role="status" className="text-2xl font-semibold">
          {cancelled
            ? t('terminal.payment.cancelled')
            : payment.status === 'expired'
              ? t('payments.expired.title')
              : t('payments.failed.title')}
        </h2>
        <PaymentAmount payment={payment} className="opacity-60" />
        <Button size="lg" className="h-14 w-full text-lg" onClick={onDone}>
          <Plus aria-hidden />
          {t('payments.newPayment')}
        </Button>
      </div>
    )
  }

  const qr = qrOf(payment)
  const due = payment.amountSat - payment.receivedSat
  const isPartial = payment.receivedSat > 0 && due > 0
  const expiry =
    payment.expiresAt && payment.method === 'lightning'
      ? expiryProgress(payment.createdAt, payment.expiresAt, now)
      : null
  return (
    <div className="mx-auto grid w-full max-w-4xl flex-1 content-start gap-5 p-4 md:grid-cols-2 md:items-center md:gap-10 md:p-8">
      <div className="grid gap-1 text-center md:col-start-2">
        <PaymentAmount payment={payment} />
        <TipLine payment={payment} />
        {payment.memo && (
          <p className="text-sm break-words text-muted-foreground">{payment.memo}</p>
        )}
        {isPartial && (
          <p role="status" className="mt-2 rounded-md bg-warning-soft p-2 text-warning-foreground">
            {t('terminal.payment.stillDue', {
              amount: t('payments.sats', { amount: formatSatNumber(due) }),
              received: t('payments.sats', { amount: formatSatNumber(payment.receivedSat) }),
            })}
            {payment.fiatMinor !== null && payment.amountSat > 0 && (
              <>
                {' '}
                (
                {formatFiat(
                  Math.round((due * payment.fiatMinor) / payment.amountSat),
                  payment.currency,
                )}
                )
              </>
            )}
          </p>
        )}
      </div>
      <div className="md:col-start-1 md:row-span-2 md:row-start-1">
        {qr && (
          <QrCodeButton
            value={qr.value}
            copyValue={qr.copy}
            label={
              payment.method === 'onchain'
                ? t('payments.qr.onchainLabel')
                : t('payments.qr.lightningLabel')
            }
            className="max-w-80"
          />
        )}
      </div>
      <div className="grid content-start gap-4 md:col-start-2">
        <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
          <Spinner className="size-4" />
          {t('terminal.payment.waiting')}
        </p>
        {expiry && <ExpiryBar progress={expiry} />}
        {qr && (
          <PayWithDemoWallet
            request={payment.method === 'onchain' && payment.address ? payment.address : qr.copy}
            amountSat={due}
          />
        )}
        {payment.method === 'onchain' && payment.receivedSat > 0 && (
          <MineBlock className="justify-self-center" />
        )}
        {canCancel && payment.method !== 'ecash' && (
          <Button
            variant="outline"
            size="lg"
            isLoading={cancel.isPending}
            onClick={() =>
              cancel.mutate(
                { paymentId },
                {
                  onSuccess: onDone,
                  onError: (e) => notifyError(e, t('terminal.payment.cancelFailed')),
                },
              )
            }
          >
            <X aria-hidden />
            {t('terminal.payment.cancel')}
          </Button>
        )}
      </div>
    </div>
  )
}
