/**
 * A business's webhooks for invoice events: up to `BUSINESS_WEBHOOKS_MAX` URLs, each taking the
 * events it was set for, each with a signing secret shown once and kept sealed. The invoice
 * service enqueues a delivery per webhook in the transaction that records an event
 * (`enqueueInvoiceWebhooks`) and announces it on the event bus; every instance's sender hears
 * that and sends at once, and a recurring job sends whatever is due in case an announcement was
 * missed. A call is POSTed signed as the POS webhooks are (`lib/webhook-signing.ts`); a failed
 * one is retried after `WEBHOOK_RETRY_DELAYS_SEC` (10 s, 1 min, then 10 min six times) and then
 * given up. From the dashboard a delivery can be sent again (a new delivery with the same body:
 * its `deliveryId` is still the first one's, so the shop can tell it has seen it) and a test call
 * made. The schedule runs on the database's clock, one for every instance (a test may give its
 * own).
 */
import {
  BUSINESS_WEBHOOKS_MAX,
  TEST_EVENT,
  WEBHOOK_RETRY_DELAYS_SEC,
  ZInvoiceWebhookPayload,
  type TBusinessWebhookInput,
} from '@app/domain'
import { randomUUID } from 'node:crypto'
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import type { PgEventBus } from '../../lib/pg-events'
import { newToken, type SealedAt, type SecretBox } from '../../lib/secrets'
import { createWebhookCaller, WEBHOOK_TIMEOUT_MS } from '../../lib/webhook-call'
import { WEBHOOK_SECRET_PREFIX } from '../../lib/webhook-signing'
import type { AuditBy } from '../audit'
import {
  enqueueInvoiceWebhooks,
  INVOICE_WEBHOOKS_CHANNEL,
  type DueInvoiceDelivery,
  type InvoiceWebhookRepo,
} from './repo'

/** How often the recurring job looks for due deliveries (announced ones go at once). */
const SWEEP_MS = 2_000
/** Deliveries claimed per query, and the most calls one instance has open at once. */
const BATCH = 20
const MAX_IN_FLIGHT = 100
/** How long a claimed delivery is left to its sender before another may take it. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS * 3

export const invoiceWebhookSealedAt = (webhookId: string): SealedAt => ({
  table: 'business_webhooks',
  column: 'secret_sealed',
  id: webhookId,
})

/** How long after its `attempts`th failed call a delivery is tried again; null: given up. */
export function retryDelaySec(attempts: number): number | null {
  return WEBHOOK_RETRY_DELAYS_SEC[attempts - 1] ?? null
}

