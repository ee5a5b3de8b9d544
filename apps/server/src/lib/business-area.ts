/**
 * Money is taken and sent only while a business's area is open (the domain's rule,
 * `isBusinessAreaOpen`): once onboarding reached its channel deposit or is complete.
 */
import { isBusinessAreaOpen } from '@app/domain'
import { DomainError } from './errors'

/** STEP_NOT_ALLOWED unless a business at `step` has its area open. */
export function requireBusinessAreaOpen(step: string): void {
  if (!isBusinessAreaOpen(step)) {
    throw new DomainError('STEP_NOT_ALLOWED', 'Finish onboarding first')
  }
}
