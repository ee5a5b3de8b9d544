/**
 * The parts of the POS API's OpenAPI 3.1 document (`/api/docs`) that no route's schema gives:
 * how a till authenticates (both headers, and what a refusal says), and the webhooks, each with
 * its payload schema generated from the zod schema the deliveries are built with, its headers,
 * and exactly what is signed, with a verification example in Node (`lib/webhook-signing.ts`).
 * A business's invoice webhooks are in the same document (`invoice-webhooks/openapi.ts`).
 */
import { POS_WEBHOOK_EVENTS, ZPosWebhookPayload, type PosWebhookEvent } from '@app/domain'
import { z } from 'zod'
import { webhookOperation, webhookSigningDescription } from '../../lib/webhook-signing'
import { invoiceWebhooksOpenApi } from '../invoice-webhooks'
import { WEBHOOK_DELIVERY } from './webhooks'

const AUTH_DESCRIPTION = [
  "Two integrations share this document: a web shop sells online with an API key (`Authorization: Bearer sk_...`) under `/api/v1/invoices`, sending the customer to the invoice's `checkoutUrl`; a till takes payments at the counter under `/api/v1/pos`.",
  '',
  'Take payments from a till. Every call under `/api/v1/pos/payments` sends two headers:',
  '',
  "- `Authorization`: the device login's id and secret with HTTP Basic (`Basic base64(loginId:secret)`), or `Bearer <token>` of a session started at `POST /api/v1/pos/sessions`.",
  "- `X-Merchant-Id`: the payment terminal's merchant id (MID) set on the device login.",
  '',
  'A refusal is `{ "error", "code", "header" }`, `header` naming the one at fault: 401 when a header is missing or malformed (`code` UNAUTHORIZED) or the credentials are wrong or revoked (INVALID_CREDENTIALS); 403 when the credentials are right but X-Merchant-Id is not the device\'s (MERCHANT_ID_MISMATCH). Headers are checked before the body.',
  '',
  "A stream of payment events also ends when the device's access ends: signed out or deleted in the dashboard, or its credentials regenerated.",
].join('\n')

const SIGNING_DESCRIPTION = webhookSigningDescription(
  'till',
  `A 2xx answer within ${WEBHOOK_DELIVERY.timeoutMs / 1000} s is a delivery. Anything else is retried with a doubling wait (from ${WEBHOOK_DELIVERY.firstRetryMs / 1000} s, at most ${WEBHOOK_DELIVERY.maxRetryMs / 60_000} minutes) up to ${WEBHOOK_DELIVERY.maxAttempts} attempts; a retry keeps its \`deliveryId\` and is signed again with a new timestamp. Redirects are not followed.`,
)

function posWebhookOperation(event: PosWebhookEvent) {
  return webhookOperation({
    summary: POS_WEBHOOK_EVENTS[event],
    description: SIGNING_DESCRIPTION,
    payload: ZPosWebhookPayload.extend({ event: z.literal(event) }),
  })
}

/** The document's own parts, beside the paths generated from the routes. */
export function posOpenApi(brandName: string, publicUrl: string) {
  const webhooks = {
    ...Object.fromEntries(
      (Object.keys(POS_WEBHOOK_EVENTS) as PosWebhookEvent[]).map((e) => [
        e,
        posWebhookOperation(e),
      ]),
    ),
    // a business's webhooks for its online invoices, signed the same way
    ...invoiceWebhooksOpenApi(),
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${brandName} API: point of sale and selling online`,
      version: '1',
      description: AUTH_DESCRIPTION,
    },
    servers: [{ url: new URL(publicUrl).origin }],
    components: {
      securitySchemes: {
        deviceCredentials: {
          type: 'http' as const,
          scheme: 'basic',
          description: "The device login's id and secret",
        },
        deviceSession: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'A token from POST /api/v1/pos/sessions',
        },
        apiKey: {
          type: 'http' as const,
          scheme: 'bearer',
          description:
            'An API key of the business (`sk_...`, made under Sell online → API keys; shown once), with the scope the call needs: `invoices:create` or `invoices:read`. A key without it is refused (403, API_KEY_SCOPE_MISSING); an unknown or revoked key too (401, API_KEY_INVALID); each key is rate limited (429, RATE_LIMITED).',
        },
      },
    },
    webhooks,
  }
}
