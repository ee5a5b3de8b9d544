/**
 * The onboarding step machine, written once for the server and the web: the steps, the page
 * each step shows and the pages it allows (the product spec's table, section 4, plus going back
 * to earlier application pages until the application is submitted), when the business area
 * opens, and which events move a business from one step to the next.
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

/** The spec's pages: those under /onboarding/{businessId}/, plus the sales dashboard. */
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

/** The application forms' pages, in the order of their sections. */
export const APPLICATION_PAGES = [
  'company-details',
  'director-details',
  'financial-details',
  'pci',
  'operations-details',
  'terms',
] as const satisfies readonly OnboardingPage[]
export type ApplicationPage = (typeof APPLICATION_PAGES)[number]

interface StepPages {
  /** The page the step shows. */
  readonly page: OnboardingPage
  /** Every page a user at this step may be on without being redirected (`page` included). */
  readonly allowed: readonly OnboardingPage[]
}

/** An application step: its own page and every application page before it. */
function applicationStep<P extends ApplicationPage>(page: P) {
  return { page, allowed: APPLICATION_PAGES.slice(0, APPLICATION_PAGES.indexOf(page) + 1) }
}

/** The product spec's step -> page table (section 4). */
export const STEP_PAGES = {
  company: applicationStep('company-details'),
  director_sole_trader: applicationStep('director-details'),
  director_partnership: applicationStep('director-details'),
  director_corporation: applicationStep('director-details'),
  financial: applicationStep('financial-details'),
  pci: applicationStep('pci'),
  operations: applicationStep('operations-details'),
  terms: applicationStep('terms'),
  pending: { page: 'pending', allowed: ['pending'] },
  paymentProvider: {
    page: 'payment-processor',
    allowed: ['payment-processor', 'new-exchange-account', 'new-lightning-node', 'new-nwc-node'],
  },
  exchange: { page: 'new-exchange-account', allowed: ['new-exchange-account'] },
  nodePassword: { page: 'new-lightning-node', allowed: ['new-lightning-node'] },
  deposit: { page: 'channel-deposit', allowed: ['channel-deposit', 'channel-deposit-waiting'] },
  completed: { page: 'sales-dashboard', allowed: ['sales-dashboard'] },
} as const satisfies Record<OnboardingStep, StepPages>

export function isOnboardingStep(v: string): v is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(v)
}

/** The page a step shows (spec section 4). */
export function pageOf(step: OnboardingStep): OnboardingPage {
  return STEP_PAGES[step].page
}

/** Pages a user at this step may be on without being redirected. */
export function allowedPages(step: OnboardingStep): OnboardingPage[] {
  return [...STEP_PAGES[step].allowed]
}

/** The steps at which the business area (`/{businessId}/...`) is open: money can be received. */
const BUSINESS_AREA_STEPS = ['deposit', 'completed'] as const satisfies OnboardingStep[]

/** The business area (`/{businessId}/...`) opens once money can be received. */
export function isBusinessAreaOpen(step: string): boolean {
  return (BUSINESS_AREA_STEPS as readonly string[]).includes(step)
}

function directorStep(type: CompanyType): OnboardingStep {
  return `director_${type}`
}

/** Which application section a step is at, or null once the application is submitted. */
export function sectionOf(step: OnboardingStep): ApplicationSection | null {
  if (step.startsWith('director_')) return 'director'
  return (APPLICATION_SECTIONS as readonly string[]).includes(step)
    ? (step as ApplicationSection)
    : null
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

export const PAYMENT_PROVIDER_KINDS = ['exchange', 'lightningNode', 'nwc'] as const
export type PaymentProviderKind = (typeof PAYMENT_PROVIDER_KINDS)[number]

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

/** What happened to a business that may move its onboarding step. */
export type OnboardingEvent =
  | {
      type: 'sectionSaved'
      section: Exclude<ApplicationSection, 'terms'>
      companyType: CompanyType
      companyTypeChanged: boolean
    }
  /** The terms were accepted: the application goes to review. */
  | { type: 'applicationSubmitted' }
  | { type: 'applicationApproved' }
  /** A rejected application goes back to the owner to edit and resubmit. */
  | { type: 'applicationRejected' }
  /** The payment-processor choice; at `exchange` or `nodePassword` the choice can change. */
  | { type: 'providerChosen'; kind: PaymentProviderKind }
  | { type: 'exchangeConnected' }
  | { type: 'nwcConnected' }
  /** The merchant's own node is set up and its seed written down: on to the channel deposit. */
  | { type: 'nodeCreated' }
  /** The deposit's channel is open: onboarding is complete. */
  | { type: 'channelOpened' }

/** The step an event leads to from `step`, or null when the event is not allowed there. */
export function nextStep(step: OnboardingStep, event: OnboardingEvent): OnboardingStep | null {
  switch (event.type) {
    case 'sectionSaved':
      if (!canSaveSection(step, event.section)) return null
      return stepAfterSaving(step, event.section, event.companyType, {
        companyTypeChanged: event.companyTypeChanged,
      })
    case 'applicationSubmitted':
      return step === 'terms' ? 'pending' : null
    case 'applicationApproved':
      return step === 'pending' ? 'paymentProvider' : null
    case 'applicationRejected':
      return step === 'pending' ? 'company' : null
    case 'providerChosen':
      return step === 'paymentProvider' || step === 'exchange' || step === 'nodePassword'
        ? stepForProvider(event.kind)
        : null
    case 'exchangeConnected':
      return step === 'exchange' ? 'completed' : null
    case 'nwcConnected':
      return step === 'paymentProvider' ? 'completed' : null
    case 'nodeCreated':
      return step === 'nodePassword' ? 'deposit' : null
    case 'channelOpened':
      return step === 'deposit' ? 'completed' : null
  }
}
