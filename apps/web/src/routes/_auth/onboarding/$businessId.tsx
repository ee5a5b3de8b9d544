import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_auth/onboarding/$businessId')({
  // loaded when an onboarding page opens, not with every page's entry
  beforeLoad: async ({ context, params, location }) => {
    const { guardOnboardingPage } = await import('@/features/onboarding/onboarding-routes')
    await guardOnboardingPage(context, params.businessId, location.pathname)
  },
})
