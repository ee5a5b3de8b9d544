import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useSubscription } from '@trpc/tanstack-react-query'
import { ArrowRight, Zap } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { useRefreshOnboardingStep } from '@/lib/use-onboarding-step'
import { cn } from '@/lib/utils'
import type { Deposit } from './deposit-progress'

/** Where the channel's funding stands, as the card says it. */
export type FundingState =
  | { kind: 'none' }
  | { kind: 'waiting' }
  | { kind: 'confirming'; confirmations: number; required: number }
  | { kind: 'opening' }
  | { kind: 'failed' }
  | { kind: 'manual' }
  | { kind: 'open' }

/** The state of the business's current deposit (none, or one given up: a new one is needed). */
export function fundingState(deposit: Deposit | null | undefined): FundingState {
  if (!deposit || deposit.expiredAt !== null) return { kind: 'none' }
  const channel = deposit.channel.state
  if (channel === 'open' || channel === 'failed' || channel === 'manual') return { kind: channel }
  if (channel === 'opening' || deposit.status === 'confirmed') return { kind: 'opening' }
  if (deposit.status === 'receiving' && deposit.receivedSat >= deposit.amountSat) {
    return {
      kind: 'confirming',
      confirmations: Math.min(deposit.confirmations, deposit.requiredConfirmations),
      required: deposit.requiredConfirmations,
    }
  }
  return { kind: 'waiting' }
}

const BADGE_VARIANT = {
  none: 'warning',
  waiting: 'warning',
  confirming: 'default',
  opening: 'default',
  failed: 'destructive',
  manual: 'destructive',
  open: 'success',
} as const satisfies Record<FundingState['kind'], string>

/**
 * On the dashboard of a business whose own node has no open channel yet: Lightning payments
 * wait for the channel deposit. Says where the deposit stands (followed live) and leads to it;
 * once the channel opens, the business's step is read again and the card goes.
 */
export function ChannelFundingCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const currentKey = trpc.deposit.current.queryKey({ businessId })
  const current = useQuery(trpc.deposit.current.queryOptions({ businessId }))
  const deposit = current.data
  const state = fundingState(deposit)
  useSubscription(
    trpc.deposit.watch.subscriptionOptions(
      { businessId, onchainInvoiceId: deposit?.id ?? '' },
      {
        enabled: deposit !== undefined && deposit !== null && state.kind !== 'open',
        onData: ({ data }) => queryClient.setQueryData(currentKey, data),
      },
    ),
  )
  useStepOnceOpen(businessId, state.kind)

  const label =
    state.kind === 'confirming'
      ? t('deposit.funding.state.confirming', {
          count: state.confirmations,
          required: state.required,
        })
      : t(`deposit.funding.state.${state.kind}`)

  return (
    <Card className="border-warning/50 bg-warning-soft/60" role="status">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <div className="flex min-w-0 flex-1 basis-72 gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-card text-warning-foreground">
            <Zap className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 space-y-1.5">
            <h2 className="text-base font-semibold">{t('deposit.funding.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('deposit.funding.description')}</p>
            {current.isPending ? null : (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-muted-foreground">{t('deposit.funding.stateLabel')}</span>
                <Badge
                  variant={BADGE_VARIANT[state.kind]}
                  className={cn(state.kind === 'opening' && 'animate-pulse')}
                >
                  {label}
                </Badge>
              </p>
            )}
          </div>
        </div>
        {deposit && state.kind !== 'none' ? (
          <Button asChild className="max-sm:w-full">
            <Link
              to="/onboarding/$businessId/channel-deposit/$onchainInvoiceId/waiting"
              params={{ businessId, onchainInvoiceId: deposit.id }}
            >
              {t('deposit.funding.follow')}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : (
          <Button asChild className="max-sm:w-full">
            <Link to="/onboarding/$businessId/channel-deposit" params={{ businessId }}>
              {t('deposit.funding.start')}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

/** The channel opened while the card showed: say so, and read the business's step again. */
function useStepOnceOpen(businessId: string, kind: FundingState['kind']) {
  const { t } = useTranslation()
  const refreshStep = useRefreshOnboardingStep(businessId)
  const last = useRef<FundingState['kind'] | undefined>(undefined)
  useEffect(() => {
    const before = last.current
    last.current = kind
    if (kind !== 'open' || before === 'open') return
    if (before !== undefined)
      notify.success(t('deposit.open.toastTitle'), t('deposit.open.toastMessage'))
    void refreshStep()
  }, [kind, refreshStep, t])
}
