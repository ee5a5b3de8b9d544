import { AlertTriangle } from 'lucide-react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { WITHDRAWALS_PAGE_SIZE } from '@app/domain'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { usePrice } from '@/components/payments/payment-data'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notify } from '@/lib/notify'
import { AmountField } from './amount-field'
import { BalancesCard } from './balances-card'
import { ConfirmDialog } from './confirm-dialog'
import { DestinationFields } from './destination-fields'
import { FeeFields } from './fee-fields'
import {
  mergeWithdrawals,
  useBalances,
  useCurrency,
  useNetwork,
  useOlderWithdrawals,
  useWithdrawals,
  type Withdrawal,
} from './use-withdraw'
import { useWithdrawForm } from './use-withdraw-form'
import { useFailureText, WithdrawalsList } from './withdrawals-list'
import { WithdrawSummary } from './withdraw-summary'

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

  const b = balances.data
  const minorPerBtc = price.data?.minorPerBtc[currency] ?? null
  const form = useWithdrawForm({
    businessId,
    balances: b,
    network,
    minorPerBtc,
    onSent: toastOutcome,
  })
  const { quote } = form

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
            <DestinationFields form={form} balances={b} />
            <AmountField form={form} balances={b} currency={currency} minorPerBtc={minorPerBtc} />
            {form.rail === 'onchain' && b?.canOnchain && (
              <FeeFields form={form} currency={currency} />
            )}

            {form.problem && (
              <Alert variant="destructive" role="alert">
                <AlertTriangle aria-hidden />
                <AlertDescription>{form.problem}</AlertDescription>
              </Alert>
            )}

            {quote && <WithdrawSummary quote={quote} currency={currency} />}

            <div className="flex flex-wrap justify-end gap-2">
              {!quote ? (
                <Button
                  type="button"
                  onClick={form.review}
                  disabled={!form.canReview || form.isQuoting}
                >
                  {form.isQuoting && <Spinner />}
                  {t('withdraw.review')}
                </Button>
              ) : (
                <Button type="button" onClick={form.openConfirm}>
                  {t('withdraw.continue')}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>

        <BalancesCard balances={b} isPending={balances.isPending} />
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
        currency={currency}
        destination={form.values.destination}
        isOpen={form.isConfirming}
        isSending={form.isSending}
        error={form.confirmError}
        onCancel={form.closeConfirm}
        onConfirm={form.send}
      />
    </div>
  )
}
