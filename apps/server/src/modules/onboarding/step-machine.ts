/**
 * The one way a business's onboarding step changes: an event, checked against the domain's
 * transitions (`nextStep`), applied in the caller's transaction. Nothing else writes the step.
 */
import { nextStep, type OnboardingEvent, type OnboardingStep } from '@app/domain'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { DomainError } from '../../lib/errors'
import { lockStep, writeStep } from './repo'

export function stepNotAllowed(): DomainError {
  return new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
}

/**
 * Moves the business on by `event` and returns its step after it; refuses (STEP_NOT_ALLOWED)
 * an event its current step does not take. Locks the business row until `trx` ends.
 */
export async function advance(
  trx: Transaction<Database>,
  businessId: string,
  event: OnboardingEvent,
): Promise<OnboardingStep> {
  const step = await lockStep(trx, businessId)
  const next = nextStep(step, event)
  if (next === null) throw stepNotAllowed()
  if (next !== step) await writeStep(trx, businessId, next)
  return next
}
