/**
 * What other modules may use of API keys: the service (the invoice API's routes call its
 * `authenticate` with the request's Authorization header and the scope they need), who a
 * request then is, and how a header is read.
 */
export { apiKeyOf } from './service'
export type { ApiKeyCaller, ApiKeyService, ApiKeyView } from './service'
