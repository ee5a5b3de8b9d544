import { describe, expect, it } from 'vitest'
import {
  allowedPages,
  canSaveSection,
  isBusinessAreaOpen,
  nextStep,
  ONBOARDING_STEPS,
  pageOf,
  stepAfterSaving,
  stepForProvider,
  type OnboardingPage,
  type OnboardingStep,
} from './steps'

/** The product spec's table (section 4), row by row. */
const SPEC_TABLE: [OnboardingStep, OnboardingPage, OnboardingPage[]][] = [
  ['company', 'company-details', ['company-details']],
  ['director_partnership', 'director-details', ['company-details', 'director-details']],
  ['director_corporation', 'director-details', ['company-details', 'director-details']],
  ['director_sole_trader', 'director-details', ['company-details', 'director-details']],
  ['financial', 'financial-details', ['company-details', 'director-details', 'financial-details']],
  ['pci', 'pci', ['company-details', 'director-details', 'financial-details', 'pci']],
  [
    'operations',
    'operations-details',
    ['company-details', 'director-details', 'financial-details', 'pci', 'operations-details'],
  ],
  [
    'terms',
    'terms',
    [
      'company-details',
      'director-details',
      'financial-details',
      'pci',
      'operations-details',
      'terms',
    ],
  ],
  ['pending', 'pending', ['pending']],
  ['exchange', 'new-exchange-account', ['new-exchange-account']],
  ['completed', 'sales-dashboard', ['sales-dashboard']],
  [
    'paymentProvider',
    'payment-processor',
    ['payment-processor', 'new-exchange-account', 'new-lightning-node', 'new-nwc-node'],
  ],
  ['deposit', 'channel-deposit', ['channel-deposit', 'channel-deposit-waiting']],
  ['nodePassword', 'new-lightning-node', ['new-lightning-node']],
]

describe('onboarding step table', () => {
  it.each(SPEC_TABLE)('%s shows %s and allows %j', (step, page, allowed) => {
    expect(pageOf(step)).toBe(page)
    expect(allowedPages(step)).toEqual(allowed)
  })

  it('opens the business area only at completed and deposit', () => {
    const open = SPEC_TABLE.map(([s]) => s).filter(isBusinessAreaOpen)
    expect(open.sort()).toEqual(['completed', 'deposit'])
  })
})

describe('transitions', () => {
  it('walks the application forward section by section', () => {
    expect(stepAfterSaving('company', 'company', 'partnership')).toBe('director_partnership')
    expect(stepAfterSaving('company', 'company', 'sole_trader')).toBe('director_sole_trader')
    expect(stepAfterSaving('company', 'company', 'corporation')).toBe('director_corporation')
    expect(stepAfterSaving('director_corporation', 'director', 'corporation')).toBe('financial')
    expect(stepAfterSaving('financial', 'financial', 'corporation')).toBe('pci')
    expect(stepAfterSaving('pci', 'pci', 'corporation')).toBe('operations')
    expect(stepAfterSaving('operations', 'operations', 'corporation')).toBe('terms')
    expect(stepAfterSaving('terms', 'terms', 'corporation')).toBe('pending')
  })

  it('keeps the step when an earlier section is edited', () => {
    expect(stepAfterSaving('pci', 'company', 'corporation')).toBe('pci')
    expect(stepAfterSaving('terms', 'financial', 'corporation')).toBe('terms')
  })

  it('sends a changed company type back to the matching director form', () => {
    expect(stepAfterSaving('pci', 'company', 'partnership', { companyTypeChanged: true })).toBe(
      'director_partnership',
    )
  })

  it('refuses sections not reached yet and everything after submission', () => {
    expect(canSaveSection('company', 'financial')).toBe(false)
    expect(canSaveSection('director_sole_trader', 'pci')).toBe(false)
    expect(canSaveSection('financial', 'company')).toBe(true)
    for (const step of [
      'pending',
      'paymentProvider',
      'exchange',
      'nodePassword',
      'deposit',
      'completed',
    ] as const) {
      expect(canSaveSection(step, 'company')).toBe(false)
    }
  })

  it('maps the three ways of holding money to their steps', () => {
    expect(stepForProvider('exchange')).toBe('exchange')
    expect(stepForProvider('lightningNode')).toBe('nodePassword')
    expect(stepForProvider('nwc')).toBe('paymentProvider')
  })
})

describe('nextStep', () => {
  const allowedFrom = (event: Parameters<typeof nextStep>[1]) =>
    ONBOARDING_STEPS.filter((step) => nextStep(step, event) !== null)

  it('moves a reviewed application on or back, only while it is pending', () => {
    expect(nextStep('terms', { type: 'applicationSubmitted' })).toBe('pending')
    expect(nextStep('pending', { type: 'applicationApproved' })).toBe('paymentProvider')
    expect(nextStep('pending', { type: 'applicationRejected' })).toBe('company')
    expect(allowedFrom({ type: 'applicationSubmitted' })).toEqual(['terms'])
    expect(allowedFrom({ type: 'applicationApproved' })).toEqual(['pending'])
    expect(allowedFrom({ type: 'applicationRejected' })).toEqual(['pending'])
  })

  it('saves sections only up to the current one, before submission', () => {
    const saved = {
      type: 'sectionSaved',
      section: 'company',
      companyType: 'corporation',
      companyTypeChanged: false,
    } as const
    expect(nextStep('company', saved)).toBe('director_corporation')
    expect(nextStep('pci', saved)).toBe('pci')
    expect(nextStep('pending', saved)).toBeNull()
    expect(nextStep('company', { ...saved, section: 'financial' })).toBeNull()
  })

  it('lets the provider be chosen, or changed, until one is connected', () => {
    const chosen = { type: 'providerChosen', kind: 'lightningNode' } as const
    expect(allowedFrom(chosen)).toEqual(['paymentProvider', 'exchange', 'nodePassword'])
    expect(nextStep('exchange', chosen)).toBe('nodePassword')
    expect(nextStep('nodePassword', { type: 'providerChosen', kind: 'exchange' })).toBe('exchange')
  })

  it('completes onboarding from the step each way of holding money is set up at', () => {
    expect(allowedFrom({ type: 'exchangeConnected' })).toEqual(['exchange'])
    expect(allowedFrom({ type: 'nwcConnected' })).toEqual(['paymentProvider'])
    expect(allowedFrom({ type: 'nodeCreated' })).toEqual(['nodePassword'])
    expect(allowedFrom({ type: 'channelOpened' })).toEqual(['deposit'])
    expect(nextStep('exchange', { type: 'exchangeConnected' })).toBe('completed')
    expect(nextStep('paymentProvider', { type: 'nwcConnected' })).toBe('completed')
    expect(nextStep('nodePassword', { type: 'nodeCreated' })).toBe('deposit')
    expect(nextStep('deposit', { type: 'channelOpened' })).toBe('completed')
  })
})
