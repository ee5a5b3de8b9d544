import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { parseAppError } from '@/lib/app-error'
import { notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { useFollowServerStep, useRefreshOnboardingStep } from '@/lib/use-onboarding-step'

export type ProviderKind = 'exchange' | 'lightningNode' | 'nwc'

const PAGE_BY_KIND = {
  exchange: '/onboarding/$businessId/new-exchange-account',
  lightningNode: '/onboarding/$businessId/new-lightning-node',
  nwc: '/onboarding/$businessId/new-nwc-node',
} as const

/**
 * Records the merchant's choice of payment processor and opens its set-up page. NWC has no
 * step of its own (it is connected from the choice step), and choosing it is also how a
 * merchant at the exchange or node step goes back to the three options.
 */
export function useChooseProvider(
  businessId: string,
  { goTo }: { goTo: 'chosenPage' | 'options' } = { goTo: 'chosenPage' },
) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const refreshStep = useRefreshOnboardingStep(businessId)
  const followServerStep = useFollowServerStep(businessId)

  return useMutation(
    trpc.onboarding.choosePaymentProvider.mutationOptions({
      onSuccess: async (_result, { kind }) => {
        await refreshStep()
        await navigate(
          goTo === 'options'
            ? { to: '/onboarding/$businessId/payment-processor', params: { businessId } }
            : { to: PAGE_BY_KIND[kind], params: { businessId } },
        )
      },
      onError: async (error) => {
        notifyError(error, t('provider.choose.failedTitle'))
        if (parseAppError(error).code === 'STEP_NOT_ALLOWED') await followServerStep()
      },
    }),
  )
}
