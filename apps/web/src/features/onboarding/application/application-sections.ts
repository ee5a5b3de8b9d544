/**
 * The business application as a sequence of pages: which item of the stepper a step is at,
 * which page comes before and after another, and where to go once a form is saved.
 */
import { APPLICATION_SECTIONS, isOnboardingStep, sectionOf } from '@app/domain'
import {
  APPLICATION_PAGES,
  onboardingPageTarget,
  type ApplicationPage,
  type StepTarget,
} from '../onboarding-steps'

/** The stepper: every application form, then the review. */
export const STEPPER_PAGES = [...APPLICATION_PAGES, 'pending'] as const
export type StepperPage = (typeof STEPPER_PAGES)[number]

/**
 * How far the application has come: the index in STEPPER_PAGES of the step's item, or past
 * the end once the application is approved.
 */
export function stepperProgress(step: string): number {
  if (!isOnboardingStep(step)) return STEPPER_PAGES.length
  const section = sectionOf(step)
  if (section) return APPLICATION_SECTIONS.indexOf(section)
  return step === 'pending' ? STEPPER_PAGES.indexOf('pending') : STEPPER_PAGES.length
}

export function previousApplicationPage(page: ApplicationPage): ApplicationPage | undefined {
  const index = APPLICATION_PAGES.indexOf(page)
  return index > 0 ? APPLICATION_PAGES[index - 1] : undefined
}

export function nextApplicationPage(page: ApplicationPage): ApplicationPage | undefined {
  return APPLICATION_PAGES[APPLICATION_PAGES.indexOf(page) + 1]
}

/**
 * Where "Next" leads once the server saved `page` and answered with `step`: the following
 * form when the step allows it (also when an earlier form was edited), otherwise the step's own
 * page (the review once submitted, the payment processor once approved).
 */
export function targetAfterSaving(page: ApplicationPage, step: string): StepTarget {
  const next = nextApplicationPage(page)
  if (next !== undefined && onboardingPageTarget(step, next).kind === 'stay') {
    return { kind: 'onboarding', page: next }
  }
  const target = onboardingPageTarget(step, undefined)
  return target.kind === 'stay' ? { kind: 'onboarding', page } : target
}
