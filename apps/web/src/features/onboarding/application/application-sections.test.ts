import { describe, expect, it } from 'vitest'
import {
  nextApplicationPage,
  previousApplicationPage,
  stepperProgress,
  targetAfterSaving,
} from './application-sections'

describe('stepperProgress', () => {
  it('places each application step on its stepper item', () => {
    expect(stepperProgress('company')).toBe(0)
    expect(stepperProgress('director_partnership')).toBe(1)
    expect(stepperProgress('terms')).toBe(5)
    expect(stepperProgress('pending')).toBe(6)
  })

  it('counts every item done once the application is through', () => {
    expect(stepperProgress('paymentProvider')).toBe(7)
    expect(stepperProgress('completed')).toBe(7)
  })
})

describe('previous and next page', () => {
  it('walks the forms in order and stops at the ends', () => {
    expect(previousApplicationPage('company-details')).toBeUndefined()
    expect(previousApplicationPage('financial-details')).toBe('director-details')
    expect(nextApplicationPage('pci')).toBe('operations-details')
    expect(nextApplicationPage('terms')).toBeUndefined()
  })
})

describe('targetAfterSaving', () => {
  it('moves on to the next form once the current one is saved', () => {
    expect(targetAfterSaving('company-details', 'director_corporation')).toEqual({
      kind: 'onboarding',
      page: 'director-details',
    })
  })

  it('goes to the following form after editing an earlier one', () => {
    expect(targetAfterSaving('company-details', 'terms')).toEqual({
      kind: 'onboarding',
      page: 'director-details',
    })
  })

  it('goes to the review once submitted, or on to the payment processor once approved', () => {
    expect(targetAfterSaving('terms', 'pending')).toEqual({ kind: 'onboarding', page: 'pending' })
    expect(targetAfterSaving('terms', 'paymentProvider')).toEqual({
      kind: 'onboarding',
      page: 'payment-processor',
    })
  })
})
