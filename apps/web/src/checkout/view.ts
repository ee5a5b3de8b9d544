/**
 * What the checkout shows for an invoice, read from its status and exception (the domain's
 * `invoiceState` sets both), the countdown on the server's clock, and where the customer may be
 * sent: plain functions, so each rule is tested without a browser.
 */
import { isPayable, type TCheckout } from '@app/domain'

export type CheckoutView =
  /** the QR, the copy buttons, the token box and the countdown */
  | { kind: 'pay' }
  /** too little arrived on-chain: contact the business for the rest or a refund */
  | { kind: 'partial' }
  /** on-chain seen, not yet confirmed */
  | { kind: 'processing' }
  | { kind: 'settled' }
  | { kind: 'expired' }
  | { kind: 'invalid' }

export function checkoutView(checkout: Pick<TCheckout, 'status' | 'exception'>): CheckoutView {
  if (isPayable(checkout)) return { kind: 'pay' }
  if (checkout.exception === 'paid_partial' && checkout.status !== 'settled') {
    return { kind: 'partial' }
  }
  return { kind: checkout.status === 'new' ? 'pay' : checkout.status }
}

/** Nothing changes any more: the events stream can end. */
export const isFinal = (checkout: Pick<TCheckout, 'status'>) =>
  checkout.status === 'settled' || checkout.status === 'expired' || checkout.status === 'invalid'

/** How far the server's clock is ahead of this device's (ms): a phone's clock may be off. */
export function clockOffset(serverTime: string, now: number = Date.now()): number {
  const server = Date.parse(serverTime)
  return Number.isNaN(server) ? 0 : server - now
}

/** Whole seconds until the invoice expires, by the server's clock; never negative. */
export function secondsLeft(expiresAt: string, offset: number, now: number = Date.now()): number {
  const end = Date.parse(expiresAt)
  if (Number.isNaN(end)) return 0
  return Math.max(0, Math.ceil((end - (now + offset)) / 1000))
}

/** 872 s as "14:32", 3723 s as "1:02:03". */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`
}

/**
 * The shop's page to send the customer back to: an http or https URL only (the server checks
 * it when the invoice is made; checked again here), never `javascript:` or `data:`.
 */
export function safeRedirectUrl(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code <= 0x20 || code === 0x7f) return null
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
}

/** What "Open in wallet" opens: the BIP21 URI, else the Lightning invoice, else the address. */
export function walletHref(
  checkout: Pick<TCheckout, 'bip21' | 'lightningInvoice' | 'address'>,
): string | null {
  if (checkout.bip21) return checkout.bip21
  if (checkout.lightningInvoice) return `lightning:${checkout.lightningInvoice}`
  if (checkout.address) return `bitcoin:${checkout.address}`
  return null
}
