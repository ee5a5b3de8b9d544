/**
 * One server instance for bench/watchers.ts: what `src/main.ts` starts (production
 * configuration from the environment, the same services, HTTP app, job queue and wallet
 * watchers), with one difference: NWC relays are allowed on the local network, because the
 * bench's simnet relay is `ws://127.0.0.1` and a production server refuses anything but public
 * `wss:` relays. Stops cleanly on SIGTERM.
 */
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { connectDatabase } from '../apps/server/src/db/database'
import { DEFAULT_AUTH_LIMITS } from '../apps/server/src/modules/auth/rate-limits'
import { createServices } from '../apps/server/src/services'
import { DEMO_RELAY_POLICY } from '../apps/server/src/wallets/nwc/relay-guard'

const config = loadConfig()
const database = connectDatabase(config.databaseUrl ?? '', config.database)
let log: (msg: string, err?: unknown) => void = () => {}
const services = createServices({
  config,
  db: database.db,
  pool: database.pool,
  databaseUrl: config.databaseUrl ?? '',
  log: (msg, err) => log(msg, err),
  authLimits: DEFAULT_AUTH_LIMITS,
  relayPolicy: DEMO_RELAY_POLICY,
})
const app = await buildApp({ services, webDist: null, logger: true })
log = (msg, err) => app.log.warn({ err }, msg)
await services.bus.start()
await services.jobs.start()
services.watchers.start()

let stopping = false
process.on('SIGTERM', () => {
  if (stopping) return
  stopping = true
  void (async () => {
    await services.jobs.stop()
    await services.watchers.stop()
    await app.close()
    services.wallets.closeAll()
    await services.bus.close()
    await database.close()
    process.exit(0)
  })()
})

await app.listen({ port: config.port, host: config.host })
console.log(`Server listening at ${config.publicUrl}`)
// For the bench: how many wallets this instance holds, stands by for and follows.
setInterval(() => console.log(`watchers ${JSON.stringify(services.watchers.counts())}`), 1_000)
