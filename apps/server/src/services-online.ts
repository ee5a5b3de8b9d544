/**
 * Selling online: API keys for a business's web shop (and, beside them, the invoice API, payment
 * links and invoice webhooks).
 */
import { createApiKeyRepo } from './modules/api-keys/repo'
import { createApiKeyService } from './modules/api-keys/service'
import { createInvoiceWebhookRepo } from './modules/invoice-webhooks/repo'
import {
  createInvoiceWebhooks,
  registerInvoiceWebhookJobs,
} from './modules/invoice-webhooks/service'
import { createCheckout } from './modules/invoices/checkout'
import { createPaymentLinks } from './modules/invoices/links'
import { createInvoiceRepo } from './modules/invoices/repo'
import { createInvoiceService } from './modules/invoices/service'
import { createInvoiceSync } from './modules/invoices/sync'
import type { ServiceBase } from './services-base'
import type { createDeviceServices } from './services-devices'
import type { createPaymentServices } from './services-payments'

type PaymentServices = ReturnType<typeof createPaymentServices>
type DeviceServices = ReturnType<typeof createDeviceServices>

export function createOnlineServices(base: ServiceBase) {
  const { deps } = base
  const apiKeys = createApiKeyService({
    repo: createApiKeyRepo(deps.db),
    pool: deps.pool,
    notices: base.notices,
  })
  const invoiceWebhooks = createInvoiceWebhooks({
    repo: createInvoiceWebhookRepo(deps.db),
    secrets: base.secrets,
    allowHttp: deps.config.isDemo,
    bus: base.bus,
    clock: deps.clock,
    log: deps.log,
  })
  registerInvoiceWebhookJobs(
    base.jobs,
    invoiceWebhooks,
    Math.min(2_000, deps.config.pollIntervals.jobsMs * 2),
  )
  return { apiKeys, invoiceWebhooks }
}

/**
 * Invoices of the invoice API and of payment links, their checkout pages, and the sync that
 * records their states and enqueues the webhooks' events.
 */
export function createInvoiceServices(
  base: ServiceBase,
  taking: PaymentServices,
  shop: Pick<DeviceServices, 'deviceSettings'>,
  webhooks: ReturnType<typeof createOnlineServices>['invoiceWebhooks'],
) {
  const { deps } = base
  const repo = createInvoiceRepo(deps.db)
  const shared = {
    repo,
    deviceSettings: shop.deviceSettings,
    publicUrl: deps.config.publicUrl,
    now: deps.clock,
  }
  const invoices = createInvoiceService({
    ...shared,
    payments: taking.payments,
    paymentRepo: taking.paymentRepo,
    // the wallet this process holds for the business (built once), not a look-up per invoice
    capabilities: async (businessId) =>
      (await taking.wallets.forBusiness(businessId))?.capabilities ?? null,
    price: taking.price,
  })
  const invoiceSync = createInvoiceSync({
    repo,
    invoices,
    events: { enqueue: async (trx, e) => void (await webhooks.enqueue(trx, e)) },
    now: deps.clock,
    log: deps.log,
  })
  // payments' announcements move their invoices at once, on every instance
  invoiceSync.listen(base.bus)
  invoiceSync.register(base.jobs, Math.min(2_000, deps.config.pollIntervals.jobsMs * 2))
  const paymentLinks = createPaymentLinks({ ...shared, invoices, sync: invoiceSync })
  const checkout = createCheckout({
    repo,
    invoices,
    sync: invoiceSync,
    ecash: taking.ecash,
    links: paymentLinks,
    bus: base.bus,
    pool: deps.pool,
  })
  return { invoices, invoiceSync, paymentLinks, checkout }
}
