/**
 * The onboarding step machine: which page each step shows, which pages a step allows, and
 * which transitions exist. The server owns the step; the web asks it and follows.
 * The page table is the product spec's (section 4), plus going back to earlier application
 * pages until the application is submitted.
 */

export const COMPANY_TYPES = ['sole_trader', 'partnership', 'corporation'] as const
export type CompanyType = (typeof COMPANY_TYPES)[number]

export const ONBOARDING_STEPS = [
  'company',
  'director_sole_trader',
  'director_partnership',
  'director_corporation',
  'financial',
  'pci',
  'operations',
  'terms',
  'pending',
  'paymentProvider',
  'exchange',
  'nodePassword',
  'deposit',
  'completed',
] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

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
  'channel-deposit-waiting',
  'sales-dashboard',
] as const
export type OnboardingPage = (typeof ONBOARDING_PAGES)[number]

/** The application, in order; each is saved by one form. */
export const APPLICATION_SECTIONS = [
  'company',
  'director',
  'financial',
  'pci',
  'operations',
  'terms',
] as const
export type ApplicationSection = (typeof APPLICATION_SECTIONS)[number]

const SECTION_PAGE: Record<ApplicationSection, OnboardingPage> = {
  company: 'company-details',
  director: 'director-details',
  financial: 'financial-details',
  pci: 'pci',
  operations: 'operations-details',
  terms: 'terms',
}

export function isOnboardingStep(v: string): v is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(v)
}

export function directorStep(type: CompanyType): OnboardingStep {
  return `director_${type}`
}

/** Which application section a step is at, or null once the application is submitted. */
export function sectionOf(step: OnboardingStep): ApplicationSection | null {
  if (step.startsWith('director_')) return 'director'
  return (APPLICATION_SECTIONS as readonly string[]).includes(step)
    ? (step as ApplicationSection)
    : null
}

/** The page a step shows (spec section 4). */
export function pageOf(step: OnboardingStep): OnboardingPage {
  switch (step) {
    case 'company':
      return 'company-details'
    case 'director_sole_trader':
    case 'director_partnership':
    case 'director_corporation':
      return 'director-details'
    case 'financial':
      return 'financial-details'
    case 'pci':
      return 'pci'
    case 'operations':
      return 'operations-details'
    case 'terms':
      return 'terms'
    case 'pending':
      return 'pending'
    case 'exchange':
      return 'new-exchange-account'
    case 'completed':
      return 'sales-dashboard'
    case 'paymentProvider':
      return 'payment-processor'
    case 'deposit':
      return 'channel-deposit'
    case 'nodePassword':
      return 'new-lightning-node'
  }
}

/** Pages a user at this step may be on without being redirected. */
export function allowedPages(step: OnboardingStep): OnboardingPage[] {
  const section = sectionOf(step)
  if (section) {
    // Earlier sections stay editable until the application is submitted.
    const upTo = APPLICATION_SECTIONS.indexOf(section)
    return APPLICATION_SECTIONS.slice(0, upTo + 1).map((s) => SECTION_PAGE[s])
  }
  switch (step) {
    case 'paymentProvider':
      return ['payment-processor', 'new-exchange-account', 'new-lightning-node', 'new-nwc-node']
    case 'deposit':
      return ['channel-deposit', 'channel-deposit-waiting']
    default:
      return [pageOf(step)]
  }
}

/** The business area (`/{businessId}/...`) opens once money can be received. */
export function isBusinessAreaOpen(step: OnboardingStep): boolean {
  return step === 'completed' || step === 'deposit'
}

/**
 * Whether a section's form may be saved at this step: only sections already reached, and only
 * before the application is submitted.
 */
export function canSaveSection(step: OnboardingStep, section: ApplicationSection): boolean {
  const current = sectionOf(step)
  if (!current) return false
  return APPLICATION_SECTIONS.indexOf(section) <= APPLICATION_SECTIONS.indexOf(current)
}

/**
 * The step after saving a section. Saving the current section moves forward; saving an earlier
 * one keeps the step, except that a new company type sends the user to the matching director
 * form (the directors saved for another type no longer apply).
 */
export function stepAfterSaving(
  step: OnboardingStep,
  section: ApplicationSection,
  companyType: CompanyType,
  opts: { companyTypeChanged?: boolean } = {},
): OnboardingStep {
  const current = sectionOf(step)
  if (!current) throw new Error(`cannot save ${section} at ${step}`)
  if (section === 'company' && opts.companyTypeChanged && current !== 'company') {
    return directorStep(companyType)
  }
  if (section !== current) return step
  switch (section) {
    case 'company':
      return directorStep(companyType)
    case 'director':
      return 'financial'
    case 'financial':
      return 'pci'
    case 'pci':
      return 'operations'
    case 'operations':
      return 'terms'
    case 'terms':
      return 'pending'
  }
}

export type PaymentProviderKind = 'exchange' | 'lightningNode' | 'nwc'

/** Choosing how money is held, from the payment-processor page. */
export function stepForProvider(kind: PaymentProviderKind): OnboardingStep {
  switch (kind) {
    case 'exchange':
      return 'exchange'
    case 'lightningNode':
      return 'nodePassword'
    case 'nwc':
      return 'paymentProvider'
  }
}
