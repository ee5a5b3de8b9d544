/**
 * Every value sealed with APP_SECRET, read and replaced column by column (rotating the secret).
 * A column sealed with APP_SECRET is listed here, or `operator rotate-secret` leaves it under the
 * old key (and it no longer opens once APP_SECRET_PREVIOUS is removed).
 */
import { sql } from 'kysely'
import type { Db } from './database'

export interface SealedColumn {
  table: string
  column: string
  /** the primary key column */
  key: string
  /** the sealed text is the `sealed` field of a jsonb column */
  json: boolean
}

export const SEALED_COLUMNS: SealedColumn[] = [
  { table: 'wallet_connections', column: 'sealed_config', key: 'business_id', json: false },
  { table: 'lightning_nodes', column: 'macaroon_sealed', key: 'business_id', json: false },
  { table: 'node_channel_backups', column: 'backup_sealed', key: 'business_id', json: false },
  { table: 'ecash_change', column: 'proofs', key: 'id', json: true },
  { table: 'ecash_wallet_seed', column: 'mnemonic_sealed', key: 'id', json: false },
  { table: 'staff_pin_key', column: 'key_sealed', key: 'id', json: false },
  { table: 'pos_webhooks', column: 'secret_sealed', key: 'device_id', json: false },
  { table: 'business_webhooks', column: 'secret_sealed', key: 'id', json: false },
  { table: 'users', column: 'totp_secret_sealed', key: 'id', json: false },
  { table: 'users', column: 'totp_pending_sealed', key: 'id', json: false },
  { table: 'mail_outbox', column: 'data_sealed', key: 'id', json: false },
  { table: 'business_applications', column: 'company_sealed', key: 'business_id', json: false },
  { table: 'business_applications', column: 'director_sealed', key: 'business_id', json: false },
  { table: 'business_applications', column: 'financial_sealed', key: 'business_id', json: false },
]

export interface SealedRow {
  id: string
  value: string
}

function valueOf(c: SealedColumn) {
  return c.json ? sql`${sql.ref(c.column)}->>'sealed'` : sql.ref(c.column)
}

export function createSealedValuesRepo(db: Db) {
  return {
    /** Up to `limit` sealed values of a column, by row id after `after`. */
    async page(c: SealedColumn, after: string, limit: number): Promise<SealedRow[]> {
      const { rows } = await sql<SealedRow>`
        SELECT ${sql.ref(c.key)}::text AS id, ${valueOf(c)} AS value
        FROM ${sql.table(c.table)}
        WHERE ${valueOf(c)} IS NOT NULL AND ${sql.ref(c.key)}::text > ${after}
        ORDER BY ${sql.ref(c.key)}::text
        LIMIT ${limit}`.execute(db)
      return rows
    },

    /** The sealed value of one row, if it has one. */
    async get(c: SealedColumn, id: string): Promise<string | undefined> {
      const { rows } = await sql<{ value: string | null }>`
        SELECT ${valueOf(c)} AS value FROM ${sql.table(c.table)}
        WHERE ${sql.ref(c.key)}::text = ${id}`.execute(db)
      return rows[0]?.value ?? undefined
    },

    /** Replaces one value, unless the row changed meanwhile; whether it was replaced. */
    async replace(c: SealedColumn, row: SealedRow, sealed: string): Promise<boolean> {
      const set = c.json
        ? sql`${sql.ref(c.column)} = jsonb_set(${sql.ref(c.column)}, '{sealed}', to_jsonb(${sealed}::text))`
        : sql`${sql.ref(c.column)} = ${sealed}`
      const result = await sql`
        UPDATE ${sql.table(c.table)} SET ${set}
        WHERE ${sql.ref(c.key)}::text = ${row.id} AND ${valueOf(c)} = ${row.value}`.execute(db)
      return (result.numAffectedRows ?? 0n) > 0n
    },
  }
}

export type SealedValuesRepo = ReturnType<typeof createSealedValuesRepo>
