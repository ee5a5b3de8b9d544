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
import type { ServiceBase } from './services-base'

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
