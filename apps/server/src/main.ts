/**
 * `npm start`: configuration, database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, the simulated network in demo mode, then the HTTP server and background work;
 * a clean stop on SIGINT/SIGTERM.
 */
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { connectDatabase, migrateToLatest } from './db/database'
import { locateDatabase } from './db/locate'
import type { DemoNetwork } from './demo/simnet'
import { DEFAULT_AUTH_LIMITS } from './modules/auth/rate-limits'
import { createServices } from './services'

async function main(): Promise<void> {
  let config = loadConfig()
  const located = await locateDatabase(config, { record: true })
  const database = connectDatabase(located.url, config.database)
  await migrateToLatest(database.db)
  let demo: DemoNetwork | undefined
  if (config.isDemo) {
    // Loaded only here: a production server never loads the simulated network.
    const { startDemoNetwork } = await import('./demo/simnet')
    demo = await startDemoNetwork(config)
    config = { ...config, externals: demo.externals }
  }
  let log: (msg: string, err?: unknown) => void = () => {}
  const services = createServices({
    config,
    db: database.db,
    pool: database.pool,
    databaseUrl: located.url,
    demoNetworkUrl: demo?.url,
    log: (msg, err) => log(msg, err),
    authLimits: {
      ...DEFAULT_AUTH_LIMITS,
      signUpPerIp: { points: config.signUpsPerAddressPerHour, durationSec: 60 * 60 },
    },
  })
  // Applications stored before their personal data was sealed: sealed now, plain copies cleared.
  await services.onboarding.sealStoredPersonalData()
  const app = await buildApp({ services, logger: config.env !== 'test' })
  log = (msg, err) => app.log.warn({ err }, msg)
  await services.bus.start()
  await services.jobs.start()
  // payouts a crash left `sending` or `unknown`, and swaps left `pending`: asked now, not in minutes
  services.followUpPayoutsAtStart().catch((err: unknown) => log('payouts at start-up', err))
  services.watchers.start()
  services.nodes.backupWatch?.start()

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info(`${signal} received, stopping`)
    await services.jobs.stop()
    await services.watchers.stop()
    await services.nodes.backupWatch?.stop()
    await app.close()
    services.wallets.closeAll()
    await services.bus.close()
    await demo?.close()
    await database.close()
    await located.release()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const mode = config.isDemo ? `demo (simulated network at ${demo?.url})` : config.network
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
