/** Payment links: a URL and QR a business shares; each use makes an invoice and opens it. */
import { z } from 'zod'
import { ZSafeText } from '../text'
import { INVOICE_CURRENCIES, INVOICE_LIMITS } from './invoices'

export const PAYMENT_LINK_LIMITS = { nameMax: 100, maxUses: 1_000_000 } as const

export const ZPaymentLinkInput = z.object({
  name: ZSafeText.trim().min(1).max(PAYMENT_LINK_LIMITS.nameMax),
  description: ZSafeText.trim().max(INVOICE_LIMITS.descriptionMax).default(''),
  /** null: the customer enters the amount */
  amount: z.number().int().positive().nullable(),
  currency: z.enum(INVOICE_CURRENCIES),
  /** null: no limit; 1: one use */
  maxUses: z.number().int().min(1).max(PAYMENT_LINK_LIMITS.maxUses).nullable(),
  /** ISO date-time after which the link makes no more invoices; null: no end */
  activeUntil: z.iso.datetime({ offset: true }).nullable(),
  redirectUrl: z
    .url({ protocol: /^https?$/ })
    .max(INVOICE_LIMITS.redirectUrlMax)
    .nullable(),
})
export type TPaymentLinkInput = z.input<typeof ZPaymentLinkInput>

/** Why a link makes no more invoices. */
export const PAYMENT_LINK_CLOSED_REASONS = ['inactive', 'used_up', 'ended'] as const
export type PaymentLinkClosedReason = (typeof PAYMENT_LINK_CLOSED_REASONS)[number]

/** What a customer gives to use a link: the amount, when the link leaves it open. */
export const ZPaymentLinkUse = z.object({
  amount: z.number().int().positive().optional(),
})
