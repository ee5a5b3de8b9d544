/**
 * Builds every service of the server from its dependencies, and is the only place that does;
 * no module-level singletons. Its parts: what all services share (`services-base.ts`), a
 * business's own node (`services-node.ts`), taking payments (`services-payments.ts`), people
 * and businesses (`services-accounts.ts`), the consent every way out passes
 * (`services-consent.ts`), sending money (`services-withdrawals.ts`), the
 * shop floor (`services-devices.ts`) and selling online (`services-online.ts`).
 */
import { createAuditRepo } from './modules/audit/repo'
import { createAuditService } from './modules/audit/service'
import { registerDailySummaryJob } from './modules/daily-summary/jobs'
import { createDailySummaryRepo } from './modules/daily-summary/repo'
import { createDailySummaryService } from './modules/daily-summary/service'
import { createSalesRepo } from './modules/sales/repo'
import { createSalesService } from './modules/sales/service'
import { createAccountServices } from './services-accounts'
import { createServiceBase, type ServiceDeps } from './services-base'
import { createConsentServices } from './services-consent'
import { createDeviceServices } from './services-devices'
import { createInvoiceServices, createOnlineServices } from './services-online'
import { createNodeServices } from './services-node'
import { createPaymentServices } from './services-payments'
import { createRecoveryServices } from './services-recovery'
import { createWithdrawalServices } from './services-withdrawals'

export function createServices(deps: ServiceDeps) {
  const base = createServiceBase(deps)
  const recovering = createRecoveryServices(base)
  // every way out passes the consent policy; its password check is the accounts' (built below)
  const consenting = createConsentServices(base, {
    auth: { confirmWithPassword: (input) => accounts.auth.confirmWithPassword(input) },
    requireVerifiedEmail: (userId) => recovering.recovery.requireVerifiedForPayout(userId),
  })
  const node = createNodeServices(base, consenting.consent)
  const taking = createPaymentServices(base, node.nodes)
  const accounts = createAccountServices(base, {
    ...taking,
    consent: consenting.consent,
    requireVerifiedEmail: (userId) => recovering.recovery.requireVerifiedEmail(userId),
  })
  const sending = createWithdrawalServices(base, {
    wallets: taking.wallets,
    consent: consenting.consent,
  })
  const shop = createDeviceServices(base, taking)
  const online = createOnlineServices(base)
  const selling = createInvoiceServices(base, taking, shop, online.invoiceWebhooks)
  const salesRepo = createSalesRepo(deps.db)
  const dailySummary = createDailySummaryService({
    repo: createDailySummaryRepo(deps.db),
    dailyTotals: (businessId, fromDay, toDay) => salesRepo.dailyTotals(businessId, fromDay, toDay),
    // written in the transaction that claims the summary
    enqueueMail: (trx, mail) => base.mail.enqueueMail(trx, { ...mail, template: 'daily-summary' }),
    publicUrl: deps.config.publicUrl,
    now: deps.clock,
    log: deps.log,
  })
  registerDailySummaryJob(base.jobs, dailySummary, deps.log)
  return {
    config: deps.config,
    secrets: base.secrets,
    jobs: base.jobs,
    mail: base.mail,
    /** the demo's mailbox (in-process SMTP server); null outside demo mode */
    demoMailbox: deps.config.isDemo ? (deps.demoMailbox ?? null) : null,
    bus: base.bus,
    connections: base.connections,
    ...node,
    ...taking,
    ...accounts,
    ...consenting,
    ...recovering,
    ...sending,
    ...shop,
    ...online,
    ...selling,
    /** At start-up: payouts and swaps a crash left half-way are asked of their wallets now. */
    async followUpPayoutsAtStart() {
      await Promise.all([sending.followUpPayoutsAtStart(), node.followUpSwapsAtStart()])
    },
    /** the simulated network's payer as the app's demo wallet; null outside demo mode */
    demoWallet: deps.config.isDemo ? (deps.demoWallet ?? null) : null,
    auditLog: createAuditService(createAuditRepo(deps.db)),
    /** each owner's daily sales summary by mail */
    dailySummary,
    sales: createSalesService(salesRepo, {
      bus: base.bus,
      refundStates: (businessId, ids) => sending.refunds.paymentStates(businessId, ids),
      refundsOf: (businessId, paymentId) => sending.refunds.ofPayment(businessId, paymentId),
    }),
  }
}

export type Services = ReturnType<typeof createServices>
