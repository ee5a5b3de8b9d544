/**
 * Taking a payment at the counter: key in the amount, charge, show the customer the QR code,
 * and follow the payment live until it is received, expires or fails; then the next one.
 * The payment on screen is in the URL (`?payment=`), so a reload shows it again.
 */
import { Link } from '@tanstack/react-router'
import { Plus, WifiOff } from 'lucide-react'
import { useEffect, useReducer, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { notify } from '@/lib/notify'
import type { ChargeAmount } from '@/components/payments/amount'
import { AmountEntry, ChargeProblem } from './amount-entry'
import { expiryProgress } from '@/components/payments/expiry'
import { initialKeypadState, keypadReducer } from '@/components/payments/keypad-state'
import { LightningInvoice } from './lightning-invoice'
import { OnchainInvoice, TransactionId } from './onchain-invoice'
import {
  isLastingProblem,
  lastingProblem,
  parsePaymentError,
  type PaymentError,
} from '@/components/payments/payment-error'
import { PaymentClosed, PaymentReceived } from '@/components/payments/payment-outcome'
import { usePrice, useWalletCapabilities, type Payment } from '@/components/payments/payment-data'
import {
  useAwaitsChannel,
  useBusinessCurrency,
  useCharge,
  useFollowedPayment,
  type ChargeInput,
} from './use-take-payment'
import { useNow } from '@/lib/use-now'
import { isFinalStatus, type ChargeMethod } from '@app/domain'

interface TakePaymentNavigation {
  /** Shows a payment (or the keypad, with undefined); `replace` keeps it out of the history. */
  showPayment: (paymentId: string | undefined, options?: { replace?: boolean }) => void
}

/** Payments whose failure has been announced, so a toast comes once per payment. */
const announcedFailures = new Set<string>()

export function TakePaymentPage({
  businessId,
  method,
  paymentId,
  showPayment,
}: {
  businessId: string
  method: ChargeMethod
  paymentId: string | undefined
} & TakePaymentNavigation) {
  const { t } = useTranslation()
  const currency = useBusinessCurrency(businessId)
  const price = usePrice()
  const [keypad, dispatch] = useReducer(keypadReducer, undefined, () => initialKeypadState())
  const charge = useCharge(businessId, method)
  const [chargeProblem, setChargeProblem] = useState<PaymentError | null>(null)
  // What the wallet can do is known before charging; a refused charge says it again.
  const capabilities = useWalletCapabilities(businessId)
  const awaitsChannel = useAwaitsChannel(businessId) && method === 'lightning'
  const knownProblem =
    capabilities === null
      ? lastingProblem('NO_WALLET')
      : capabilities !== undefined && !capabilities[method]
        ? lastingProblem('WALLET_UNSUPPORTED')
        : awaitsChannel
          ? lastingProblem('NODE_CHANNEL_NOT_OPEN')
          : null
  const problem = chargeProblem ?? knownProblem

  const start = async (input: ChargeInput, options: { replace?: boolean } = {}) => {
    try {
      const payment = await charge.charge(input)
      setChargeProblem(null)
      showPayment(payment.id, options)
    } catch (error) {
      const paymentError = parsePaymentError(error)
      if (isLastingProblem(paymentError.code)) setChargeProblem(paymentError)
      else notify.error(t('payments.startFailedTitle'), paymentError.message)
    }
  }

  const newPayment = () => {
    dispatch({ type: 'reset' })
    showPayment(undefined, { replace: true })
  }

  const title = method === 'lightning' ? t('pages.lightningPayment') : t('pages.onchainPayment')
  const problemView = problem && (
    <ChargeProblem
      title={t(`payments.problem.${problemTitle(problem)}`)}
      message={problem.message}
      action={
        problem.code === 'WALLET_UNSUPPORTED' && method === 'onchain' ? (
          <Button variant="outline" size="sm" asChild>
            <Link to="/$businessId/bitcoin/take-payments/lightning-payment" params={{ businessId }}>
              {t('payments.problem.useLightning')}
            </Link>
          </Button>
        ) : problem.code === 'NODE_CHANNEL_NOT_OPEN' ? (
          <Button variant="outline" size="sm" asChild>
            <Link to="/onboarding/$businessId/channel-deposit" params={{ businessId }}>
              {t('payments.problem.toChannelDeposit')}
            </Link>
          </Button>
        ) : undefined
      }
    />
  )

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={title} />
      {paymentId === undefined && knownProblem !== null ? (
        // Only what is wrong and the way on: no keypad for a charge that cannot be made.
        <div className="mx-auto w-full max-w-md">{problemView}</div>
      ) : paymentId === undefined ? (
        <AmountEntry
          state={keypad}
          dispatch={dispatch}
          currency={currency}
          price={{
            minorPerBtc: price.data?.minorPerBtc[currency] ?? null,
            isLoading: price.isPending,
            isUnavailable: price.isError && price.data === undefined,
            retry: () => void price.refetch(),
          }}
          isCharging={charge.isPending}
          isBlocked={knownProblem !== null}
          onCharge={(amount, memo) => void start({ amount, memo })}
          problem={problemView}
        />
      ) : (
        <Card className="mx-auto w-full max-w-md md:max-w-3xl">
          <CardContent className="p-5 sm:p-8">
            <FollowedPayment
              key={paymentId}
              businessId={businessId}
              paymentId={paymentId}
              isRetrying={charge.isPending}
              onRetry={(payment) =>
                void start(
                  { amount: chargeAmountOf(payment), memo: payment.memo },
                  { replace: true },
                )
              }
              onChangeAmount={() => showPayment(undefined)}
              onNewPayment={newPayment}
            />
          </CardContent>
        </Card>
      )}
    </div>
  )
}

