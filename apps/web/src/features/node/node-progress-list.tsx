import { AlertTriangle, Check, CircleX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import { NODE_STEPS, nodeProgress, stepState, type NodeProgressInput } from '@/lib/node-progress'
import { SupportLink } from '@/components/support-link'

/** The node's set-up steps, top to bottom: done ones ticked, the current one turning. */
export function NodeProgressList({
  status,
  isCreatingWallet = false,
}: {
  status: NodeProgressInput
  /** The wallet is being created right now (shown on the initialisation step). */
  isCreatingWallet?: boolean
}) {
  const { t } = useTranslation()
  const { current, notice } = nodeProgress(status)
  return (
    <div className="grid gap-4">
      {notice && (
        <Alert variant={notice === 'failed' ? 'destructive' : 'warning'} role="status">
          {notice === 'failed' ? <CircleX aria-hidden /> : <AlertTriangle aria-hidden />}
          <AlertTitle>{t(`node.notice.${notice}.title`)}</AlertTitle>
          <AlertDescription>
            {t(`node.notice.${notice}.message`)}{' '}
            {notice === 'failed' && <SupportLink className="font-medium" />}
          </AlertDescription>
        </Alert>
      )}
      <ol className="grid" aria-label={t('node.progress.label')}>
        {NODE_STEPS.map((step, index) => {
          const state = stepState(step, current)
          const isLast = index === NODE_STEPS.length - 1
          const isStalled = state === 'current' && notice !== undefined
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className="relative flex gap-3 pb-5 last:pb-0"
            >
              {!isLast && (
                <span
                  aria-hidden
                  className={cn(
                    'absolute top-7 bottom-1 left-3 w-px -translate-x-1/2',
                    state === 'done' ? 'bg-success/60' : 'bg-border',
                  )}
                />
              )}
              <span
                className={cn(
                  'relative flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-medium',
                  state === 'done' && 'border-success bg-success text-success-foreground',
                  state === 'current' && 'border-primary bg-primary-soft text-primary',
                  state === 'upcoming' && 'border-border bg-card text-muted-foreground',
                )}
              >
                {state === 'done' ? (
                  <Check className="size-3.5" strokeWidth={3} aria-hidden />
                ) : state === 'current' && !isStalled ? (
                  <Spinner className="size-3.5" />
                ) : (
                  index + 1
                )}
              </span>
              <div className="min-w-0 pt-0.5">
                <p
                  className={cn(
                    'text-sm font-medium',
                    state === 'upcoming' ? 'text-muted-foreground' : 'text-foreground',
                  )}
                >
                  {step === 'waitingForInitialisation' && isCreatingWallet
                    ? t('node.progress.creatingWallet')
                    : t(`node.progress.${step}.title`)}
                  <span className="sr-only">: {t(`node.progress.state.${state}`)}</span>
                </p>
                {state === 'current' && (
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    {t(`node.progress.${step}.hint`)}
                  </p>
                )}
              </div>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
