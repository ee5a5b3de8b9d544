/**
 * Starts one real PostgreSQL for the whole test run (embedded, or DATABASE_URL when set);
 * every test file then gets its own freshly migrated database on it.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../src/db/embedded'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL)
    return
  }
  const dir = path.resolve(import.meta.dirname, '../../../.data-test', `server-${process.pid}`)
  const pg = await startEmbeddedPostgres(dir)
  project.provide('databaseUrl', pg.url)
  return async () => {
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
