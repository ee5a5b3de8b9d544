import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSubscription } from '@trpc/tanstack-react-query'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { ChannelFailedAlert, ChannelManualAlert, ChannelOpenCard } from './channel-alerts'
import { DashboardWhileWaiting } from './dashboard-while-waiting'
import { remainingSat } from './deposit-progress'
import { DepositStageList } from './deposit-stage-list'
import { OnchainInvoiceCard } from './onchain-invoice-card'
import { useChannelToasts } from './use-channel-toasts'
import { MineBlock } from '@/components/demo/demo'
import { useBusinessCurrency } from '@/components/payments/use-fiat-of'

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
      onData: ({ data }) => queryClient.setQueryData(depositKey, data),
    }),
  )
  const deposit = depositQuery.data
  useChannelToasts(businessId, deposit)
  const currency = useBusinessCurrency(businessId)

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

  const remaining = remainingSat(deposit)
  const isOpen = deposit.channel.state === 'open'
  // A deposit given up (nothing was paid in time) is not to be paid any more: a new one is.
  const isExpired = deposit.expiredAt !== null
  const showInvoice = !isExpired && (deposit.status === 'unused' || remaining !== undefined)

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
        {isOpen && <ChannelOpenCard businessId={businessId} amountSat={deposit.amountSat} />}

        {deposit.channel.state === 'failed' && (
          <ChannelFailedAlert
            errorCode={deposit.channel.errorCode}
            isRetrying={retry.isPending}
            onRetry={() => retry.mutate(input)}
          />
        )}

        {deposit.channel.state === 'manual' && <ChannelManualAlert />}

        {isExpired && (
          <Card>
            <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6 text-sm">
              <p>{t('deposit.expired')}</p>
              <Button variant="outline" asChild>
                <Link to="/onboarding/$businessId/channel-deposit" params={{ businessId }}>
                  {t('deposit.backToDeposit')}
                </Link>
              </Button>
            </CardContent>
          </Card>
        )}

        {showInvoice && !isOpen && (
          <OnchainInvoiceCard
            address={deposit.address}
            amountSat={deposit.amountSat}
            bip21={deposit.bip21}
            remainingSat={remaining}
            currency={currency}
          />
        )}

        <DepositStageList deposit={deposit} />
        {!isOpen && !showInvoice && <MineBlock className="justify-self-start" />}
      </div>
    </div>
  )
}
