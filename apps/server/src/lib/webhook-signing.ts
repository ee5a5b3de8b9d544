/**
 * How every webhook the server sends is signed, once for all of them (a till's POS webhook, a
 * shop's invoice webhook): HMAC-SHA256 over `<timestamp>.<raw body>`, keyed with the webhook's
 * whole `whsec_…` secret as UTF-8, the timestamp (whole seconds) and the hex signature in the
 * domain's headers. The API documentation's description of it, and the verification example
 * integrators copy (the tests run it against real deliveries), are here too.
 */
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@app/domain'
import { createHmac } from 'node:crypto'
import { z } from 'zod'

/** A webhook's signing secret: shown once, kept sealed. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** The signature a receiver checks: hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

/** The headers of one signed call of `body`, made at `nowMs` (wall-clock time). */
export function signedWebhookHeaders(
  secret: string,
  body: string,
  nowMs = Date.now(),
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000))
  return {
    'content-type': 'application/json',
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
  }
}

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

/**
 * What the documentation says of a signed call: the headers, what is signed, the key, replays,
 * then `delivery` (when a call counts as delivered and how it is retried: each kind of webhook
 * has its own), then the verification example.
 */
export function webhookSigningDescription(receiver: string, delivery: string): string {
  return [
    `Each call is signed so the ${receiver} can tell it came from us and was not changed:`,
    '',
    `- \`${WEBHOOK_TIMESTAMP_HEADER}\`: when the call was made, in whole seconds since 1970 (UTC), as decimal digits.`,
    `- \`${WEBHOOK_SIGNATURE_HEADER}\`: the HMAC-SHA256, as 64 lower-case hex digits, of the UTF-8 bytes of \`<timestamp>.<raw body>\`: the timestamp header's value, a full stop, and the request body exactly as received (verify before parsing the JSON).`,
    "- The HMAC key is the webhook's whole secret string, `whsec_` prefix included, taken as UTF-8 bytes. It is not base64-decoded: this differs from Svix-style webhooks, whose `whsec_` secrets are base64 after the prefix, and from their `svix-*` headers and `v1,` base64 signatures.",
    '- Refuse a timestamp far from your clock (five minutes, say), so an old call cannot be replayed.',
    '',
    delivery,
    '',
    'Verification in Node:',
    '',
    '```js',
    WEBHOOK_VERIFY_EXAMPLE,
    '```',
  ].join('\n')
}

/** A zod schema as the OpenAPI document's JSON Schema (what is sent, without `$schema`). */
export function webhookJsonSchemaOf(schema: z.ZodType) {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'output' })
  return rest
}

/** One webhook of the OpenAPI document: a POST of `payload`, signed as described. */
export function webhookOperation(opts: {
  summary: string
  description: string
  payload: z.ZodType
}) {
  const header = (name: string, description: string, pattern: string) => ({
    name,
    in: 'header' as const,
    required: true,
    description,
    schema: { type: 'string' as const, pattern },
  })
  return {
    post: {
      summary: opts.summary,
      description: opts.description,
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
        content: { 'application/json': { schema: webhookJsonSchemaOf(opts.payload) } },
      },
      responses: {
        '2XX': { description: 'Received: the delivery is done' },
        default: { description: 'Not received: the call is retried' },
      },
    },
  }
}
