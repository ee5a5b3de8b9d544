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
import { createBackupRepo } from './modules/node/backup-repo'
import { createUpdateRepo } from './modules/node/update-repo'
import { createNodeRepo } from './modules/node/repo'
import { createNodeService } from './modules/node/service'
import { createWalletDetailsService } from './modules/wallet-details/service'
import { createSalesRepo } from './modules/sales/repo'
import { createSalesService } from './modules/sales/service'
import { createTipRepo } from './modules/tips/repo'
import { createTipService } from './modules/tips/service'
import { createDeviceRepo } from './modules/devices/repo'
import { createDeviceService } from './modules/devices/service'
import { createStaffRepo } from './modules/staff/repo'
import { createStaffService } from './modules/staff/service'
import { createDeviceSettingsRepo } from './modules/devices/settings-repo'
import { createImageStore } from './modules/devices/image-store'
import {
  createDeviceSettingsService,
  registerDeviceImageJobs,
} from './modules/devices/settings-service'
import { createPosRepo } from './modules/pos/repo'
import { createPosService } from './modules/pos/service'
import { createTerminalServices } from './modules/terminal'
import { createWebhookRepo } from './modules/pos/webhook-repo'
import { createWebhooks, registerWebhookJobs } from './modules/pos/webhooks'
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
import { createScreeningRepo } from './modules/screening/repo'
import { sanctionsApiProvider, unconfiguredProvider } from './modules/screening/provider'
import { createScreeningService } from './modules/screening/service'
import { createWithdrawalRepo } from './modules/withdrawals/repo'
import { createWithdrawalService } from './modules/withdrawals/service'
import { registerWithdrawalJobs, type WithdrawalJobOptions } from './modules/withdrawals/jobs'
import { createRefundRepo } from './modules/refunds/repo'
import { createRefundService } from './modules/refunds/service'
import { createRefundPaymentsRepo } from './modules/refunds/payments-repo'
import { createLnurlWithdraw } from './modules/refunds/withdraw-request'
import { registerRefundJobs } from './modules/refunds/jobs'
import { createShiftRepo } from './modules/shifts/repo'
import { createShiftService } from './modules/shifts/service'
import { createLoopRepo } from './modules/loop/repo'
import { createBackupLeaseRepo } from './modules/node/backup-lease-repo'
import { createLoopService } from './modules/loop/service'
import { registerLoopJobs } from './modules/loop/jobs'
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
  /** how often and after how long withdrawals in doubt are followed up */
  withdrawalJobs?: WithdrawalJobOptions
}

function createNodeHost(deps: ServiceDeps): NodeHost {
  const { nodeHost, lspPubkey } = deps.config.externals
  return nodeHost.kind === 'simnet'
    ? new SimnetNodeHost(nodeHost.url, nodeHost.token)
    : new LndPoolNodeHost(deps.db, lspPubkey, nodeHost.updateWebhook ?? null)
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
    backupRepo: createBackupRepo(deps.db),
    updateRepo: createUpdateRepo(deps.db),
    backupLeases: createBackupLeaseRepo(deps.db),
    host: createNodeHost(deps),
    secrets,
    onboardingRepo,
    bus,
    jobs: { queue: jobs, intervalMs: deps.config.pollIntervals.nodeMs },
    pool: deps.pool,
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
  const walletDeps = {
    connections,
    nodes,
    nonces,
    options: { lnd: { network: deps.config.network } },
  }
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
  const deviceSettings = createDeviceSettingsService({
    repo: createDeviceSettingsRepo(deps.db),
    store: createImageStore(deps.config.imageStore),
    log: deps.log,
  })
  registerDeviceImageJobs(jobs, deviceSettings, {
    intervalMs: deps.config.pollIntervals.cleanupMs,
    log: deps.log,
  })
  const devices = createDeviceService({
    repo: createDeviceRepo(deps.db),
    publicUrl: deps.config.publicUrl,
  })
  const webhooks = createWebhooks({
    repo: createWebhookRepo(deps.db),
    devices,
    paymentRepo,
    secrets,
    allowHttp: deps.config.isDemo,
    log: deps.log,
  })
  registerWebhookJobs(jobs, webhooks, Math.min(2_000, deps.config.pollIntervals.jobsMs * 2))
  const screeningRepo = createScreeningRepo(deps.db)
  const screening = createScreeningService({
    repo: screeningRepo,
    provider: externals.screening
      ? sanctionsApiProvider(externals.screening)
      : unconfiguredProvider,
    log: deps.log,
  })
  const auth = createAuthService(authRepo, createAuthLimits(deps.pool, deps.authLimits), {
    secrets,
    bus,
    issuer: deps.config.brandName,
    sessions: deps.config.sessions,
    log: deps.log,
  })
  const withdrawalRepo = createWithdrawalRepo(deps.db)
  const withdrawals = createWithdrawalService({
    repo: withdrawalRepo,
    wallets,
    screening,
    auth,
    bus,
    network: deps.config.network,
    log: deps.log,
  })
  registerWithdrawalJobs(
    jobs,
    { repo: withdrawalRepo, service: withdrawals, log: deps.log },
    deps.withdrawalJobs,
  )
  const loopRepo = createLoopRepo(deps.db)
  const loop = createLoopService({
    repo: loopRepo,
    nodes,
    network: deps.config.network,
    log: deps.log,
  })
  registerLoopJobs(jobs, { repo: loopRepo, service: loop, log: deps.log })
  const refundRepo = createRefundRepo(deps.db)
  const refunds = createRefundService({
    repo: refundRepo,
    payments: createRefundPaymentsRepo(deps.db),
    withdrawals,
    publicUrl: deps.config.publicUrl,
    network: deps.config.network,
    log: deps.log,
  })
  registerRefundJobs(jobs, refunds)
  const lnurlWithdraw = createLnurlWithdraw({
    repo: refundRepo,
    refunds,
    network: deps.config.network,
    publicUrl: deps.config.publicUrl,
    pool: deps.pool,
    log: deps.log,
  })
  const ecash = createEcashService({
    repo: createEcashRepo(deps.db, secrets),
    payments,
    acceptedMints: externals.acceptedMints,
    log: deps.log,
    jobs,
  })
  return {
    price,
    bus,
    wallets,
    walletCapabilities: (businessId: string) => walletCapabilities(walletDeps, businessId),
    watchers,
    paymentRepo,
    payments,
    ecash,
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
    auth,
    screening,
    screeningRepo,
    withdrawals,
    refunds,
    shifts: createShiftService(createShiftRepo(deps.db)),
    lnurlWithdraw,
    loop,
    businesses: createBusinessService(createBusinessRepo(deps.db)),
    walletDetails: createWalletDetailsService({
      db: deps.db,
      connections,
      nodes: createNodeRepo(deps.db),
      exchangeBaseUrl: externals.exchangeBaseUrl,
      nonces,
      probeNwc: deps.probeNwc,
      onReplaced: (businessId) => wallets.invalidate(businessId),
    }),
    devices,
    webhooks,
    pos: createPosService({
      repo: createPosRepo(deps.db),
      devices,
      payments,
      paymentRepo,
    }),
    ...createTerminalServices({
      db: deps.db,
      payments,
      paymentRepo,
      bus,
      config: deps.config,
      ecash,
      price,
    }),
    staff: createStaffService({
      repo: createStaffRepo(deps.db),
      secrets,
      pool: deps.pool,
    }),
    deviceSettings,
    sales: createSalesService(createSalesRepo(deps.db), {
      bus,
      refundStates: (businessId, ids) => refunds.paymentStates(businessId, ids),
    }),
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
