/**
 * Which page belongs to a business's onboarding step (spec section 4), and where a user who
 * opens another page is sent instead.
 */

/** Pages under /onboarding/$businessId/, by their first path segment. */
export const ONBOARDING_PAGES = [
  'company-details',
  'director-details',
  'financial-details',
  'pci',
  'operations-details',
  'terms',
  'pending',
  'payment-processor',
  'new-exchange-account',
  'new-lightning-node',
  'new-nwc-node',
  'channel-deposit',
] as const
export type OnboardingPage = (typeof ONBOARDING_PAGES)[number]

interface StepPages {
  /** Where the step is done. */
  main: OnboardingPage
  /** Every page the step allows (the main one included). */
  allowed: readonly OnboardingPage[]
}

/** The application forms in order; until it is submitted, earlier ones stay open for editing. */
export const APPLICATION_PAGES = [
  'company-details',
  'director-details',
  'financial-details',
  'pci',
  'operations-details',
  'terms',
] as const satisfies readonly OnboardingPage[]
export type ApplicationPage = (typeof APPLICATION_PAGES)[number]

/** An application step: its own page and every application page before it. */
function applicationStep(main: ApplicationPage): StepPages {
  return { main, allowed: APPLICATION_PAGES.slice(0, APPLICATION_PAGES.indexOf(main) + 1) }
}

const PAGES_BY_STEP: Record<string, StepPages> = {
  company: applicationStep('company-details'),
  director_partnership: applicationStep('director-details'),
  director_corporation: applicationStep('director-details'),
  director_sole_trader: applicationStep('director-details'),
  financial: applicationStep('financial-details'),
  pci: applicationStep('pci'),
  operations: applicationStep('operations-details'),
  terms: applicationStep('terms'),
  pending: { main: 'pending', allowed: ['pending'] },
  exchange: { main: 'new-exchange-account', allowed: ['new-exchange-account'] },
  paymentProvider: {
    main: 'payment-processor',
    allowed: ['payment-processor', 'new-exchange-account', 'new-lightning-node', 'new-nwc-node'],
  },
  // The channel-deposit segment covers the deposit page and its waiting page below it.
  deposit: { main: 'channel-deposit', allowed: ['channel-deposit'] },
  nodePassword: { main: 'new-lightning-node', allowed: ['new-lightning-node'] },
}

/** Steps in which the business area (dashboard, sales, devices, ...) is open. */
const BUSINESS_AREA_STEPS = new Set(['completed', 'deposit'])

export type StepTarget =
  { kind: 'dashboard' } | { kind: 'onboarding'; page: OnboardingPage } | { kind: 'stay' }

/** Where a user opening the onboarding page `page` (undefined: no page) should be. */
export function onboardingPageTarget(step: string, page: string | undefined): StepTarget {
  if (step === 'completed') return { kind: 'dashboard' }
  const pages = PAGES_BY_STEP[step]
  // A step this version does not know: leave the user where they are rather than loop.
  if (!pages) return { kind: 'stay' }
  if (page !== undefined && (pages.allowed as readonly string[]).includes(page)) {
    return { kind: 'stay' }
  }
  return { kind: 'onboarding', page: pages.main }
}

/** Where a user opening a page of the business area should be. */
export function businessAreaTarget(step: string): StepTarget {
  if (BUSINESS_AREA_STEPS.has(step)) return { kind: 'stay' }
  const pages = PAGES_BY_STEP[step]
  return pages ? { kind: 'onboarding', page: pages.main } : { kind: 'stay' }
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

export function onboardingHref(businessId: string, page: OnboardingPage): string {
  return `/onboarding/${encodeURIComponent(businessId)}/${page}`
}
