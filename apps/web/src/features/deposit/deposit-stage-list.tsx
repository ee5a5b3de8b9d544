import { Check, CircleX } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import { StageDetail } from './deposit-stage-detail'
import {
  DEPOSIT_STAGES,
  depositStages,
  type Deposit,
  type DepositStage,
  type StageState,
} from './deposit-progress'

/** The deposit's stages in order (payment, confirmations, channel, ready), each with its state. */
export function DepositStageList({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation()
  const stages = depositStages(deposit)
  return (
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
