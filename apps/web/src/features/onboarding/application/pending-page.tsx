import { useSuspenseQuery } from '@tanstack/react-query'
import { Clock } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { onboardingPageTarget } from '../onboarding-steps'
import { ApplicationAnswers } from './application-answers'
import { ApplicationFrame } from './application-frame'
import { useGoToTarget, useRefreshOnboarding } from './use-application'

/** How often the page asks whether the application has been decided. */
const POLL_INTERVAL_MS = 5000

/** The submitted application awaiting review; moves on by itself once it is decided. */
export function PendingPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { data: state } = useSuspenseQuery({
    ...trpc.onboarding.state.queryOptions({ businessId }),
    refetchInterval: POLL_INTERVAL_MS,
  })
  const refresh = useRefreshOnboarding(businessId)
  const goTo = useGoToTarget(businessId)
  const { step } = state
  const reviewStatus = state.review.status

  useEffect(() => {
    if (step === 'pending') return
    if (reviewStatus === 'approved') {
      notify.success(t('application.pending.approved'), t('application.pending.approvedMessage'))
    } else if (reviewStatus === 'rejected') {
      notify.error(t('application.pending.rejected'), t('application.pending.rejectedMessage'))
    }
    void refresh().then(() => goTo(onboardingPageTarget(step, undefined)))
  }, [goTo, refresh, reviewStatus, step, t])

  const submittedAt = state.review.submittedAt
  const company = state.application.company

  return (
    <ApplicationFrame
      businessId={businessId}
      page="pending"
      state={state}
      title={t('pages.pending')}
      description={t('application.pending.description')}
    >
      <Card>
        <CardContent className="grid gap-6 pt-6">
          <div className="flex items-start gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning-foreground">
              <Clock className="size-5" aria-hidden />
            </span>
            <div className="grid gap-1">
              <h2 className="text-base font-semibold">
                {t('application.pending.heading', {
                  name: company?.tradingName ?? company?.legalName ?? '',
                })}
              </h2>
              {submittedAt && (
                <p className="text-sm text-muted-foreground">
                  {t('application.pending.submittedAt', {
                    date: formatDate(submittedAt, { dateStyle: 'long', timeStyle: 'short' }),
                  })}
                </p>
              )}
            </div>
          </div>
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('application.pending.nextTitle')}</h3>
            <ol className="grid gap-2 text-sm text-muted-foreground">
              {(['check', 'decision', 'processor'] as const).map((item, index) => (
                <li key={item} className="flex gap-3">
                  <span
                    className="flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium text-foreground"
                    aria-hidden
                  >
                    {index + 1}
                  </span>
                  {t(`application.pending.next.${item}`)}
                </li>
              ))}
            </ol>
          </div>
          <p
            className="flex items-center gap-2 border-t border-border pt-4 text-xs text-muted-foreground"
            aria-live="polite"
          >
            <Spinner className="size-3.5" />
            {t('application.pending.watching')}
          </p>
        </CardContent>
      </Card>
      <div className="mt-6">
        <ApplicationAnswers businessId={businessId} answers={state.application} canEdit={false} />
      </div>
    </ApplicationFrame>
  )
}
