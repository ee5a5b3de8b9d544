/** The connection pool, the typed query builder over it, and migrations at start. */
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { DEFAULT_DATABASE_SETTINGS, type DatabaseSettings } from '../config'
import { migrations } from './migrations'
import type { Database } from './schema'

export type Db = Kysely<Database>

export interface DatabaseHandle {
  db: Db
  pool: pg.Pool
  close(): Promise<void>
}

/**
 * The pool, with limits so that no request can hold the database forever: a request waits at
 * most `acquireTimeoutMs` for a connection, and every session ends statements, lock waits and
 * forgotten transactions that run too long (each then fails that one request only).
 * A number is the pool size with the default limits.
 */
export function connectDatabase(
  url: string,
  settings: number | Partial<DatabaseSettings> = {},
): DatabaseHandle {
  const s: DatabaseSettings = {
    ...DEFAULT_DATABASE_SETTINGS,
    ...(typeof settings === 'number' ? { poolSize: settings } : settings),
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: s.poolSize,
    connectionTimeoutMillis: s.acquireTimeoutMs,
    statement_timeout: s.statementTimeoutMs,
    lock_timeout: s.lockTimeoutMs,
    idle_in_transaction_session_timeout: s.idleInTransactionTimeoutMs,
  })
  // An idle connection dropped by the server (a restart, shutdown) is replaced on next use.
  pool.on('error', () => {})
  // A connection lost while checked out (the database stopping under a query) fails that query;
  // it must not also surface as an unhandled 'error' event that ends the process.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  })
  return { db, pool, close: () => db.destroy() }
}

export async function migrateToLatest(db: Db): Promise<void> {
  // A migration may rewrite a large table, and an instance starting beside another waits for
  // its migrations: neither is bounded by the limits of ordinary requests.
  const { error, results } = await db.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn)
    await sql`set lock_timeout = 0`.execute(conn)
    try {
      const migrator = new Migrator({
        db: conn,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      })
      return await migrator.migrateToLatest()
    } finally {
      await sql`reset statement_timeout`.execute(conn)
      await sql`reset lock_timeout`.execute(conn)
    }
  })
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : 'unknown error'
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
}
