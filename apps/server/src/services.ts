/** Builds every service of the server from its dependencies; no module-level singletons. */
import type pg from 'pg'
import type { AppConfig } from './config'
import type { Db } from './db/database'
import { SecretBox } from './lib/secrets'
import { createAuthLimits, type AuthLimitsConfig } from './modules/auth/rate-limits'
import { createAuthRepo } from './modules/auth/repo'
import { createAuthService } from './modules/auth/service'
import { createBusinessRepo } from './modules/businesses/repo'
import { createBusinessService } from './modules/businesses/service'
import { createOnboardingRepo } from './modules/onboarding/repo'
import { createOnboardingService } from './modules/onboarding/service'

export interface ServiceDeps {
  config: AppConfig
  db: Db
  pool: pg.Pool
  authLimits?: AuthLimitsConfig
}

export function createServices(deps: ServiceDeps) {
  const authRepo = createAuthRepo(deps.db)
  return {
    config: deps.config,
    secrets: new SecretBox(deps.config.appSecret),
    authRepo,
    auth: createAuthService(authRepo, createAuthLimits(deps.pool, deps.authLimits)),
    businesses: createBusinessService(createBusinessRepo(deps.db)),
    onboarding: createOnboardingService(createOnboardingRepo(deps.db), {
      autoApprove: deps.config.autoApproveApplications,
    }),
  }
}

export type Services = ReturnType<typeof createServices>
