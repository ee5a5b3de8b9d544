/**
 * Where a user who opens a page is sent, from the business's onboarding step. The step -> page
 * table itself is the domain's (spec section 4).
 */
import {
  APPLICATION_PAGES,
  isBusinessAreaOpen,
  isOnboardingStep,
  STEP_PAGES,
  type ApplicationPage,
  type OnboardingStep,
} from '@app/domain'

export { APPLICATION_PAGES, type ApplicationPage }

/** The page a step shows, for every step before onboarding is completed. */
type StepPage = (typeof STEP_PAGES)[Exclude<OnboardingStep, 'completed'>]['page']

/** Pages under /onboarding/$businessId/, by their first path segment. */
export type OnboardingPage = StepPage | (typeof STEP_PAGES)['paymentProvider']['allowed'][number]

export type StepTarget =
  { kind: 'dashboard' } | { kind: 'onboarding'; page: OnboardingPage } | { kind: 'stay' }

/** Where a user opening the onboarding page `page` (undefined: no page) should be. */
export function onboardingPageTarget(step: string, page: string | undefined): StepTarget {
  // A step this version does not know: leave the user where they are rather than loop.
  if (!isOnboardingStep(step)) return { kind: 'stay' }
  if (step === 'completed') return { kind: 'dashboard' }
  const pages = STEP_PAGES[step]
  // The channel-deposit segment covers the deposit page and its waiting page below it.
  if (page !== undefined && (pages.allowed as readonly string[]).includes(page)) {
    return { kind: 'stay' }
  }
  return { kind: 'onboarding', page: pages.page }
}

/** Where a user opening a page of the business area should be. */
export function businessAreaTarget(step: string): StepTarget {
  if (isBusinessAreaOpen(step) || !isOnboardingStep(step)) return { kind: 'stay' }
  return onboardingPageTarget(step, undefined)
}

/** The first segment after /onboarding/<businessId>/ in a path, if any. */
export function onboardingPageOf(pathname: string, businessId: string): string | undefined {
  const prefix = [
    `/onboarding/${encodeURIComponent(businessId)}/`,
    `/onboarding/${businessId}/`,
  ].find((candidate) => pathname.startsWith(candidate))
  if (prefix === undefined) return undefined
  const segment = pathname.slice(prefix.length).split('/')[0]
  return segment ? segment : undefined
}
