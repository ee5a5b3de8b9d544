/** The connection pool, the typed query builder over it, and migrations at start. */
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrations } from './migrations'
import type { Database } from './schema'

export type Db = Kysely<Database>

export interface DatabaseHandle {
  db: Db
  pool: pg.Pool
  close(): Promise<void>
}

export function connectDatabase(url: string, maxConnections = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections })
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
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : 'unknown error'
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
}
