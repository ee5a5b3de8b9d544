/** The outbox's queries (`outbox.ts`, `delivery.ts`). */
import { sql } from 'kysely'
import type { Db } from '../db/database'

export interface ClaimedMail {
  id: string
  toAddress: string
  locale: string
  template: string
  dataSealed: string | null
  attempts: number
}

export function createOutboxRepo(db: Db) {
  return {
    async insert(row: {
      id: string
      toAddress: string
      locale: string
      template: string
      dataSealed: string
    }): Promise<void> {
      await db.insertInto('mailOutbox').values(row).execute()
    },

    /**
     * Up to `limit` due mails, each counted as an attempt and held for `leaseMs` (committed
     * before anything is sent: a sender that dies leaves them to be taken again after the lease).
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      const { rows } = await sql<ClaimedMail>`
        UPDATE mail_outbox
        SET attempts = attempts + 1,
            next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM mail_outbox
          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          ORDER BY next_attempt_at, created_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address AS "toAddress", locale, template, data_sealed AS "dataSealed",
          attempts`.execute(db)
      return rows
    },

    /** Accepted by the SMTP server: sent, and its data (its links) erased. */
    async markSent(id: string): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set({ sentAt: new Date(), dataSealed: null, lastError: null })
        .where('id', '=', id)
        .execute()
    },

    /** Not sent: tried again in `retryInMs`, or given up on when that is null. */
    async markNotSent(id: string, error: string, retryInMs: number | null): Promise<void> {
      await db
        .updateTable('mailOutbox')
        .set({
          lastError: error,
          ...(retryInMs === null
            ? { failedAt: new Date() }
            : { nextAttemptAt: sql<Date>`now() + ${retryInMs} * interval '1 millisecond'` }),
        })
        .where('id', '=', id)
        .execute()
    },
  }
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>
