/**
 * The invoice webhooks in the API's OpenAPI document (`/api/docs`, beside the POS webhooks):
 * one operation per event with its payload schema from the zod schema deliveries are made with,
 * signed as every webhook is (`lib/webhook-signing.ts`), with the invoice webhooks' own retries.
 */
import {
  INVOICE_EVENT_NAMES,
  INVOICE_EVENTS,
  TEST_EVENT,
  WEBHOOK_RETRY_DELAYS_SEC,
  ZInvoice,
  ZInvoiceWebhookPayload,
  type InvoiceEvent,
} from '@app/domain'
import { z } from 'zod'
import { WEBHOOK_TIMEOUT_MS } from '../../lib/webhook-call'
import { webhookOperation, webhookSigningDescription } from '../../lib/webhook-signing'

const wait = (sec: number) =>
  sec % 60 === 0 ? `${sec / 60} minute${sec === 60 ? '' : 's'}` : `${sec} s`

/** The schedule in words, from the delays the sender uses: "after 10 s, after 1 minute, ...". */
function retrySchedule(): string {
  const delays: number[] = [...WEBHOOK_RETRY_DELAYS_SEC]
  const parts: string[] = []
  for (let i = 0; i < delays.length;) {
    let n = 1
    while (delays[i + n] === delays[i]) n += 1
    const d = delays[i] ?? 0
    parts.push(n === 1 ? `after ${wait(d)}` : `then every ${wait(d)} ${n} times`)
    i += n
  }
  const totalMin = Math.round(delays.reduce((a, b) => a + b, 0) / 60)
  return `${parts.join(', ')} (${delays.length + 1} calls in all, over about ${totalMin} minutes)`
}

const DELIVERY = [
  `A 2xx answer within ${WEBHOOK_TIMEOUT_MS / 1000} s is a delivery. Anything else is retried ${retrySchedule()}, then given up. A retry keeps its \`deliveryId\` and is signed again with a new timestamp. Redirects are not followed.`,
  '',
  "A delivery can be sent again from the dashboard: that call carries the first delivery's body unchanged, its `deliveryId` included, so a shop that has handled that id already can answer 2xx and skip it. Each event is sent once per webhook (plus its retries); calls may arrive out of order, so read the invoice's `status` rather than counting on the order of events.",
].join('\n')

const DESCRIPTION = webhookSigningDescription('shop', DELIVERY)

/** The document's webhooks for invoice events and the dashboard's test call, by event name. */
export function invoiceWebhooksOpenApi() {
  const ops: Record<string, ReturnType<typeof webhookOperation>> = {}
  for (const event of INVOICE_EVENT_NAMES as InvoiceEvent[]) {
    ops[event] = webhookOperation({
      summary: INVOICE_EVENTS[event],
      description: DESCRIPTION,
      payload: ZInvoiceWebhookPayload.extend({ event: z.literal(event), invoice: ZInvoice }),
    })
  }
  ops[TEST_EVENT] = webhookOperation({
    summary: 'A test call sent from the dashboard: it names no invoice',
    description: DESCRIPTION,
    payload: ZInvoiceWebhookPayload.extend({ event: z.literal(TEST_EVENT), invoice: z.null() }),
  })
  return ops
}
