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
import { createSalesRepo } from './modules/sales/repo'
import { createSalesService } from './modules/sales/service'
import { createTipRepo } from './modules/tips/repo'
import { createTipService } from './modules/tips/service'
import { createConnectionRepo } from './wallets/connection-repo'
import { createNonceRepo } from './wallets/exchange/nonce-repo'
import {
  DEMO_RELAY_POLICY,
  PRODUCTION_RELAY_POLICY,
  setRelayPolicy,
} from './wallets/nwc/relay-guard'
import { LndPoolNodeHost } from './wallets/nodehost/lnd-pool-node-host'
import type { NodeHost } from './wallets/nodehost/node-host'
import { SimnetNodeHost } from './wallets/nodehost/simnet-node-host'
import type { Wallet } from './wallets/wallet'
import { createWalletForBusiness, walletCapabilities } from './wallets/factory'
import { PgEventBus } from './lib/pg-events'
import { createJobQueue } from './jobs/jobs'
import { registerCleanupJobs } from './jobs/cleanup'
import { createCleanupRepo } from './jobs/cleanup-repo'
import { createPaymentRepo } from './modules/payments/repo'
import { createPaymentService } from './modules/payments/service'
import { createEcashRepo } from './modules/ecash/repo'
import { createEcashService } from './modules/ecash/service'
import { cachedWalletProvider } from './modules/payments/wallet-provider'
import { createWalletWatchers, type WatcherOptions } from './modules/payments/watchers'
import { createLeaseRepo, type LeaseRepo } from './modules/payments/lease-repo'
import { registerPaymentJobs } from './modules/payments/jobs'
import {
  createPriceService,
  krakenPriceSource,
  spotPriceSource,
  type PriceSource,
} from './modules/price/service'
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
  /** the connection string, for the LISTEN connection of realtime events */
  databaseUrl: string
  walletFactory?: (businessId: string) => Promise<Wallet | null>
  watcherOptions?: WatcherOptions
  /** replaces the wallet lease store (tests that stop an instance as a crash would) */
  leases?: LeaseRepo
  priceSources?: PriceSource[]
}

function createNodeHost(deps: ServiceDeps): NodeHost {
  const { nodeHost, lspPubkey } = deps.config.externals
  return nodeHost.kind === 'simnet'
    ? new SimnetNodeHost(nodeHost.url, nodeHost.token)
    : new LndPoolNodeHost(deps.db, lspPubkey)
}

export function createServices(deps: ServiceDeps) {
  // Merchants name NWC relays: outside the demo network, only public wss: relays are reached.
  setRelayPolicy(deps.config.isDemo ? DEMO_RELAY_POLICY : PRODUCTION_RELAY_POLICY)
  const authRepo = createAuthRepo(deps.db)
  const secrets = new SecretBox(deps.config.appSecret, deps.config.appSecretPrevious)
  const onboardingRepo = createOnboardingRepo(deps.db, secrets)
  const jobs = createJobQueue(deps.databaseUrl, {
    pollMs: deps.config.pollIntervals.jobsMs,
    log: deps.log,
  })
  const connections = createConnectionRepo(deps.db, secrets)
  const bus = new PgEventBus(deps.databaseUrl, (err) => deps.log?.('event bus', err))
  const nodes = createNodeService({
    repo: createNodeRepo(deps.db),
    host: createNodeHost(deps),
    secrets,
    onboardingRepo,
    bus,
    jobs: { queue: jobs, intervalMs: deps.config.pollIntervals.nodeMs },
    log: deps.log,
  })
  const externals = deps.config.externals
  const price = createPriceService({
    sources: deps.priceSources ?? [
      krakenPriceSource(externals.exchangeBaseUrl),
      ...(externals.priceFallbackUrl ? [spotPriceSource(externals.priceFallbackUrl)] : []),
    ],
    log: deps.log,
  })
  const paymentRepo = createPaymentRepo(deps.db)
  const nonceRepo = createNonceRepo(deps.db)
  const nonces = (apiKey: string) => nonceRepo.next(apiKey)
  const walletDeps = { connections, nodes, nonces }
  const wallets = cachedWalletProvider(
    deps.walletFactory ?? ((businessId) => createWalletForBusiness(walletDeps, businessId)),
  )
  const watchers = createWalletWatchers({
    repo: paymentRepo,
    leases: deps.leases ?? createLeaseRepo(deps.db),
    wallets,
    price,
    options: deps.watcherOptions,
    log: deps.log,
  })
  const payments = createPaymentService({
    repo: paymentRepo,
    wallets,
    watchers,
    price,
    bus,
    log: deps.log,
  })
  registerCleanupJobs(jobs, {
    repo: createCleanupRepo(deps.db),
    intervalMs: deps.config.pollIntervals.cleanupMs,
    log: deps.log,
  })
  registerPaymentJobs(jobs, { repo: paymentRepo, wallets, price, log: deps.log })
  return {
    price,
    bus,
    wallets,
    walletCapabilities: (businessId: string) => walletCapabilities(walletDeps, businessId),
    watchers,
    paymentRepo,
    payments,
    ecash: createEcashService({
      repo: createEcashRepo(deps.db, secrets),
      payments,
      acceptedMints: externals.acceptedMints,
      log: deps.log,
      jobs,
    }),
    nodes,
    deposits: createDepositService({
      repo: createDepositRepo(deps.db),
      nodes,
      onboardingRepo,
      bus,
      jobs: { queue: jobs, intervalMs: deps.config.pollIntervals.depositMs },
      log: deps.log,
    }),
    jobs,
    config: deps.config,
    secrets,
    connections,
    authRepo,
    auth: createAuthService(authRepo, createAuthLimits(deps.pool, deps.authLimits), {
      secrets,
      bus,
      issuer: deps.config.brandName,
      sessions: deps.config.sessions,
      log: deps.log,
    }),
    businesses: createBusinessService(createBusinessRepo(deps.db)),
    sales: createSalesService(createSalesRepo(deps.db), { bus }),
    tips: createTipService({
      repo: createTipRepo(deps.db),
      payments,
      capabilities: (businessId) => walletCapabilities(walletDeps, businessId),
      publicUrl: deps.config.publicUrl,
      pool: deps.pool,
      jobs,
      log: deps.log,
    }),
    onboarding: createOnboardingService(onboardingRepo, {
      autoApprove: deps.config.autoApproveApplications,
    }),
    providerSetup: createProviderSetupService({
      onboardingRepo,
      connections,
      exchangeBaseUrl: deps.config.externals.exchangeBaseUrl,
      nonces,
      probeNwc: deps.probeNwc,
    }),
  }
}

export type Services = ReturnType<typeof createServices>
