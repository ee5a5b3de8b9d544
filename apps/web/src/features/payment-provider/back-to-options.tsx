import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useChooseProvider } from './use-choose-provider'
import { useIsAtChoiceStep } from '@/lib/use-onboarding-step'

const linkClass = 'mb-6 h-auto px-0 text-muted-foreground hover:text-foreground'

/**
 * "Choose another option": a plain link while the business is at the choice step; from the
 * exchange or node step the server first moves the business back to the choice step.
 */
export function BackToOptions({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const choose = useChooseProvider(businessId, { goTo: 'options' })
  const isAtChoiceStep = useIsAtChoiceStep(businessId)
  if (isAtChoiceStep) {
    return (
      <Button variant="link" className={linkClass} asChild>
        <Link to="/onboarding/$businessId/payment-processor" params={{ businessId }}>
          <ArrowLeft aria-hidden />
          {t('provider.backToOptions')}
        </Link>
      </Button>
    )
  }
  return (
    <Button
      variant="link"
      className={linkClass}
      isLoading={choose.isPending}
      // The choice step is where NWC is connected from, so choosing it reopens the options.
      onClick={() => choose.mutate({ businessId, kind: 'nwc' })}
    >
      {!choose.isPending && <ArrowLeft aria-hidden />}
      {t('provider.backToOptions')}
    </Button>
  )
}
