/**
 * The consent every way money leaves a business passes: address screening (the operator's
 * denylist and the sanctions provider) and the consent policy over it (step-ups, payout limits,
 * the audit). Built before the services that send, which are given it.
 */
import { createConsentRepo } from './modules/consent/repo'
import { createConsentService, type ConsentDeps } from './modules/consent/service'
import { sanctionsApiProvider, unconfiguredProvider } from './modules/screening/provider'
import { createScreeningRepo } from './modules/screening/repo'
import { createScreeningService } from './modules/screening/service'
import type { ServiceBase } from './services-base'

export function createConsentServices(
  base: ServiceBase,
  given: Pick<ConsentDeps, 'auth' | 'requireVerifiedEmail'>,
) {
  const { deps } = base
  const screeningRepo = createScreeningRepo(deps.db)
  const screening = createScreeningService({
    repo: screeningRepo,
    provider: base.externals.screening
      ? sanctionsApiProvider(base.externals.screening)
      : unconfiguredProvider,
    log: deps.log,
  })
  const consentRepo = createConsentRepo(deps.db)
  return {
    screening,
    screeningRepo,
    consentRepo,
    consent: createConsentService({
      repo: consentRepo,
      screening,
      auth: given.auth,
      requireVerifiedEmail: given.requireVerifiedEmail,
      now: deps.clock,
      log: deps.log,
    }),
  }
}
