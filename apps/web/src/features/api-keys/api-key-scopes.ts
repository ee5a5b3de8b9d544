/** How the API keys' page names scopes and keys (kept apart from the page, so tests need no DOM). */
import { API_KEY_SCOPES, type ApiKeyScope } from '@app/domain'

const HELP = {
  'invoices:create': 'apiKeys.scopeHelp.invoices_create',
  'invoices:read': 'apiKeys.scopeHelp.invoices_read',
  'links:manage': 'apiKeys.scopeHelp.links_manage',
  'webhooks:manage': 'apiKeys.scopeHelp.webhooks_manage',
} as const satisfies Record<ApiKeyScope, string>

/** The translation key of a scope's one-line explanation. */
export const scopeHelpKey = (scope: ApiKeyScope) => HELP[scope]

/** The scopes with `scope` turned on or off, in the catalogue's order, each once. */
export function withScope(
  scopes: readonly ApiKeyScope[],
  scope: ApiKeyScope,
  on: boolean,
): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => (s === scope ? on : scopes.includes(s)))
}

/** A key as lists name it: its first characters and an ellipsis (`sk_AbC123x…`). */
export const shownKey = (shownPrefix: string) => `${shownPrefix}…`
