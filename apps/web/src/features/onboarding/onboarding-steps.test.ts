import { describe, expect, it } from 'vitest'
import { businessAreaTarget, onboardingPageOf, onboardingPageTarget } from './onboarding-steps'

describe('onboardingPageTarget', () => {
  it.each([
    ['company', 'company-details'],
    ['director_partnership', 'director-details'],
    ['director_corporation', 'director-details'],
    ['director_sole_trader', 'director-details'],
    ['financial', 'financial-details'],
    ['pci', 'pci'],
    ['operations', 'operations-details'],
    ['terms', 'terms'],
    ['pending', 'pending'],
    ['exchange', 'new-exchange-account'],
    ['paymentProvider', 'payment-processor'],
    ['deposit', 'channel-deposit'],
    ['nodePassword', 'new-lightning-node'],
  ])('sends step %s to the %s page from any other page', (step, page) => {
    expect(onboardingPageTarget(step, 'terms-of-nothing')).toEqual({ kind: 'onboarding', page })
    expect(onboardingPageTarget(step, undefined)).toEqual({ kind: 'onboarding', page })
    expect(onboardingPageTarget(step, page)).toEqual({ kind: 'stay' })
  })

  it('lets the payment-provider step open each processor set-up page', () => {
    for (const page of ['new-exchange-account', 'new-lightning-node', 'new-nwc-node']) {
      expect(onboardingPageTarget('paymentProvider', page)).toEqual({ kind: 'stay' })
    }
    expect(onboardingPageTarget('company', 'new-lightning-node')).toEqual({
      kind: 'onboarding',
      page: 'company-details',
    })
  })

  it('keeps earlier application forms open until the application is submitted', () => {
    for (const page of ['company-details', 'director-details', 'financial-details', 'pci']) {
      expect(onboardingPageTarget('operations', page)).toEqual({ kind: 'stay' })
    }
    expect(onboardingPageTarget('director_corporation', 'company-details')).toEqual({
      kind: 'stay',
    })
    expect(onboardingPageTarget('financial', 'pci')).toEqual({
      kind: 'onboarding',
      page: 'financial-details',
    })
    expect(onboardingPageTarget('pending', 'company-details')).toEqual({
      kind: 'onboarding',
      page: 'pending',
    })
    expect(onboardingPageTarget('paymentProvider', 'terms')).toEqual({
      kind: 'onboarding',
      page: 'payment-processor',
    })
  })

  it('sends a completed business to its dashboard', () => {
    expect(onboardingPageTarget('completed', 'company-details')).toEqual({ kind: 'dashboard' })
  })
})

describe('businessAreaTarget', () => {
  it('opens the business area once completed or while the channel deposit is under way', () => {
    expect(businessAreaTarget('completed')).toEqual({ kind: 'stay' })
    expect(businessAreaTarget('deposit')).toEqual({ kind: 'stay' })
  })

  it('keeps a business still onboarding on its step page', () => {
    expect(businessAreaTarget('company')).toEqual({ kind: 'onboarding', page: 'company-details' })
    expect(businessAreaTarget('pending')).toEqual({ kind: 'onboarding', page: 'pending' })
  })
})

describe('onboardingPageOf', () => {
  it('reads the page segment, including for pages below it', () => {
    expect(onboardingPageOf('/onboarding/b1/terms', 'b1')).toBe('terms')
    expect(onboardingPageOf('/onboarding/b1/channel-deposit/inv-9/waiting', 'b1')).toBe(
      'channel-deposit',
    )
    expect(onboardingPageOf('/onboarding/b1', 'b1')).toBeUndefined()
    expect(onboardingPageOf('/onboarding/b1/', 'b1')).toBeUndefined()
  })
})
