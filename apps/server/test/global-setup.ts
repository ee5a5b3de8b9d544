/**
 * Starts one real PostgreSQL for the whole test run (embedded, or DATABASE_URL when set) and
 * migrates a template database on it once; every test file then gets its own copy of that
 * template (see test-database.ts).
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../src/db/embedded'
import { createTemplateDatabase, skipDiskSync } from './test-database'

export default async function setup(project: TestProject) {
  const dir = path.resolve(import.meta.dirname, '../../../.data-test', `server-${process.pid}`)
  const pg = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dir)
  const databaseUrl = pg?.url ?? process.env.DATABASE_URL ?? ''
  if (pg) await skipDiskSync(databaseUrl)
  const template = await createTemplateDatabase(databaseUrl)
  project.provide('databaseUrl', databaseUrl)
  project.provide('templateDatabase', template.name)
  return async () => {
    await template.drop().catch(() => {})
    if (!pg) return
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
