/**
 * People and their businesses: accounts and sessions, businesses, the application and its
 * review, the payment processor's setup, and replacing a connected wallet later.
 */
import { createAuthLimits } from './modules/auth/rate-limits'
import { createAuthRepo } from './modules/auth/repo'
import { createAuthService } from './modules/auth/service'
import { createBusinessRepo } from './modules/businesses/repo'
import { createBusinessService } from './modules/businesses/service'
import { createNodeRepo } from './modules/node/repo'
import { createProviderSetupService } from './modules/onboarding/provider-setup'
import { createOnboardingService } from './modules/onboarding/service'
import type { ConsentService } from './modules/consent'
import type { WalletProvider } from './wallets/wallet-provider'
import { createWalletDetailsService } from './modules/wallet-details/service'
import type { ServiceBase } from './services-base'

export function createAccountServices(
  base: ServiceBase,
  given: { wallets: WalletProvider; consent: ConsentService },
) {
  const { deps, externals } = base
  const authRepo = createAuthRepo(deps.db)
  return {
    authRepo,
    auth: createAuthService(authRepo, createAuthLimits(deps.pool, deps.authLimits), {
      secrets: base.secrets,
      bus: base.bus,
      issuer: deps.config.brandName,
      sessions: deps.config.sessions,
      log: deps.log,
    }),
    businesses: createBusinessService(createBusinessRepo(deps.db)),
    onboarding: createOnboardingService(base.onboardingRepo, {
      autoApprove: deps.config.autoApproveApplications,
    }),
    providerSetup: createProviderSetupService({
      onboardingRepo: base.onboardingRepo,
      connections: base.connections,
      exchangeBaseUrl: externals.exchangeBaseUrl,
      nonces: base.nonces,
      probeNwc: deps.probeNwc,
      relayPolicy: base.relayPolicy,
    }),
    walletDetails: createWalletDetailsService({
      db: deps.db,
      connections: base.connections,
      nodes: createNodeRepo(deps.db),
      exchangeBaseUrl: externals.exchangeBaseUrl,
      nonces: base.nonces,
      probeNwc: deps.probeNwc,
      relayPolicy: base.relayPolicy,
      consent: given.consent,
      onReplaced: (businessId) => given.wallets.invalidate(businessId),
    }),
  }
}
