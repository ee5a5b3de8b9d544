/**
 * The parts of the POS API's OpenAPI 3.1 document (`/api/docs`) that no route's schema gives:
 * how a till authenticates (both headers, and what a refusal says), and the webhooks, each with
 * its payload schema generated from the zod schema the deliveries are built with, its headers,
 * and exactly what is signed, with a verification example in Node.
 */
import {
  POS_WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  ZPosWebhookPayload,
  type PosWebhookEvent,
} from '@app/domain'
import { z } from 'zod'
import { WEBHOOK_DELIVERY } from './webhooks'

const AUTH_DESCRIPTION = [
  'Take payments from a till. Every call under `/api/v1/pos/payments` sends two headers:',
  '',
  "- `Authorization`: the device login's id and secret with HTTP Basic (`Basic base64(loginId:secret)`), or `Bearer <token>` of a session started at `POST /api/v1/pos/sessions`.",
  "- `X-Merchant-Id`: the payment terminal's merchant id (MID) set on the device login.",
  '',
  'A refusal is `{ "error", "code", "header" }`, `header` naming the one at fault: 401 when a header is missing or malformed (`code` UNAUTHORIZED) or the credentials are wrong or revoked (INVALID_CREDENTIALS); 403 when the credentials are right but X-Merchant-Id is not the device\'s (MERCHANT_ID_MISMATCH). Headers are checked before the body.',
  '',
  "A stream of payment events also ends when the device's access ends: signed out or deleted in the dashboard, or its credentials regenerated.",
].join('\n')

/** The verification example integrators copy; the server's tests run it against a delivery. */
export const WEBHOOK_VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto'

// secret: the whole secret shown once when the webhook was set, "whsec_" included
// headers: the request's headers (lower-case names); rawBody: its body exactly as received
export function verifyWebhook(secret, headers, rawBody, toleranceSec = 300) {
  const timestamp = headers['${WEBHOOK_TIMESTAMP_HEADER}']
  const signature = headers['${WEBHOOK_SIGNATURE_HEADER}']
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSec) return false
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(timestamp + '.')
    .update(rawBody)
    .digest()
  const given = Buffer.from(signature, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}`

const SIGNING_DESCRIPTION = [
  'Each call is signed so the till can tell it came from us and was not changed:',
  '',
  `- \`${WEBHOOK_TIMESTAMP_HEADER}\`: when the call was made, in whole seconds since 1970 (UTC), as decimal digits.`,
  `- \`${WEBHOOK_SIGNATURE_HEADER}\`: the HMAC-SHA256, as 64 lower-case hex digits, of the UTF-8 bytes of \`<timestamp>.<raw body>\`: the timestamp header's value, a full stop, and the request body exactly as received (verify before parsing the JSON).`,
  "- The HMAC key is the webhook's whole secret string, `whsec_` prefix included, taken as UTF-8 bytes. It is not base64-decoded: this differs from Svix-style webhooks, whose `whsec_` secrets are base64 after the prefix, and from their `svix-*` headers and `v1,` base64 signatures.",
  '- Refuse a timestamp far from your clock (five minutes, say), so an old call cannot be replayed.',
  '',
  `A 2xx answer within ${WEBHOOK_DELIVERY.timeoutMs / 1000} s is a delivery. Anything else is retried with a doubling wait (from ${WEBHOOK_DELIVERY.firstRetryMs / 1000} s, at most ${WEBHOOK_DELIVERY.maxRetryMs / 60_000} minutes) up to ${WEBHOOK_DELIVERY.maxAttempts} attempts; a retry keeps its \`deliveryId\` and is signed again with a new timestamp. Redirects are not followed.`,
  '',
  'Verification in Node:',
  '',
  '```js',
  WEBHOOK_VERIFY_EXAMPLE,
  '```',
].join('\n')

function jsonSchemaOf(schema: z.ZodType) {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'output' })
  return rest
}

function webhookOperation(event: PosWebhookEvent) {
  const payload = ZPosWebhookPayload.extend({ event: z.literal(event) })
  const header = (name: string, description: string, pattern: string) => ({
    name,
    in: 'header' as const,
    required: true,
    description,
    schema: { type: 'string' as const, pattern },
  })
  return {
    post: {
      summary: POS_WEBHOOK_EVENTS[event],
      description: SIGNING_DESCRIPTION,
      parameters: [
        header(
          WEBHOOK_TIMESTAMP_HEADER,
          'Seconds since 1970 (UTC) when the call was made',
          '^[0-9]+$',
        ),
        header(
          WEBHOOK_SIGNATURE_HEADER,
          'Hex HMAC-SHA256 of `<timestamp>.<raw body>`, keyed with the whole `whsec_...` secret as UTF-8',
          '^[0-9a-f]{64}$',
        ),
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(payload) } },
      },
      responses: {
        '2XX': { description: 'Received: the delivery is done' },
        default: { description: 'Not received: the call is retried' },
      },
    },
  }
}

/** The document's own parts, beside the paths generated from the routes. */
export function posOpenApi(brandName: string, publicUrl: string) {
  const webhooks = Object.fromEntries(
    (Object.keys(POS_WEBHOOK_EVENTS) as PosWebhookEvent[]).map((e) => [e, webhookOperation(e)]),
  )
  return {
    openapi: '3.1.0',
    info: {
      title: `${brandName} point-of-sale API`,
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
      },
    },
    webhooks,
  }
}
