import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSubscription } from '@trpc/tanstack-react-query'
import {
  ArrowRight,
  Check,
  CircleCheck,
  CircleX,
  LifeBuoy,
  RotateCw,
  TriangleAlert,
} from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { ConfirmationRing } from './confirmation-ring'
import { CopyButton } from '@/components/copy-button'
import { DashboardWhileWaiting } from './dashboard-while-waiting'
import {
  DEPOSIT_STAGES,
  depositStages,
  minutesToConfirm,
  remainingSat,
  type Deposit,
  type DepositStage,
  type StageState,
} from './deposit-progress'
import { OnchainInvoiceCard } from './onchain-invoice-card'
import { supportHref } from './support-link'
import { useRefreshOnboardingStep } from './use-onboarding-step'
import { formatSatNumber } from '@/lib/money-format'

/** What the server says when it knows no more than that the opening failed (shown as the title). */
const GENERIC_CHANNEL_ERROR = 'Error opening the channel'

/**
 * The channel deposit followed live: the on-chain invoice to pay, its confirmations, then the
 * channel opening, until the channel is open (onboarding is then complete).
 */
export function DepositWaitingPage({
  businessId,
  onchainInvoiceId,
}: {
  businessId: string
  onchainInvoiceId: string
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const input = { businessId, onchainInvoiceId }
  const depositKey = trpc.deposit.get.queryKey(input)
  const depositQuery = useQuery(trpc.deposit.get.queryOptions(input))
  useSubscription(
    trpc.deposit.watch.subscriptionOptions(input, {
      enabled: depositQuery.data?.channel.state !== 'open',
      onData: (deposit) => queryClient.setQueryData(depositKey, deposit),
    }),
  )
  const deposit = depositQuery.data
  useChannelToasts(businessId, deposit)

  const retry = useMutation(
    trpc.deposit.retryChannel.mutationOptions({
      onSuccess: (updated) => queryClient.setQueryData(depositKey, updated),
      onError: (error) => notifyError(error, t('deposit.channel.retryFailedTitle')),
    }),
  )

  if (depositQuery.isPending) return <PagePending />
  if (!deposit) {
    return (
      <div className="mx-auto max-w-2xl">
        <PageHeader title={t('pages.channelDepositWaiting')} />
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6 text-sm">
            <p className="text-destructive">{appErrorMessage(parseAppError(depositQuery.error))}</p>
            <Button variant="outline" asChild>
              <Link to="/onboarding/$businessId/channel-deposit" params={{ businessId }}>
                {t('deposit.backToDeposit')}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    )
  }

  const stages = depositStages(deposit)
  const remaining = remainingSat(deposit)
  const isOpen = deposit.channel.state === 'open'
  const showInvoice = deposit.status === 'unused' || remaining !== undefined

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title={isOpen ? t('deposit.open.title') : t('pages.channelDepositWaiting')}
        description={
          isOpen
            ? t('deposit.open.description')
            : showInvoice
              ? t('deposit.waitingDescription')
              : t('deposit.receivedDescription')
        }
        actions={isOpen ? undefined : <DashboardWhileWaiting businessId={businessId} />}
      />
      <div className="grid gap-6">
        {isOpen && (
          <Card className="border-success/40 bg-success-soft">
            <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
              <p className="flex items-center gap-3 text-sm font-medium">
                <CircleCheck className="size-6 shrink-0 text-success" aria-hidden />
                {t('deposit.open.message', { amount: formatSatNumber(deposit.amountSat) })}
              </p>
              <Button variant="green" asChild className="max-sm:w-full">
                <Link to="/$businessId/sales/dashboard" params={{ businessId }}>
                  {t('deposit.open.toDashboard')}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </CardContent>
          </Card>
        )}

        {deposit.channel.state === 'failed' && (
          <Alert variant="destructive">
            <CircleX aria-hidden />
            <AlertTitle>{t('deposit.channel.failedTitle')}</AlertTitle>
            <AlertDescription className="grid gap-3">
              <p>{t('deposit.channel.failedMessage')}</p>
              {deposit.channel.error && deposit.channel.error !== GENERIC_CHANNEL_ERROR && (
                <p className="break-words">
                  {t('deposit.channel.reason', { reason: deposit.channel.error })}
                </p>
              )}
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  isLoading={retry.isPending}
                  onClick={() => retry.mutate(input)}
                >
                  {!retry.isPending && <RotateCw aria-hidden />}
                  {t('deposit.channel.retry')}
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        )}

        {deposit.channel.state === 'manual' && (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>{t('deposit.channel.manualTitle')}</AlertTitle>
            <AlertDescription className="grid gap-3">
              <p>{t('deposit.channel.manualMessage')}</p>
              <div>
                <Button variant="outline" size="sm" asChild>
                  <a href={supportHref()}>
                    <LifeBuoy aria-hidden />
                    {t('node.contactSupport')}
                  </a>
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        )}

        {showInvoice && !isOpen && (
          <OnchainInvoiceCard
            address={deposit.address}
            amountSat={deposit.amountSat}
            bip21={deposit.bip21}
            remainingSat={remaining}
          />
        )}

        <Card>
          <CardHeader>
            <CardTitle>{t('deposit.progress.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid" aria-label={t('deposit.progress.title')}>
              {DEPOSIT_STAGES.map((stage, index) => (
                <StageRow
                  key={stage}
                  stage={stage}
                  state={stages[stage]}
                  isLast={index === DEPOSIT_STAGES.length - 1}
                >
                  <StageDetail stage={stage} state={stages[stage]} deposit={deposit} />
                </StageRow>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  )
}

function StageRow({
  stage,
  state,
  isLast,
  children,
}: {
  stage: DepositStage
  state: StageState
  isLast: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  const isProblem = state === 'failed' || state === 'manual'
  return (
    <li
      aria-current={state === 'current' ? 'step' : undefined}
      className="relative flex gap-3 pb-6 last:pb-0"
    >
      {!isLast && (
        <span
          aria-hidden
          className={cn(
            'absolute top-8 bottom-1 left-3.5 w-px -translate-x-1/2',
            state === 'done' ? 'bg-success/60' : 'bg-border',
          )}
        />
      )}
      <span
        className={cn(
          'relative flex size-7 shrink-0 items-center justify-center rounded-full border',
          state === 'done' && 'border-success bg-success text-success-foreground',
          state === 'current' && 'border-primary bg-primary-soft text-primary',
          state === 'upcoming' && 'border-border bg-card text-muted-foreground',
          isProblem && 'border-destructive bg-destructive-soft text-destructive',
        )}
      >
        {state === 'done' ? (
          <Check className="size-4" strokeWidth={3} aria-hidden />
        ) : state === 'current' ? (
          <Spinner className="size-4" />
        ) : isProblem ? (
          <CircleX className="size-4" aria-hidden />
        ) : (
          <span className="size-1.5 rounded-full bg-current" aria-hidden />
        )}
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p
          className={cn(
            'text-sm font-medium',
            state === 'upcoming' ? 'text-muted-foreground' : 'text-foreground',
            isProblem && 'text-destructive',
          )}
        >
          {t(`deposit.progress.${stage}.title`)}
          <span className="sr-only">: {t(`deposit.progress.state.${state}`)}</span>
        </p>
        {children}
      </div>
    </li>
  )
}

function StageDetail({
  stage,
  state,
  deposit,
}: {
  stage: DepositStage
  state: StageState
  deposit: Deposit
}) {
  const { t } = useTranslation()
  const hint = (text: string) => <p className="mt-0.5 text-xs text-muted-foreground">{text}</p>
  if (stage === 'payment') {
    if (state === 'current' && !deposit.txid) return hint(t('deposit.progress.payment.waiting'))
    if (deposit.txid) {
      return (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>
            {state === 'current'
              ? t('deposit.progress.payment.partial', {
                  received: formatSatNumber(deposit.receivedSat),
                  amount: formatSatNumber(deposit.amountSat),
                })
              : t('deposit.progress.payment.received', {
                  amount: formatSatNumber(deposit.receivedSat),
                })}
          </span>
          <span className="font-mono" translate="no">
            {deposit.txid.slice(0, 10)}…{deposit.txid.slice(-6)}
          </span>
          <CopyButton
            value={deposit.txid}
            label={t('deposit.progress.payment.copyTxid')}
            size="sm"
            variant="ghost"
            className="h-6 px-2 text-xs"
          />
        </div>
      )
    }
    return null
  }
  if (stage === 'confirmations') {
    if (state === 'current') {
      const minutes = minutesToConfirm(deposit)
      return (
        <div className="mt-2 flex items-center gap-4">
          <ConfirmationRing
            confirmations={deposit.confirmations}
            required={deposit.requiredConfirmations}
          />
          <div className="text-sm">
            <p className="font-medium tabular-nums">
              {t('deposit.confirmationsOf', {
                count: deposit.confirmations,
                required: deposit.requiredConfirmations,
              })}
            </p>
            <p className="text-xs text-muted-foreground">
              {minutes > 0
                ? t('deposit.progress.confirmations.minutesLeft', { count: minutes })
                : t('deposit.progress.confirmations.almost')}
            </p>
          </div>
        </div>
      )
    }
    return state === 'upcoming'
      ? hint(t('deposit.progress.confirmations.hint', { required: deposit.requiredConfirmations }))
      : null
  }
  if (stage === 'channel') {
    if (state === 'current') return hint(t('deposit.progress.channel.opening'))
    if (state === 'upcoming') return hint(t('deposit.progress.channel.hint'))
    if (state === 'failed') return hint(t('deposit.channel.failedTitle'))
    if (state === 'manual') return hint(t('deposit.channel.manualTitle'))
    return null
  }
  return state === 'done' ? hint(t('deposit.progress.ready.done')) : null
}

/**
 * Toasts for what happens to the channel while the merchant watches (spec section 8):
 * opened, failed to open, or handed to manual processing. Opening completes onboarding.
 */
function useChannelToasts(businessId: string, deposit: Deposit | undefined) {
  const { t } = useTranslation()
  const refreshStep = useRefreshOnboardingStep(businessId)
  const lastState = useRef<Deposit['channel']['state'] | undefined>(undefined)
  const state = deposit?.channel.state
  useEffect(() => {
    if (state === undefined || state === lastState.current) return
    const isFirstLook = lastState.current === undefined
    lastState.current = state
    if (state === 'open') {
      void refreshStep()
      if (!isFirstLook) notify.success(t('deposit.open.toastTitle'), t('deposit.open.toastMessage'))
    } else if (state === 'failed') {
      notify.error(t('deposit.channel.failedTitle'), t('deposit.channel.failedMessage'))
    } else if (state === 'manual') {
      notify.error(t('deposit.channel.manualTitle'), t('deposit.channel.manualMessage'))
    }
  }, [state, refreshStep, t])
}
