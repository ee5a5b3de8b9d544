/**
 * Nonces for signed exchange calls, shared by every server instance through PostgreSQL.
 *
 * Kraken accepts a private call only when its nonce is greater than the last one the API key
 * used (per key, across every client of that key). A per-process counter breaks that as soon as
 * two instances use one key: both start from their own clock and one of them sends a nonce at or
 * below the other's last ("EAPI:Invalid nonce"). A time-based nonce with a per-instance offset
 * still depends on the instances' clocks agreeing to the microsecond. Here each nonce is taken
 * from one row per key in one statement: the database's clock in microseconds, or the last nonce
 * plus one when that is not greater, so nonces of one key grow strictly in the order they are
 * taken, whichever instance takes them, and stay above those a per-process counter used before.
 * The key itself is not stored, only its SHA-256.
 */
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../db/database'

export function createNonceRepo(db: Db) {
  return {
    async next(apiKey: string): Promise<string> {
      const keyHash = createHash('sha256').update(apiKey).digest('hex')
      const { rows } = await sql<{ nonce: string }>`
        INSERT INTO exchange_nonces (key_hash, last_nonce)
        VALUES (${keyHash}, (extract(epoch FROM clock_timestamp()) * 1000000)::int8)
        ON CONFLICT (key_hash) DO UPDATE
          SET last_nonce = GREATEST(exchange_nonces.last_nonce + 1, EXCLUDED.last_nonce)
        RETURNING last_nonce::text AS nonce`.execute(db)
      const nonce = rows[0]?.nonce
      if (!nonce) throw new Error('no nonce was taken')
      return nonce
    },
  }
}
