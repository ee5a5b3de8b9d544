/**
 * The product's domain rules that the server and the web both need, written once: onboarding
 * steps and their pages, currencies and money, payment statuses and methods, the error catalogue
 * and the onboarding form schemas. Isomorphic: no Node-only imports, small enough for the web
 * bundle.
 */

export * from './onboarding/steps'
export * from './onboarding/schemas'
export * from './onboarding/countries'
export * from './onboarding/iban'
export * from './onboarding/person-age'
export * from './onboarding/postcode'
export * from './currencies'
export * from './money'
export * from './payments'
export * from './withdrawals'
export * from './consent'
export * from './passkeys'
export * from './audit'
export * from './audit-input'
export * from './loop'
export * from './errors'
export * from './onboarding/amount-text'
export * from './api'
export * from './text'
export * from './devices'
export * from './refunds'
export * from './terminal'
export * from './server-paths'
export * from './roles'
export * from './roles-input'
export * from './online'
