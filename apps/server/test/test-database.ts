/**
 * The test run's databases, all on the run's one PostgreSQL: the migrations run once per run into
 * a template database (global-setup.ts), and each test file's database is a copy of it, made in
 * a moment. A file that tests migrations themselves asks for an empty database and migrates it.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { connectDatabase, migrateToLatest } from '../src/db/database'
import { createJobQueue } from '../src/jobs/jobs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** the URL of the run's PostgreSQL (its maintenance database) */
    databaseUrl: string
    /** the database every test file's database is copied from: migrated to the latest */
    templateDatabase: string
  }
}

const newName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`

function urlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A fresh database of the test's own; returns its URL. `latest` (the default) has every
 * migration applied, `empty` has none (for the tests of the migrations).
 */
export async function createTestDatabase(schema: 'latest' | 'empty' = 'latest'): Promise<string> {
  const baseUrl = inject('databaseUrl')
  const name = newName('t')
  const template = schema === 'latest' ? ` TEMPLATE ${inject('templateDatabase')}` : ''
  await onServer(baseUrl, (c) => c.query(`CREATE DATABASE ${name}${template}`))
  return urlOf(baseUrl, name)
}

/**
 * The run's own embedded server keeps nothing worth a power cut: it skips waiting for the disk
 * (most of the time a commit or a new database takes on a busy machine).
 */
export async function skipDiskSync(baseUrl: string): Promise<void> {
  await onServer(baseUrl, async (c) => {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
      await c.query(`ALTER SYSTEM SET ${setting} = off`)
    }
    await c.query('SELECT pg_reload_conf()')
  })
}

/**
 * Migrates a new database to the latest, installs the job queue in it, and makes it the template of the run's databases (no
 * one may connect to it afterwards, so copies of it can be made at any time). Returns its name
 * and how to drop it.
 */
export async function createTemplateDatabase(
  baseUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = newName('template')
  await onServer(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`))
  const database = connectDatabase(urlOf(baseUrl, name), 1)
  try {
    await migrateToLatest(database.db)
  } finally {
    await database.close()
  }
  // The job queue's own tables too, which it otherwise installs at every file's first start.
  const jobs = createJobQueue(urlOf(baseUrl, name))
  await jobs.start()
  await jobs.stop()
  await onServer(baseUrl, (c) =>
    c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`),
  )
  return {
    name,
    drop: () =>
      onServer(baseUrl, async (c) => {
        await c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`)
        await c.query(`DROP DATABASE ${name}`)
      }),
  }
}
