import { API_KEY_PATTERN, API_KEY_SCOPES, API_KEY_SHOWN_CHARS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { scopeHelpKey, shownKey, withScope } from './api-key-scopes'

describe('withScope', () => {
  it('turns a scope on or off, keeping the catalogue order and each scope once', () => {
    expect(withScope(['invoices:read'], 'invoices:create', true)).toEqual([
      'invoices:create',
      'invoices:read',
    ])
    expect(withScope(['invoices:create', 'invoices:read'], 'invoices:create', false)).toEqual([
      'invoices:read',
    ])
    expect(withScope(['webhooks:manage'], 'webhooks:manage', true)).toEqual(['webhooks:manage'])
    expect(withScope([], 'links:manage', false)).toEqual([])
  })
})

describe('names', () => {
  it('gives every scope a translation key without the namespace separator', () => {
    for (const scope of API_KEY_SCOPES) expect(scopeHelpKey(scope)).not.toContain(':')
    expect(scopeHelpKey('invoices:create')).toBe('apiKeys.scopeHelp.invoices_create')
  })

  it('shows a key by its first characters, never more of it', () => {
    const key = `sk_${'a'.repeat(43)}`
    expect(key).toMatch(API_KEY_PATTERN)
    expect(shownKey(key.slice(0, API_KEY_SHOWN_CHARS))).toBe(`sk_${'a'.repeat(8)}…`)
  })
})