function problemTitle(
  problem: PaymentError,
): 'noWallet' | 'unsupported' | 'channelNotOpen' | 'setup' {
  if (problem.code === 'NO_WALLET') return 'noWallet'
  if (problem.code === 'WALLET_UNSUPPORTED') return 'unsupported'
  if (problem.code === 'NODE_CHANNEL_NOT_OPEN') return 'channelNotOpen'
  return 'setup'
}

/** The same amount again: fiat as it was keyed, or sats. */
function chargeAmountOf(payment: Payment): ChargeAmount {
  return payment.fiatMinor !== null ? { fiatMinor: payment.fiatMinor } : { sat: payment.amountSat }
}

function FollowedPayment({
  businessId,
  paymentId,
  isRetrying,
  onRetry,
  onChangeAmount,
  onNewPayment,
}: {
  businessId: string
  paymentId: string
  isRetrying: boolean
  onRetry: (payment: Payment) => void
  onChangeAmount: () => void
  onNewPayment: () => void
}) {
  const { t } = useTranslation()
  const { query, subscription } = useFollowedPayment(businessId, paymentId)
  const payment = query.data
  const isOpen = payment !== undefined && !isFinalStatus(payment.status)
  const now = useNow(1000, isOpen)

  useEffect(() => {
    if (payment?.status !== 'failed' || announcedFailures.has(payment.id)) return
    announcedFailures.add(payment.id)
    notify.error(t('payments.failed.title'), t('payments.failed.message'))
  }, [payment?.status, payment?.id, t])

  if (query.isPending) return <PagePending />
  if (!payment) {
    return (
      <div className="grid justify-items-center gap-4 text-center">
        <p className="text-sm text-destructive">{parsePaymentError(query.error).message}</p>
        <Button type="button" onClick={onNewPayment}>
          <Plus aria-hidden />
          {t('payments.newPayment')}
        </Button>
      </div>
    )
  }

  const expiry =
    payment.expiresAt && payment.method === 'lightning'
      ? expiryProgress(payment.createdAt, payment.expiresAt, now)
      : null
  // The invoice cannot be paid once its time is up, even before the server says so.
  const isExpired =
    payment.status === 'expired' || (payment.status === 'pending' && expiry?.isExpired)

  const liveProblem = subscription.status === 'error' && isOpen && (
    <Alert variant="warning" className="mb-4">
      <WifiOff aria-hidden />
      <AlertTitle>{t('payments.live.lostTitle')}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span>{t('payments.live.lostMessage')}</span>
        <Button type="button" size="sm" variant="outline" onClick={() => subscription.reset()}>
          {t('payments.live.reconnect')}
        </Button>
      </AlertDescription>
    </Alert>
  )

  if (payment.status === 'settled') {
    return (
      <PaymentReceived
        payment={payment}
        onNewPayment={onNewPayment}
        autoReturn={payment.method === 'lightning'}
      >
        {payment.method === 'onchain' && payment.txid && <TransactionId txid={payment.txid} />}
      </PaymentReceived>
    )
  }
  if (isExpired || payment.status === 'failed') {
    return (
      <PaymentClosed
        payment={payment}
        kind={isExpired ? 'expired' : 'failed'}
        onRetry={() => onRetry(payment)}
        isRetrying={isRetrying}
        onNewPayment={onNewPayment}
      />
    )
  }
  if (payment.method === 'lightning' && payment.paymentRequest) {
    return (
      <>
        {liveProblem}
        <LightningInvoice
          payment={payment}
          paymentRequest={payment.paymentRequest}
          expiry={expiry}
          onChangeAmount={onChangeAmount}
        />
      </>
    )
  }
  if (payment.method === 'onchain' && payment.address && payment.bip21) {
    return (
      <>
        {liveProblem}
        <OnchainInvoice
          payment={payment}
          address={payment.address}
          bip21={payment.bip21}
          onChangeAmount={onChangeAmount}
        />
      </>
    )
  }
  // Created, but the wallet has not given an invoice or address yet.
  return <PagePending />
}
