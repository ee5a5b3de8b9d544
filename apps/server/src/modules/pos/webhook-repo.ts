/** A device's webhook to its till, and the log of deliveries the dashboard shows. */
import { sql } from 'kysely'
import type { Db } from '../../db/database'

const WEBHOOK_EVENT_SETTLED = 'payment.settled'

export interface DueDelivery {
  id: string
  businessId: string
  deviceId: string
  paymentId: string
  event: string
  attempts: number
  url: string
  secretSealed: string
}

export function createWebhookRepo(db: Db) {
  return {
    /** Replaces the device's webhook; settlements before now are not sent to the new one. */
    async set(businessId: string, deviceId: string, url: string, secretSealed: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('posWebhooks').where('deviceId', '=', deviceId).execute()
        await trx
          .insertInto('posWebhooks')
          .values({ businessId, deviceId, url, secretSealed })
          .execute()
      })
    },

    async remove(businessId: string, deviceId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('posWebhooks')
        .where('businessId', '=', businessId)
        .where('deviceId', '=', deviceId)
        .executeTakeFirst()
      return r.numDeletedRows > 0n
    },

    list(businessId: string) {
      return db
        .selectFrom('posWebhooks')
        .select(['deviceId', 'url', 'createdAt'])
        .where('businessId', '=', businessId)
        .execute()
    },

    deliveries(businessId: string, limit = 50) {
      return db
        .selectFrom('webhookDeliveries as w')
        .leftJoin('devices as d', 'd.id', 'w.deviceId')
        .select([
          'w.id',
          'w.deviceId',
          'd.name as deviceName',
          'w.paymentId',
          'w.event',
          'w.status',
          'w.attempts',
          'w.lastStatusCode',
          'w.lastError',
          'w.createdAt',
          'w.deliveredAt',
        ])
        .where('w.businessId', '=', businessId)
        .orderBy('w.createdAt', 'desc')
        .limit(limit)
        .execute()
    },

    /**
     * A delivery for each payment of a device with a webhook that settled after the webhook was
     * set (and within the last day; by the row's own clock, as a wallet's settle time may be
     * rounded to the second); the unique key makes each one once, whoever runs this.
     */
    async enqueueSettled(): Promise<number> {
      const r = await sql`
        INSERT INTO webhook_deliveries (business_id, device_id, payment_id, event)
        SELECT p.business_id, p.device_id, p.id, ${WEBHOOK_EVENT_SETTLED}
        FROM pos_webhooks w
        JOIN payments p ON p.business_id = w.business_id AND p.device_id = w.device_id
        WHERE p.status = 'settled' AND p.updated_at >= w.created_at
          AND p.updated_at > now() - interval '1 day'
        ON CONFLICT (device_id, payment_id, event) DO NOTHING`.execute(db)
      return Number(r.numAffectedRows ?? 0n)
    },

    /** Due deliveries, claimed for a while so no other run takes them meanwhile. */
    async claimDue(limit: number, claimMs: number): Promise<DueDelivery[]> {
      const r = await sql<DueDelivery>`
        UPDATE webhook_deliveries AS d
        SET next_attempt_at = now() + make_interval(secs => ${claimMs / 1000})
        FROM pos_webhooks w
        WHERE d.id IN (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          AND w.device_id = d.device_id
        RETURNING d.id, d.business_id AS "businessId", d.device_id AS "deviceId", d.payment_id AS "paymentId", d.event,
          d.attempts, w.url, w.secret_sealed AS "secretSealed"`.execute(db)
      return r.rows
    },

    async recordAttempt(
      id: string,
      outcome: { delivered: boolean; statusCode: number | null; error: string | null },
      retryInMs: number | null,
    ) {
      await db
        .updateTable('webhookDeliveries')
        .set({
          attempts: sql<number>`attempts + 1`,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
          status: outcome.delivered ? 'delivered' : retryInMs === null ? 'failed' : 'pending',
          deliveredAt: outcome.delivered ? sql<Date>`now()` : null,
          nextAttemptAt: sql<Date>`now() + make_interval(secs => ${(retryInMs ?? 0) / 1000})`,
        })
        .where('id', '=', id)
        .execute()
    },

    /** Pending deliveries whose device no longer has a webhook are given up. */
    async dropOrphans() {
      await db
        .updateTable('webhookDeliveries')
        .set({ status: 'failed', lastError: 'webhook removed' })
        .where('status', '=', 'pending')
        .where('deviceId', 'not in', (eb) => eb.selectFrom('posWebhooks').select('deviceId'))
        .execute()
    },
  }
}

export type WebhookRepo = ReturnType<typeof createWebhookRepo>
