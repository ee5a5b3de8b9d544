/**
 * A business's webhooks for invoice events and their deliveries. A delivery is a row holding
 * the body as first made (`payload`); it is `pending` until a call is answered with a 2xx
 * (`delivered`) or the last retry failed (`failed`). A sender claims due rows for a while
 * (`next_attempt_at` moved past the claim) with SKIP LOCKED, so no two senders, on any instance,
 * call with one delivery at once.
 */
import {
  ZInvoiceWebhookPayload,
  type InvoiceEvent,
  type TInvoice,
  type TInvoiceWebhookPayload,
} from '@app/domain'
import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Db } from '../../db/database'
import type { Database } from '../../db/schema'
import { recordAudit, type AuditEvent } from '../audit'

/** Where a new due delivery is announced: every instance's sender hears it. */
export const INVOICE_WEBHOOKS_CHANNEL = 'invoice_webhooks'

/** An invoice's event, as the invoice service records it. */
export interface InvoiceWebhookEvent {
  businessId: string
  invoiceId: string
  event: InvoiceEvent
  /** the invoice as it is after the event */
  invoice: TInvoice
  /** when the event happened */
  at: Date
}

/**
 * In the transaction that records an invoice's event: one pending delivery for each webhook of
 * the business that takes the event, none twice for one webhook (the unique index), then the
 * senders are told. The payload's `deliveryId` is the row's id. Returns how many were made.
 */
export async function enqueueInvoiceWebhooks(
  trx: Kysely<Database>,
  e: InvoiceWebhookEvent,
): Promise<number> {
  const hooks = await trx
    .selectFrom('businessWebhooks')
    .select('id')
    .where('businessId', '=', e.businessId)
    .where(sql<boolean>`${e.event} = ANY(events)`)
    .execute()
  if (hooks.length === 0) return 0
  const createdAt = e.at.toISOString()
  const rows = hooks.map((h) => {
    const id = randomUUID()
    const payload: TInvoiceWebhookPayload = ZInvoiceWebhookPayload.parse({
      deliveryId: id,
      event: e.event,
      createdAt,
      invoice: e.invoice,
    })
    return {
      id,
      webhookId: h.id,
      businessId: e.businessId,
      invoiceId: e.invoiceId,
      event: e.event,
      payload: JSON.stringify(payload),
    }
  })
  const made = await trx
    .insertInto('invoiceWebhookDeliveries')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['webhookId', 'invoiceId', 'event'])
        .where('redeliveryOf', 'is', null)
        .where('invoiceId', 'is not', null)
        .doNothing(),
    )
    .executeTakeFirst()
  const count = Number(made.numInsertedOrUpdatedRows ?? 0n)
  if (count > 0) await notifySenders(trx, e.businessId)
  return count
}

/** Tells the senders of every instance that deliveries are due (on commit, if in a transaction). */
async function notifySenders(db: Kysely<Database>, businessId: string) {
  // the payload is not empty: the event bus passes on only notifications that carry one
  await sql`SELECT pg_notify(${INVOICE_WEBHOOKS_CHANNEL}, ${JSON.stringify({ businessId })})`.execute(
    db,
  )
}

/** `now` as the query's time: the given one (a test's clock), or the database's. */
const at = (now: Date | null) => sql<Date>`coalesce(${now}::timestamptz, now())`

export interface DueInvoiceDelivery {
  id: string
  webhookId: string
  businessId: string
  payload: unknown
  attempts: number
  url: string
  secretSealed: string
}

export interface DeliveryPage {
  webhookId?: string
  /** the last delivery of the page before */
  after?: string
  /** this delivery only */
  only?: string
  limit: number
}

