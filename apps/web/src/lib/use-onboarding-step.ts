import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTRPC } from '@/lib/trpc'

/**
 * After the server moved the business to another onboarding step: forget the cached step, so
 * the route guards (which use fetchQuery) ask the server again, and the business list, which
 * shows whether a business is still being set up.
 */
export function useRefreshOnboardingStep(businessId: string) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.businesses.onboardingStep.queryFilter({ businessId })),
      queryClient.invalidateQueries(trpc.businesses.list.queryFilter()),
    ])
  }, [queryClient, trpc, businessId])
}

/**
 * When the server says a step is not available (the business moved on in another tab, say):
 * read the step again and let the guards take the user to where the business is now.
 */
export function useFollowServerStep(businessId: string) {
  const refresh = useRefreshOnboardingStep(businessId)
  const router = useRouter()
  return useCallback(async () => {
    await refresh()
    await router.invalidate()
  }, [refresh, router])
}

/** Whether the business is at the choice step itself (not at an option's own step). */
export function useIsAtChoiceStep(businessId: string): boolean {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.businesses.onboardingStep.queryOptions({ businessId }))
  return data?.step === 'paymentProvider'
}
