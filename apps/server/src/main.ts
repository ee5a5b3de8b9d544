/**
 * `npm start`: configuration, database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, then the HTTP server; a clean stop on SIGINT/SIGTERM.
 */
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { connectDatabase, migrateToLatest } from './db/database'
import { locateDatabase } from './db/locate'
import { createServices } from './services'

async function main(): Promise<void> {
  const config = loadConfig()
  const located = await locateDatabase(config, { record: true })
  const database = connectDatabase(located.url)
  await migrateToLatest(database.db)
  const services = createServices({ config, db: database.db, pool: database.pool })
  const app = await buildApp({ services, logger: config.env !== 'test' })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info(`${signal} received, stopping`)
    await app.close()
    await database.close()
    await located.release()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const mode = config.isDemo ? 'demo (simulated network)' : config.network
  app.log.info(`${config.brandName} running at ${config.publicUrl} in ${mode} mode`)
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message)
  } else {
    console.error(err)
  }
  process.exit(1)
})
