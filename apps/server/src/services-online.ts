/**
 * Selling online: API keys for a business's web shop (and, beside them, the invoice API, payment
 * links and invoice webhooks).
 */
import { createApiKeyRepo } from './modules/api-keys/repo'
import { createApiKeyService } from './modules/api-keys/service'
import type { ServiceBase } from './services-base'

export function createOnlineServices(base: ServiceBase) {
  const { deps } = base
  const apiKeys = createApiKeyService({
    repo: createApiKeyRepo(deps.db),
    pool: deps.pool,
    notices: base.notices,
  })
  return { apiKeys }
}
