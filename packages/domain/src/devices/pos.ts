/**
 * The point-of-sale REST API (`/api/v1/pos/`): what a till sends and gets back. The OpenAPI
 * document at `/api/docs` is generated from these schemas.
 */
import { z } from 'zod'
import { CURRENCY_CODES } from '../currencies'
import { ZSafeText } from '../text'
import { DEVICE_LOGIN_ID_PATTERN, DEVICE_SECRET_PATTERN } from './credentials'

const POS_CURRENCIES = ['SAT', ...CURRENCY_CODES] as const
const POS_METHODS = ['lightning', 'onchain'] as const

export const ZPosCreatePayment = z.object({
  amount: z
    .number()
    .int()
    .positive()
    .describe('In minor units of `currency` (cents, pence), or sats when `currency` is SAT'),
  currency: z.enum(POS_CURRENCIES).describe("SAT, or the business's own currency"),
  method: z.enum(POS_METHODS),
  memo: ZSafeText.trim().max(200).default(''),
  orderReference: ZSafeText.trim().min(1).max(100).optional().describe("The till's order id"),
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[\x21-\x7e]+$/)
    .describe('The same key returns the same payment; with another amount it is refused (409)'),
})
export type TPosCreatePayment = z.input<typeof ZPosCreatePayment>

export const ZPosPayment = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'processing', 'settled', 'expired', 'failed']),
  method: z.string(),
  amountSat: z.number().int(),
  receivedSat: z.number().int(),
  fiatMinor: z.number().int().nullable(),
  currency: z.string(),
  memo: z.string(),
  orderReference: z.string().nullable(),
  paymentRequest: z.string().nullable().describe('BOLT11 invoice'),
  address: z.string().nullable(),
  bip21: z.string().nullable(),
  expiresAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
})
export type TPosPayment = z.infer<typeof ZPosPayment>

/** The request headers a till authenticates with; a refusal names the one at fault. */
export const POS_AUTH_HEADERS = ['authorization', 'x-merchant-id'] as const
export type PosAuthHeader = (typeof POS_AUTH_HEADERS)[number]

export const ZPosError = z.object({
  error: z.string(),
  code: z.string().describe('A code of the error catalogue'),
  header: z
    .enum(POS_AUTH_HEADERS)
    .optional()
    .describe('The request header that was missing, malformed or refused (401 and 403 only)'),
})

export const ZPosSessionInput = z.object({
  loginId: z.string().regex(DEVICE_LOGIN_ID_PATTERN),
  secret: z.string().regex(DEVICE_SECRET_PATTERN),
})
export const ZPosSession = z.object({ token: z.string(), expiresAt: z.string() })

export const ZPosWebhookInput = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .describe('Called with a POST when a payment of this device settles'),
})

/** What a webhook call is about; each is a POST of `ZPosWebhookPayload`. */
export const POS_WEBHOOK_EVENTS = {
  'payment.settled': 'A payment the device took was paid in full',
} as const
export type PosWebhookEvent = keyof typeof POS_WEBHOOK_EVENTS

/** The JSON body of a webhook call, exactly as sent (and signed). */
export const ZPosWebhookPayload = z.object({
  event: z.enum(Object.keys(POS_WEBHOOK_EVENTS) as [PosWebhookEvent, ...PosWebhookEvent[]]),
  deliveryId: z
    .uuid()
    .describe('The same for every retry of one delivery: a till that saw it already can skip it'),
  payment: ZPosPayment,
})
export type TPosWebhookPayload = z.infer<typeof ZPosWebhookPayload>

/** Header names of a signed webhook call; the signature is HMAC-SHA256 of `<timestamp>.<body>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature'
export const WEBHOOK_TIMESTAMP_HEADER = 'x-signature-timestamp'