export function createInvoiceWebhookRepo(db: Db) {
  return {
    list(businessId: string) {
      return db
        .selectFrom('businessWebhooks')
        .select(['id', 'url', 'events', 'createdAt'])
        .where('businessId', '=', businessId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute()
    },

    async find(businessId: string, id: string) {
      return db
        .selectFrom('businessWebhooks')
        .select(['id', 'url', 'events', 'createdAt'])
        .where('businessId', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /**
     * Adds a webhook unless the business has `max` already (counted under a lock of the
     * business's webhooks, so two at once cannot both pass); false when it has.
     */
    async add(
      row: { id: string; businessId: string; url: string; events: string[]; secretSealed: string },
      max: number,
      audit: AuditEvent,
    ) {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`business_webhooks:${row.businessId}`}, 0))`.execute(
          trx,
        )
        const { n } = await trx
          .selectFrom('businessWebhooks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('businessId', '=', row.businessId)
          .executeTakeFirstOrThrow()
        if (Number(n) >= max) return null
        const made = await trx
          .insertInto('businessWebhooks')
          .values(row)
          .returning(['id', 'url', 'events', 'createdAt'])
          .executeTakeFirstOrThrow()
        await recordAudit(trx, audit)
        return made
      })
    },

    /** Removes a webhook (its deliveries with it); the removed one, or undefined. */
    async remove(businessId: string, id: string, audit: (url: string) => AuditEvent) {
      return db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('businessWebhooks')
          .where('businessId', '=', businessId)
          .where('id', '=', id)
          .returning(['id', 'url'])
          .executeTakeFirst()
        if (gone) await recordAudit(trx, audit(gone.url))
        return gone
      })
    },

    /** The log, newest first, a page after the delivery `after`. */
    async deliveries(businessId: string, page: DeliveryPage) {
      let q = db
        .selectFrom('invoiceWebhookDeliveries as d')
        .innerJoin('businessWebhooks as w', 'w.id', 'd.webhookId')
        .select([
          'd.id',
          'd.webhookId',
          'w.url',
          'd.invoiceId',
          'd.event',
          'd.status',
          'd.attempts',
          'd.lastStatusCode',
          'd.lastError',
          'd.redeliveryOf',
          'd.createdAt',
          'd.deliveredAt',
          'd.nextAttemptAt',
        ])
        .where('d.businessId', '=', businessId)
      if (page.webhookId) q = q.where('d.webhookId', '=', page.webhookId)
      if (page.only) q = q.where('d.id', '=', page.only)
      if (page.after) {
        const after = page.after
        q = q.where((eb) =>
          eb(
            eb.refTuple('d.createdAt', 'd.id'),
            '<',
            eb
              .selectFrom('invoiceWebhookDeliveries as a')
              .select(['a.createdAt', 'a.id'])
              .where('a.id', '=', after)
              .where('a.businessId', '=', businessId)
              .$asTuple('createdAt', 'id'),
          ),
        )
      }
      const rows = await q
        .orderBy('d.createdAt', 'desc')
        .orderBy('d.id', 'desc')
        .limit(page.limit + 1)
        .execute()
      const items = rows.slice(0, page.limit)
      return {
        items,
        nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null,
      }
    },

    delivery(businessId: string, id: string) {
      return db
        .selectFrom('invoiceWebhookDeliveries')
        .selectAll()
        .where('businessId', '=', businessId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** A new delivery, due now: a redelivery of another, or a test call. */
    async insertDue(
      row: {
        id: string
        webhookId: string
        businessId: string
        invoiceId: string | null
        event: string
        payload: string
        redeliveryOf: string | null
      },
      now: Date | null,
    ) {
      await db
        .insertInto('invoiceWebhookDeliveries')
        .values({ ...row, nextAttemptAt: at(now) })
        .execute()
    },

    /**
     * Deliveries due at `now` (null: the database's clock, the same for every instance), claimed
     * until `claimMs` later so no other sender takes them meanwhile.
     */
    async claimDue(
      now: Date | null,
      limit: number,
      claimMs: number,
    ): Promise<DueInvoiceDelivery[]> {
      const r = await sql<DueInvoiceDelivery>`
        WITH due AS (
          SELECT id FROM invoice_webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${at(now)}
          ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        UPDATE invoice_webhook_deliveries AS d
        SET next_attempt_at = ${at(now)} + make_interval(secs => ${claimMs / 1000})
        FROM due, business_webhooks w
        WHERE d.id = due.id AND w.id = d.webhook_id
        RETURNING d.id, d.webhook_id AS "webhookId", d.business_id AS "businessId", d.payload,
          d.attempts, w.url, w.secret_sealed AS "secretSealed"`.execute(db)
      return r.rows
    },

    /**
     * One call's outcome: delivered, failed for good (`retryInSec` null), or pending until
     * `retryInSec` after `now`. Only the claim it was made under records it: a delivery whose
     * attempts moved on meanwhile is left as it is.
     */
    async recordAttempt(
      d: { id: string; attempts: number },
      outcome: { delivered: boolean; statusCode: number | null; error: string | null },
      now: Date | null,
      retryInSec: number | null,
    ) {
      await db
        .updateTable('invoiceWebhookDeliveries')
        .set({
          attempts: d.attempts + 1,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
          status: outcome.delivered ? 'delivered' : retryInSec === null ? 'failed' : 'pending',
          deliveredAt: outcome.delivered ? at(now) : null,
          nextAttemptAt: sql<Date>`${at(now)} + make_interval(secs => ${retryInSec ?? 0})`,
        })
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', d.attempts)
        .execute()
    },
  }
}

export type InvoiceWebhookRepo = ReturnType<typeof createInvoiceWebhookRepo>
