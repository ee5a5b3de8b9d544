/**
 * Where the public checkout and payment-link pages live and the endpoints behind them. A module
 * without zod: the checkout page's small bundle reads it, and the server's page routes too.
 */
import { TERMINAL_LANGUAGES, type TerminalLanguage } from '../languages'

/** The checkout page of an invoice, served by the server as a page of its own. */
export const CHECKOUT_PATH_PREFIX = '/pay/'
export const checkoutPath = (invoiceId: string) => `${CHECKOUT_PATH_PREFIX}${invoiceId}`

/** A payment link's page: it makes an invoice (asking the amount when open) and opens it. */
export const PAYMENT_LINK_PATH_PREFIX = '/l/'
export const paymentLinkPath = (linkId: string) => `${PAYMENT_LINK_PATH_PREFIX}${linkId}`

/** The pages of the checkout bundle (`checkout.html`), not the dashboard's. */
export const CHECKOUT_PAGE_PREFIXES = [CHECKOUT_PATH_PREFIX, PAYMENT_LINK_PATH_PREFIX] as const

/** Whether a path (no query) is a checkout or payment-link page. */
export function isCheckoutPagePath(pathname: string): boolean {
  return CHECKOUT_PAGE_PREFIXES.some((p) => pathname.startsWith(p) && pathname.length > p.length)
}

/**
 * The public endpoints behind the checkout and payment-link pages (no session; each answers
 * `ZApiError` on a refusal). The events stream sends `event: checkout` with `TCheckout` as JSON
 * now and after each change, until the invoice is final.
 */
export const CHECKOUT_API = {
  invoice: (invoiceId: string) => `/api/v1/checkout/${invoiceId}`,
  events: (invoiceId: string) => `/api/v1/checkout/${invoiceId}/events`,
  /** POST `ZCheckoutEcash`: a Cashu token pays the invoice; answers `TCheckout` */
  ecash: (invoiceId: string) => `/api/v1/checkout/${invoiceId}/ecash`,
  /** GET `TPaymentLinkPage` */
  link: (linkId: string) => `/api/v1/links/${linkId}`,
  /** POST `ZPaymentLinkUse`: a new invoice of the link; answers `TCheckout` (201) */
  linkUse: (linkId: string) => `/api/v1/links/${linkId}/invoices`,
} as const
export const CHECKOUT_EVENT = 'checkout'

/**
 * The checkout's language: the first of the customer's languages it has (`de-AT` is `de`: the
 * terminal's five), else English. The page reads the browser's list, the server the request's
 * Accept-Language (to hint the texts' file in the page's head): the same choice.
 */
export function checkoutLanguage(preferred: readonly string[]): TerminalLanguage {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-;]/)[0] ?? ''
    const found = TERMINAL_LANGUAGES.find((lng) => lng === base)
    if (found) return found
  }
  return 'en'
}

/** The checkout's texts in one language (a small file of their own, not the dashboard's). */
export const checkoutMessagesPath = (lng: TerminalLanguage) => `/locales/${lng}/checkout.json`

/** What a checkout or payment-link page fetches first (its answer's path); null for a bad path. */
export function checkoutPageData(pathname: string): string | null {
  const match = /^\/(pay|l)\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname)
  if (!match?.[2]) return null
  return match[1] === 'pay' ? CHECKOUT_API.invoice(match[2]) : CHECKOUT_API.link(match[2])
}
