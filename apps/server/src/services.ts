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
import { createProviderSetupService } from './modules/onboarding/provider-setup'
import { createDepositRepo } from './modules/deposit/repo'
import { createDepositService } from './modules/deposit/service'
import { createNodeRepo } from './modules/node/repo'
import { createNodeService } from './modules/node/service'
import { createConnectionRepo } from './wallets/connection-repo'
import { LndPoolNodeHost } from './wallets/nodehost/lnd-pool-node-host'
import type { NodeHost } from './wallets/nodehost/node-host'
import { SimnetNodeHost } from './wallets/nodehost/simnet-node-host'
import type { NwcConnection } from './wallets/nwc/nwc-uri'
import type { NwcWalletInfo } from './wallets/nwc/nwc-client'

export interface ServiceDeps {
  config: AppConfig
  db: Db
  pool: pg.Pool
  authLimits?: AuthLimitsConfig
  /** replaces the NWC wallet probe (tests of refusals that need a wallet lacking methods) */
  probeNwc?: (c: NwcConnection) => Promise<NwcWalletInfo>
  log?: (msg: string, err?: unknown) => void
}

function createNodeHost(deps: ServiceDeps): NodeHost {
  const { nodeHost, lspPubkey } = deps.config.externals
  return nodeHost.kind === 'simnet'
    ? new SimnetNodeHost(nodeHost.url, nodeHost.token)
    : new LndPoolNodeHost(deps.db, lspPubkey)
}

export function createServices(deps: ServiceDeps) {
  const authRepo = createAuthRepo(deps.db)
  const secrets = new SecretBox(deps.config.appSecret)
  const onboardingRepo = createOnboardingRepo(deps.db)
  const connections = createConnectionRepo(deps.db, secrets)
  const nodes = createNodeService({
    repo: createNodeRepo(deps.db),
    host: createNodeHost(deps),
    secrets,
    onboardingRepo,
  })
  return {
    nodes,
    deposits: createDepositService({
      repo: createDepositRepo(deps.db),
      nodes,
      onboardingRepo,
      log: deps.log,
    }),
    config: deps.config,
    secrets,
    connections,
    authRepo,
    auth: createAuthService(authRepo, createAuthLimits(deps.pool, deps.authLimits)),
    businesses: createBusinessService(createBusinessRepo(deps.db)),
    onboarding: createOnboardingService(onboardingRepo, {
      autoApprove: deps.config.autoApproveApplications,
    }),
    providerSetup: createProviderSetupService({
      onboardingRepo,
      connections,
      exchangeBaseUrl: deps.config.externals.exchangeBaseUrl,
      probeNwc: deps.probeNwc,
    }),
  }
}

export type Services = ReturnType<typeof createServices>
