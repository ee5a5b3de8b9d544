/**
 * What the server's services are given (`ServiceDeps`) and what all of them share: the secret
 * box, the job queue, realtime events, the stored wallet connections and the exchange's nonces.
 */
import type pg from 'pg'
import type { AppConfig } from './config'
import type { Db } from './db/database'
import { registerCleanupJobs } from './jobs/cleanup'
import { createCleanupRepo } from './jobs/cleanup-repo'
import { createJobQueue } from './jobs/jobs'
import { PgEventBus } from './lib/pg-events'
import { SecretBox } from './lib/secrets'
import type { AuthLimitsConfig } from './modules/auth/rate-limits'
import { createOnboardingRepo } from './modules/onboarding/repo'
import type { LeaseRepo } from './modules/payments/lease-repo'
import type { WatcherOptions } from './modules/payments/watchers'
import type { PriceSource } from './modules/price/service'
import type { WithdrawalJobOptions } from './modules/withdrawals/jobs'
import { createConnectionRepo } from './wallets/connection-repo'
import { createNonceRepo } from './wallets/exchange/nonce-repo'
import type { NwcProbe } from './wallets/factory'
import { relayPolicyFor, type RelayPolicy } from './wallets/nwc/relay-guard'
import type { Wallet } from './wallets/wallet'
import type { DemoWallet } from './demo/demo-wallet'
import type { DemoMailbox } from './demo/demo-mailbox'
import { createMailDelivery, registerMailJob, type DeliveryOptions } from './mail/delivery'
import { createMailOutbox } from './mail/outbox'
import { createSecurityNotices } from './mail/security-notices'

export interface ServiceDeps {
  config: AppConfig
  db: Db
  pool: pg.Pool
  authLimits?: AuthLimitsConfig
  /** replaces the NWC wallet probe (tests of refusals that need a wallet lacking methods) */
  probeNwc?: NwcProbe
  /** replaces the NWC relay policy the configuration implies (tests of the production policy) */
  relayPolicy?: RelayPolicy
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
  /** demo mode: the simulated network's payer as the app's demo wallet (never in production) */
  demoWallet?: DemoWallet
  /** the consent policy's clock (step-ups' validity, the day's payout window) */
  clock?: () => Date
  /** demo mode: the in-process SMTP server mail goes to, read on the mailbox page */
  demoMailbox?: DemoMailbox
  /** the outbox's retries (tests of a failing SMTP server) */
  mailDelivery?: DeliveryOptions
}

export type ServiceBase = ReturnType<typeof createServiceBase>

export function createServiceBase(deps: ServiceDeps) {
  const secrets = new SecretBox(deps.config.appSecret, deps.config.appSecretPrevious)
  const jobs = createJobQueue(deps.databaseUrl, {
    pollMs: deps.config.pollIntervals.jobsMs,
    log: deps.log,
  })
  registerCleanupJobs(jobs, {
    repo: createCleanupRepo(deps.db),
    intervalMs: deps.config.pollIntervals.cleanupMs,
    log: deps.log,
  })
  const nonceRepo = createNonceRepo(deps.db)
  // Mail is written to the outbox everywhere; it is delivered where SMTP is configured.
  const mailOutbox = createMailOutbox(secrets)
  const smtpUrl = deps.config.mail.smtpUrl
  const mailDelivery = smtpUrl
    ? createMailDelivery({
        db: deps.db,
        secrets,
        settings: { smtpUrl, from: deps.config.mail.from, brand: deps.config.brandName },
        options: deps.mailDelivery,
        log: deps.log,
      })
    : null
  if (mailDelivery) registerMailJob(jobs, mailDelivery, deps.config.pollIntervals.jobsMs)
  return {
    deps,
    /** the configuration's payment networks (exchange, node host, price, mints, screening) */
    externals: deps.config.externals,
    /** merchants name NWC relays: outside the demo network, only public wss: relays are reached */
    relayPolicy: deps.relayPolicy ?? relayPolicyFor(deps.config.isDemo),
    secrets,
    jobs,
    bus: new PgEventBus(deps.databaseUrl, (err) => deps.log?.('event bus', err)),
    connections: createConnectionRepo(deps.db, secrets),
    nonces: (apiKey: string) => nonceRepo.next(apiKey),
    onboardingRepo: createOnboardingRepo(deps.db, secrets),
    /** `mail.enqueueMail(dbOrTransaction, { to, locale, template, data })` */
    mail: { ...mailOutbox, delivery: mailDelivery },
    /** security notices to an account or to a business's owners, in the change's transaction */
    notices: createSecurityNotices({ mail: mailOutbox, now: deps.clock }),
  }
}
