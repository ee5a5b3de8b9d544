import { Link } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import { ONBOARDING_ROUTES } from '../onboarding-routes'
import { STEPPER_PAGES, stepperProgress, type StepperPage } from './application-sections'

const LABEL_KEYS = {
  'company-details': 'application.stepper.company',
  'director-details': 'application.stepper.directors',
  'financial-details': 'application.stepper.financial',
  pci: 'application.stepper.pci',
  'operations-details': 'application.stepper.operations',
  terms: 'application.stepper.terms',
  pending: 'application.stepper.review',
} as const satisfies Record<StepperPage, string>

/**
 * Where the user is in the application: each section numbered, done ones ticked, the one on
 * screen marked, and the ones that may be opened now (earlier sections) as links.
 */
export function ApplicationStepper({
  businessId,
  page,
  step,
  allowedPages,
}: {
  businessId: string
  page: StepperPage
  step: string
  allowedPages: readonly string[]
}) {
  const { t } = useTranslation()
  const progress = stepperProgress(step)
  const viewing = STEPPER_PAGES.indexOf(page)
  return (
    <nav aria-label={t('application.stepper.label')} className="mb-8">
      <p className="mb-3 text-sm text-muted-foreground sm:hidden">
        {t('application.stepper.position', {
          current: viewing + 1,
          total: STEPPER_PAGES.length,
          name: t(LABEL_KEYS[page]),
        })}
      </p>
      <ol className="flex items-start">
        {STEPPER_PAGES.map((item, index) => {
          const isDone = index < progress
          const isViewing = index === viewing
          const isReached = index <= progress
          const canOpen = !isViewing && allowedPages.includes(item)
          const label = t(LABEL_KEYS[item])
          const state = isDone
            ? t('application.stepper.done')
            : index === progress
              ? t('application.stepper.inProgress')
              : t('application.stepper.notStarted')
          const marker = (
            <>
              <span
                className={cn(
                  'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border text-xs font-semibold transition-colors',
                  isDone && 'border-primary bg-primary text-primary-foreground',
                  !isDone && isReached && 'border-primary bg-card text-primary',
                  !isReached && 'border-border bg-card text-muted-foreground',
                  isViewing && 'ring-4 ring-primary/20',
                )}
              >
                {isDone ? <Check className="size-4" strokeWidth={3} aria-hidden /> : index + 1}
              </span>
              <span
                className={cn(
                  'mt-2 hidden max-w-full px-0.5 text-center text-xs leading-tight sm:block',
                  isViewing ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {label}
              </span>
              <span className="sr-only">{` (${state})`}</span>
            </>
          )
          return (
            <li
              key={item}
              className="relative flex min-w-0 flex-1 flex-col items-center"
              aria-current={isViewing ? 'step' : undefined}
            >
              {index > 0 && (
                <span
                  aria-hidden
                  className={cn(
                    'absolute top-4 right-1/2 -left-1/2 h-0.5 -translate-y-1/2',
                    index <= progress ? 'bg-primary' : 'bg-border',
                  )}
                />
              )}
              {canOpen && item !== 'pending' ? (
                <Link
                  to={ONBOARDING_ROUTES[item]}
                  params={{ businessId }}
                  className="group flex min-w-0 flex-col items-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25 [&>span:first-child]:group-hover:ring-4 [&>span:first-child]:group-hover:ring-primary/15"
                >
                  {marker}
                </Link>
              ) : (
                <span className="flex min-w-0 flex-col items-center">{marker}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