const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found`)

export function createInvoiceWebhooks(deps: {
  repo: InvoiceWebhookRepo
  secrets: SecretBox
  /** plain http and local addresses allowed (the demo and tests); otherwise public https only */
  allowHttp: boolean
  bus: PgEventBus
  /** the schedule's clock (tests); the database's by default, one clock for every instance */
  clock?: () => Date
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo } = deps
  const now = deps.clock ?? (() => null)
  const log = deps.log ?? (() => {})
  const caller = createWebhookCaller({ allowHttp: deps.allowHttp })

  /** Calls open on this instance, by delivery id. */
  const inFlight = new Map<string, Promise<void>>()
  let claiming: Promise<void> | null = null
  let again = false
  let backlog = false

  async function deliver(d: DueInvoiceDelivery): Promise<void> {
    let outcome
    try {
      const body = JSON.stringify(d.payload)
      const secret = deps.secrets.open(d.secretSealed, invoiceWebhookSealedAt(d.webhookId))
      outcome = await caller.call(d.url, secret, body)
    } catch (err) {
      outcome = {
        delivered: false,
        statusCode: null,
        error: err instanceof Error ? err.message.slice(0, 200) : 'failed',
      }
    }
    const retry = outcome.delivered ? null : retryDelaySec(d.attempts + 1)
    await repo.recordAttempt(d, outcome, now(), retry)
  }

  function start(d: DueInvoiceDelivery) {
    const call = deliver(d)
      .catch((err: unknown) => log('invoice webhook delivery', err))
      .finally(() => {
        inFlight.delete(d.id)
        if (backlog) {
          backlog = false
          void kick()
        }
      })
    inFlight.set(d.id, call)
  }

  /** Claims what is due and starts its calls, until nothing more is due or enough are open. */
  async function claimRound() {
    for (;;) {
      const room = MAX_IN_FLIGHT - inFlight.size
      if (room <= 0) {
        backlog = true
        return
      }
      const take = Math.min(BATCH, room)
      const due = await repo.claimDue(now(), take, CLAIM_MS)
      for (const d of due) start(d)
      if (due.length < take) return
    }
  }

  /** Sends what is due now; a kick while a round runs makes it run once more. */
  function kick(): Promise<void> {
    if (claiming) {
      again = true
      return claiming
    }
    claiming = (async () => {
      try {
        do {
          again = false
          await claimRound()
        } while (again)
      } finally {
        claiming = null
      }
    })()
    return claiming
  }

  /** Sends the new delivery `id` now and waits for its call if this instance makes it. */
  async function sendNow(id: string) {
    await kick().catch((err: unknown) => log('invoice webhooks', err))
    await inFlight.get(id)
  }

  async function requireWebhook(businessId: string, webhookId: string) {
    const hook = await repo.find(businessId, webhookId)
    if (!hook) throw notFound('Webhook')
    return hook
  }

  async function deliveryView(businessId: string, id: string) {
    const page = await repo.deliveries(businessId, { limit: 1, only: id })
    return page.items[0] ?? null
  }

  // every instance's sender hears of new deliveries, once the event bus is started
  deps.bus.on(INVOICE_WEBHOOKS_CHANNEL, () => {
    kick().catch((err: unknown) => log('invoice webhooks', err))
  })

  return {
    /** Adds a webhook; its signing secret is given here once. */
    async create(businessId: string, input: TBusinessWebhookInput, by: AuditBy) {
      await caller.checkUrl(input.url)
      const id = randomUUID()
      const secret = `${WEBHOOK_SECRET_PREFIX}${newToken(32)}`
      const events = [...new Set(input.events)]
      const made = await repo.add(
        {
          id,
          businessId,
          url: input.url,
          events,
          secretSealed: deps.secrets.seal(secret, invoiceWebhookSealedAt(id)),
        },
        BUSINESS_WEBHOOKS_MAX,
        {
          businessId,
          by,
          action: 'webhook.added',
          subject: { kind: 'webhook', id, name: input.url },
          details: { url: input.url, events: events.join(', ') },
        },
      )
      if (!made) {
        throw new DomainError(
          'WEBHOOK_LIMIT_REACHED',
          `A business has at most ${BUSINESS_WEBHOOKS_MAX} webhooks`,
          { max: BUSINESS_WEBHOOKS_MAX },
        )
      }
      return { ...made, secret }
    },

    /** The business's webhooks (never their secrets). */
    list: (businessId: string) => repo.list(businessId),

    async remove(businessId: string, webhookId: string, by: AuditBy) {
      const gone = await repo.remove(businessId, webhookId, (url) => ({
        businessId,
        by,
        action: 'webhook.removed',
        subject: { kind: 'webhook', id: webhookId, name: url },
        details: { url },
      }))
      if (!gone) throw notFound('Webhook')
      return { ok: true as const }
    },

    /** The delivery log, newest first, a page after the delivery `after`. */
    deliveries(businessId: string, page: { webhookId?: string; after?: string; limit: number }) {
      return repo.deliveries(businessId, page)
    },

    /** A delivery sent again now: a new delivery with the same body (and `deliveryId`). */
    async redeliver(businessId: string, deliveryId: string) {
      const original = await repo.delivery(businessId, deliveryId)
      if (!original) throw notFound('Delivery')
      const id = randomUUID()
      await repo.insertDue(
        {
          id,
          webhookId: original.webhookId,
          businessId,
          invoiceId: original.invoiceId,
          event: original.event,
          payload: JSON.stringify(original.payload),
          redeliveryOf: original.id,
        },
        now(),
      )
      await sendNow(id)
      return deliveryView(businessId, id)
    },

    /** A test call to a webhook, sent now; it names no invoice. */
    async sendTest(businessId: string, webhookId: string) {
      await requireWebhook(businessId, webhookId)
      const id = randomUUID()
      const at = now()
      const payload = ZInvoiceWebhookPayload.parse({
        deliveryId: id,
        event: TEST_EVENT,
        createdAt: (at ?? new Date()).toISOString(),
        invoice: null,
      })
      await repo.insertDue(
        {
          id,
          webhookId,
          businessId,
          invoiceId: null,
          event: TEST_EVENT,
          payload: JSON.stringify(payload),
          redeliveryOf: null,
        },
        at,
      )
      await sendNow(id)
      return deliveryView(businessId, id)
    },

    /** For the invoice service: see `enqueueInvoiceWebhooks`. */
    enqueue: enqueueInvoiceWebhooks,

    /** One run: what is due sent, and the calls open on this instance finished. */
    async sweep(): Promise<void> {
      await kick()
      await Promise.all([...inFlight.values()])
    },
  }
}

export type InvoiceWebhooks = ReturnType<typeof createInvoiceWebhooks>

/** The recurring run that sends what is due if an announcement was missed. */
export function registerInvoiceWebhookJobs(
  jobs: JobQueue,
  webhooks: InvoiceWebhooks,
  intervalMs = SWEEP_MS,
) {
  jobs.every('invoice-webhooks', intervalMs, () => webhooks.sweep())
}
