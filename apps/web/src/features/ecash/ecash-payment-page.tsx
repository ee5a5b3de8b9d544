/**
 * Taking ecash at the counter: the customer's Cashu token is pasted, the server takes it at
 * its mint and pays the business's wallet, and the page shows what arrived and the mint's fee.
 */
import { ClipboardPaste, Coins } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { parsePaymentError, type PaymentError } from '@/components/payments/payment-error'
import type { Payment } from '@/components/payments/payment-data'
import { PaymentReceived } from '@/components/payments/payment-outcome'
import { cleanTokenText, looksLikeToken, mintHost } from './token-text'
import { useAcceptedMints, useRedeem } from './use-redeem'
import { formatSatNumber } from '@/lib/money-format'
import { DemoToken } from '@/components/demo/demo'

export function EcashPaymentPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const [result, setResult] = useState<Payment | null>(null)
  const [formKey, setFormKey] = useState(0)

  const newPayment = () => {
    setResult(null)
    setFormKey((k) => k + 1)
  }

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={t('pages.ecashPayment')} description={t('ecash.description')} />
      <Card className="mx-auto w-full max-w-xl">
        <CardContent className="p-5 sm:p-8">
          {result ? (
            <PaymentReceived payment={result} onNewPayment={newPayment}>
              <FeeBreakdown payment={result} />
            </PaymentReceived>
          ) : (
            <RedeemForm key={formKey} businessId={businessId} onRedeemed={setResult} />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function RedeemForm({
  businessId,
  onRedeemed,
}: {
  businessId: string
  onRedeemed: (payment: Payment) => void
}) {
  const { t } = useTranslation()
  const tokenId = useId()
  const memoId = useId()
  const hintId = useId()
  const [token, setToken] = useState('')
  const [memo, setMemo] = useState('')
  const [problem, setProblem] = useState<PaymentError | null>(null)
  const [isShapeWrong, setIsShapeWrong] = useState(false)
  const redeem = useRedeem()
  const mints = useAcceptedMints(businessId)
  const canPaste = typeof navigator !== 'undefined' && !!navigator.clipboard?.readText

  const paste = async () => {
    try {
      const text = await navigator.clipboard.readText()
      setToken(text.trim())
      setProblem(null)
      setIsShapeWrong(false)
    } catch {
      setProblem({ code: 'UNKNOWN', message: t('ecash.pasteFailed') })
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!looksLikeToken(token)) {
      setIsShapeWrong(true)
      return
    }
    setProblem(null)
    try {
      const payment = await redeem.mutateAsync({
        businessId,
        token: cleanTokenText(token),
        memo: memo.trim() === '' ? undefined : memo.trim(),
      })
      onRedeemed(payment)
    } catch (error) {
      setProblem(parsePaymentError(error))
    }
  }

  const isBusy = redeem.isPending
  const acceptedList = mints.data?.mints ?? []

  return (
    <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
      <div className="grid gap-2">
        <div className="flex items-end justify-between gap-3">
          <Label htmlFor={tokenId}>{t('ecash.token.label')}</Label>
          {canPaste && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void paste()}
              disabled={isBusy}
            >
              <ClipboardPaste aria-hidden />
              {t('ecash.paste')}
            </Button>
          )}
        </div>
        <Textarea
          id={tokenId}
          value={token}
          onChange={(e) => {
            setToken(e.target.value)
            setIsShapeWrong(false)
          }}
          placeholder={t('ecash.token.placeholder')}
          className="min-h-32 font-mono text-xs break-all"
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          disabled={isBusy}
          aria-invalid={isShapeWrong || undefined}
          aria-describedby={hintId}
        />
        <DemoToken
          amountSat={2_100}
          className="justify-self-start"
          onToken={(demoToken) => {
            setToken(demoToken)
            setProblem(null)
            setIsShapeWrong(false)
          }}
        />
        <p
          id={hintId}
          className={isShapeWrong ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
        >
          {isShapeWrong ? t('ecash.token.notAToken') : t('ecash.token.hint')}
        </p>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={memoId}>{t('payments.memo.label')}</Label>
        <Input
          id={memoId}
          value={memo}
          maxLength={200}
          onChange={(e) => setMemo(e.target.value)}
          placeholder={t('payments.memo.placeholder')}
          disabled={isBusy}
        />
      </div>

      {problem && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>{t('ecash.failedTitle')}</AlertTitle>
          <AlertDescription>{problem.message}</AlertDescription>
        </Alert>
      )}

      <Button
        type="submit"
        size="lg"
        className="h-14 w-full text-lg"
        disabled={isBusy || token.trim() === ''}
      >
        {isBusy ? <Spinner aria-hidden /> : <Coins aria-hidden />}
        {isBusy ? t('ecash.redeeming') : t('ecash.redeem')}
      </Button>
      {isBusy && (
        <p className="text-center text-sm text-muted-foreground" role="status">
          {t('ecash.progress')}
        </p>
      )}

      {acceptedList.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('ecash.acceptedMints', { count: acceptedList.length })}{' '}
          <span className="font-mono break-all">{acceptedList.map(mintHost).join(', ')}</span>
        </p>
      )}
    </form>
  )
}

/** What the token was worth, what the mint kept, what arrived. */
function FeeBreakdown({ payment }: { payment: Payment }) {
  const { t } = useTranslation()
  const sats = (amount: number) => t('payments.sats', { amount: formatSatNumber(amount) })
  const rows: [string, string][] = [
    [t('ecash.result.tokenAmount'), sats(payment.amountSat)],
    [t('ecash.result.mintFee'), sats(payment.feeSat)],
  ]
  // Reserve the mint returned unused: held as ecash for the business, not lost.
  const heldSat = payment.amountSat - payment.feeSat - payment.receivedSat
  if (heldSat > 0) rows.push([t('ecash.result.held'), sats(heldSat)])
  rows.push([t('ecash.result.received'), sats(payment.receivedSat)])
  return (
    <dl className="grid w-full grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
      {rows.map(([label, value], i) => (
        <div key={label} className="contents">
          <dt
            className={
              i === rows.length - 1 ? 'text-left font-medium' : 'text-left text-muted-foreground'
            }
          >
            {label}
          </dt>
          <dd
            className={
              i === rows.length - 1
                ? 'text-right font-medium tabular-nums'
                : 'text-right tabular-nums'
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
