/**
 * Route guards of onboarding and the business area: read the business's onboarding step
 * (a business the user cannot see is "not found") and send the user to the page it belongs to.
 * Guards use fetchQuery: cached data while fresh, a new answer once something invalidated it
 * (a step form that moved the business on must invalidate `business.onboardingStep`).
 */
import { notFound, redirect } from '@tanstack/react-router'
import { parseAppError } from '@/lib/app-error'
import type { RouterContext } from '@/lib/router-context'
import {
  businessAreaTarget,
  onboardingPageOf,
  onboardingPageTarget,
  type OnboardingPage,
} from './onboarding-steps'

/** The route of each onboarding page, for links and redirects. */
export const ONBOARDING_ROUTES = {
  'company-details': '/onboarding/$businessId/company-details',
  'director-details': '/onboarding/$businessId/director-details',
  'financial-details': '/onboarding/$businessId/financial-details',
  pci: '/onboarding/$businessId/pci',
  'operations-details': '/onboarding/$businessId/operations-details',
  terms: '/onboarding/$businessId/terms',
  pending: '/onboarding/$businessId/pending',
  'payment-processor': '/onboarding/$businessId/payment-processor',
  'new-exchange-account': '/onboarding/$businessId/new-exchange-account',
  'new-lightning-node': '/onboarding/$businessId/new-lightning-node',
  'new-nwc-node': '/onboarding/$businessId/new-nwc-node',
  'channel-deposit': '/onboarding/$businessId/channel-deposit',
} as const satisfies Record<OnboardingPage, string>

async function ensureOnboardingStep(context: RouterContext, businessId: string): Promise<string> {
  try {
    const { step } = await context.queryClient.fetchQuery(
      context.trpc.businesses.onboardingStep.queryOptions({ businessId }),
    )
    return step
  } catch (error) {
    const { code } = parseAppError(error)
    if (code === 'NOT_FOUND' || code === 'VALIDATION') throw notFound()
    throw error
  }
}

/** beforeLoad of /onboarding/$businessId: only the current step's pages are open. */
export async function guardOnboardingPage(
  context: RouterContext,
  businessId: string,
  pathname: string,
): Promise<void> {
  const step = await ensureOnboardingStep(context, businessId)
  const target = onboardingPageTarget(step, onboardingPageOf(pathname, businessId))
  if (target.kind === 'dashboard') {
    throw redirect({ to: '/$businessId/sales/dashboard', params: { businessId }, replace: true })
  }
  if (target.kind === 'onboarding') {
    throw redirect({ to: ONBOARDING_ROUTES[target.page], params: { businessId }, replace: true })
  }
}

/** beforeLoad of /$businessId: the business area opens once onboarding allows it. */
export async function guardBusinessArea(context: RouterContext, businessId: string): Promise<void> {
  const step = await ensureOnboardingStep(context, businessId)
  const target = businessAreaTarget(step)
  if (target.kind === 'onboarding') {
    throw redirect({ to: ONBOARDING_ROUTES[target.page], params: { businessId }, replace: true })
  }
}
