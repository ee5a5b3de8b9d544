/**
 * People and their businesses: accounts and sessions, businesses, the application and its
 * review, the payment processor's setup, and replacing a connected wallet later.
 */
import { createAuthLimits } from './modules/auth/rate-limits'
import { createKnownBrowserRepo } from './modules/auth/known-browser-repo'
import { createKnownBrowsers } from './modules/auth/known-browsers'
import { createAuthRepo } from './modules/auth/repo'
import { createAuthService } from './modules/auth/service'
import { createPasskeyRepo } from './modules/passkeys/repo'
import { createPasskeyService } from './modules/passkeys/service'
import { createBusinessRepo } from './modules/businesses/repo'
import { createBusinessService } from './modules/businesses/service'
import { createNodeRepo } from './modules/node/repo'
import { createProviderSetupService } from './modules/onboarding/provider-setup'
import { createOnboardingService } from './modules/onboarding/service'
import type { ConsentService } from './modules/consent'
import type { WalletProvider } from './wallets/wallet-provider'
import { createWalletDetailsService } from './modules/wallet-details/service'
import type { ServiceBase } from './services-base'
import { createMemberGuard } from './modules/team/member-guard'
import { createTeamRepo } from './modules/team/repo'
import { createTeamService } from './modules/team/service'

export function createAccountServices(
  base: ServiceBase,
  given: {
    wallets: WalletProvider
    consent: ConsentService
    /** EMAIL_NOT_VERIFIED unless the account's address is verified (invitations need it) */
    requireVerifiedEmail: (userId: string) => Promise<void>
  },
) {
  const { deps, externals } = base
  const authRepo = createAuthRepo(deps.db)
  const businessRepo = createBusinessRepo(deps.db)
  const passkeys = createPasskeyService({
    repo: createPasskeyRepo(deps.db),
    rpName: deps.config.brandName,
    log: deps.log,
    notices: base.notices,
  })
  return {
    authRepo,
    auth: createAuthService(authRepo, createAuthLimits(deps.pool, deps.authLimits), {
      secrets: base.secrets,
      bus: base.bus,
      issuer: deps.config.brandName,
      sessions: deps.config.sessions,
      log: deps.log,
      passkeys,
      notices: base.notices,
      knownBrowsers: createKnownBrowsers({
        repo: createKnownBrowserRepo(deps.db),
        notices: base.notices,
        now: deps.clock,
      }),
    }),
    passkeys,
    businesses: createBusinessService(businessRepo),
    team: createTeamService({
      repo: createTeamRepo(deps.db),
      guard: createMemberGuard({
        bus: base.bus,
        findMember: (businessId, userId) => businessRepo.findForMember(businessId, userId),
        log: deps.log,
      }),
      publicUrl: deps.config.publicUrl,
      prove: (actor, proof) => given.consent.prove(actor, proof),
      requireVerifiedEmail: given.requireVerifiedEmail,
      notices: base.notices,
      businessName: async (businessId) => (await businessRepo.findById(businessId))?.name ?? '',
      // written in the transaction that creates the invitation
      sendInvitationMail: (trx, mail) =>
        base.mail.enqueueMail(trx, {
          to: mail.to,
          locale: mail.locale,
          template: 'invitation',
          data: {
            inviterName: mail.inviterEmail,
            businessName: mail.businessName,
            role: mail.role,
            acceptUrl: mail.link,
            expiresAt: mail.expiresAt.toISOString(),
          },
        }),
    }),
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
      notices: base.notices,
    }),
  }
}
