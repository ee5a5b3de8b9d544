import { createFileRoute } from '@tanstack/react-router'
import { guardOnboardingPage } from '@/features/onboarding/onboarding-routes'

export const Route = createFileRoute('/_auth/onboarding/$businessId')({
  beforeLoad: ({ context, params, location }) =>
    guardOnboardingPage(context, params.businessId, location.pathname),
})
