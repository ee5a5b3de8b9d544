import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import type { StepperPage } from './application-sections'
import { ApplicationStepper } from './application-stepper'
import type { ApplicationState } from './use-application'

/** Every application page: a refusal to act on, the stepper, the heading, then the page. */
export function ApplicationFrame({
  businessId,
  page,
  state,
  title,
  description,
  children,
}: {
  businessId: string
  page: StepperPage
  state: ApplicationState
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="space-y-0">
      {state.review.status === 'rejected' && <RejectionNotice reason={state.review.reason} />}
      <ApplicationStepper
        businessId={businessId}
        page={page}
        step={state.step}
        allowedPages={state.allowedPages}
      />
      <PageHeader title={title} description={description} />
      {children}
    </div>
  )
}

function RejectionNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation()
  return (
    <Alert variant="destructive" className="mb-8" role="alert">
      <CircleAlert aria-hidden />
      <AlertTitle>{t('application.rejected.title')}</AlertTitle>
      <AlertDescription className="grid gap-1.5">
        {reason && (
          <p className="text-foreground">
            <span className="font-medium">{t('application.rejected.reasonLabel')}</span>{' '}
            <span className="whitespace-pre-line">{reason}</span>
          </p>
        )}
        <p>{t('application.rejected.hint')}</p>
      </AlertDescription>
    </Alert>
  )
}
