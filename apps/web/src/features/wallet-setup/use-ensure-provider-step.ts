import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTRPC, useTRPCClient } from '@/lib/trpc'
import type { ProviderKind } from './use-choose-provider'

/**
 * The exchange and node pages also open straight from the choice step (a bookmarked link, the
 * back button): before their first call, record the choice the page stands for.
 */
export function useEnsureProviderStep(businessId: string, kind: Exclude<ProviderKind, 'nwc'>) {
  const trpc = useTRPC()
  const client = useTRPCClient()
  const queryClient = useQueryClient()
  return useCallback(async () => {
    const { step } = await queryClient.fetchQuery(
      trpc.business.onboardingStep.queryOptions({ businessId }),
    )
    if (step !== 'paymentProvider') return
    const chosen = await client.onboarding.choosePaymentProvider.mutate({ businessId, kind })
    queryClient.setQueryData(trpc.business.onboardingStep.queryKey({ businessId }), chosen)
  }, [businessId, client, kind, queryClient, trpc])
}

/** Whether the business is at the choice step itself (not at an option's own step). */
export function useIsAtChoiceStep(businessId: string): boolean {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.business.onboardingStep.queryOptions({ businessId }))
  return data?.step === 'paymentProvider'
}
