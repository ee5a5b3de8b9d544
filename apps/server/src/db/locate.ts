/**
 * Finds the database for the server and its command-line tools: DATABASE_URL if set; otherwise
 * the embedded PostgreSQL in the data folder, reusing the one a running server started (its URL
 * is recorded in `<dataDir>/runtime.json`) or starting it.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { AppConfig } from '../config'
import { startEmbeddedPostgres } from './embedded'

export interface LocatedDatabase {
  url: string
  /** Stops the embedded server if this process started it. */
  release(): Promise<void>
}

const runtimeFile = (dataDir: string) => path.join(path.resolve(dataDir), 'runtime.json')

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

export async function locateDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  opts: { record?: boolean } = {},
): Promise<LocatedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, release: async () => {} }
  try {
    const { databaseUrl } = JSON.parse(await readFile(runtimeFile(config.dataDir), 'utf8')) as {
      databaseUrl?: string
    }
    if (databaseUrl && (await reachable(databaseUrl))) {
      return { url: databaseUrl, release: async () => {} }
    }
  } catch {
    // no running server recorded
  }
  const embedded = await startEmbeddedPostgres(config.dataDir)
  if (opts.record) {
    await writeFile(runtimeFile(config.dataDir), JSON.stringify({ databaseUrl: embedded.url }))
  }
  return {
    url: embedded.url,
    release: async () => {
      if (opts.record) await rm(runtimeFile(config.dataDir), { force: true })
      await embedded.stop()
    },
  }
}
