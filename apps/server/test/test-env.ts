/**
 * A test's server: a fresh migrated database on the run's PostgreSQL, the real services over it,
 * tRPC callers with their own cookie jar (one per simulated browser), and the real HTTP app for
 * transport-level checks. Tests build it through `scenario` (harness.ts).
 */
import { randomBytes } from 'node:crypto'
import { buildApp } from '../src/app'
import { loadConfig, type AppConfig, type Externals } from '../src/config'
import { createDemoWallet } from '../src/demo/demo-wallet'
import { connectDatabase, type DatabaseHandle } from '../src/db/database'
import type { AuthLimitsConfig } from '../src/modules/auth/rate-limits'
import { createServices, type Services } from '../src/services'
import { appRouter } from '../src/trpc/app-router'
import { createContext, type CookieJar } from '../src/trpc/context'
import { createCallerFactory } from '../src/trpc/init'
import { createTestDatabase } from './test-database'

const createCaller = createCallerFactory(appRouter)

export interface TestEnv {
  url: string
  config: AppConfig
  database: DatabaseHandle
  services: Services
  /** A caller acting as one browser: cookies persist across its calls. */
  browser(opts?: { ip?: string; origin?: string; headers?: Record<string, string> }): TestBrowser
  close(): Promise<void>
}

export interface TestBrowser {
  caller: ReturnType<typeof createCaller>
  cookies: Map<string, string>
}

type ServiceDeps = Parameters<typeof createServices>[0]

/** How a test's server is configured; everything else is as in production. */
export interface EnvOptions {
  /** the server's settings (environment variables) beside NODE_ENV and DATABASE_URL */
  env?: Record<string, string>
  /** sign-in and sign-up limits: generous unless a test sets its own */
  authLimits?: AuthLimitsConfig
  externals?: Externals
  probeNwc?: ServiceDeps['probeNwc']
  /** the simulated network the demo wallet pays from (the harness gives its simnet's) */
  demoNetworkUrl?: string
  /** the NWC relay policy, in place of the one the configuration implies */
  relayPolicy?: ServiceDeps['relayPolicy']
  walletFactory?: ServiceDeps['walletFactory']
  watcherOptions?: ServiceDeps['watcherOptions']
  /** the wallet lease store, over the test's database */
  leases?: (db: DatabaseHandle['db']) => NonNullable<ServiceDeps['leases']>
  priceSources?: ServiceDeps['priceSources']
  /** the consent policy's clock, for tests that let step-ups expire */
  clock?: ServiceDeps['clock']
  /** the withdrawals' follow-up job: a test that runs the follow-up itself sets a long sweep */
  withdrawalJobs?: ServiceDeps['withdrawalJobs']
}

export async function createTestEnv(opts: EnvOptions = {}): Promise<TestEnv> {
  const url = await createTestDatabase()
  const database = connectDatabase(url, 5)
  const base = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, ...opts.env })
  const config = opts.externals ? { ...base, externals: opts.externals } : base
  const services = createServices({
    config,
    db: database.db,
    pool: database.pool,
    databaseUrl: url,
    probeNwc: opts.probeNwc,
    relayPolicy: opts.relayPolicy,
    demoWallet: opts.demoNetworkUrl
      ? createDemoWallet({ simnetUrl: opts.demoNetworkUrl, network: config.network })
      : undefined,
    walletFactory: opts.walletFactory,
    watcherOptions: opts.watcherOptions,
    leases: opts.leases?.(database.db),
    priceSources: opts.priceSources,
    clock: opts.clock,
    withdrawalJobs: opts.withdrawalJobs,
    // Tests sign up many users from one address; the limit tests set their own.
    authLimits: opts.authLimits ?? {
      signInPerIp: { points: 10_000, durationSec: 60 },
      failedSignInPerAccount: { points: 100, durationSec: 60 },
      signUpPerIp: { points: 10_000, durationSec: 60 },
    },
  })
  // Background jobs run as in production (a file's jobs live in its own database).
  await services.jobs.start()
  return {
    url,
    config,
    database,
    services,
    browser(b = {}) {
      const cookies = new Map<string, string>()
      const jar: CookieJar = {
        get: (n) => cookies.get(n),
        set: (n, v) => void cookies.set(n, v),
        clear: (n) => void cookies.delete(n),
      }
      const headers = {
        host: 'localhost:3000',
        'x-trpc-source': 'test',
        ...(b.origin ? { origin: b.origin } : {}),
        ...b.headers,
      }
      // A fresh context per call, like a fresh HTTP request carrying the same cookies.
      const caller = createCaller(() =>
        createContext({ services, ip: b.ip ?? '127.0.0.1', headers, cookies: jar }),
      )
      return { caller, cookies }
    },
    async close() {
      await services.jobs.stop()
      await services.watchers.stop()
      services.wallets.closeAll()
      await services.bus.close()
      await database.close()
    },
  }
}

/**
 * Another server instance on the test's database, as a second process of a cluster: its own
 * pool and services (configured as the test's unless `config` is given), nothing started.
 */
export function anotherInstance(
  env: TestEnv,
  opts: {
    config?: AppConfig
    watcherOptions?: ServiceDeps['watcherOptions']
    leases?: EnvOptions['leases']
  } = {},
): { services: Services; db: DatabaseHandle['db']; close(): Promise<void> } {
  const database = connectDatabase(env.url, 5)
  const services = createServices({
    config: opts.config ?? env.config,
    db: database.db,
    pool: database.pool,
    databaseUrl: env.url,
    watcherOptions: opts.watcherOptions,
    leases: opts.leases?.(database.db),
  })
  return {
    services,
    db: database.db,
    async close() {
      await services.watchers.stop()
      services.wallets.closeAll()
      await services.bus.close()
      await database.close()
    },
  }
}

/** The real HTTP app over an instance's services, serving the web build in `webDist` if given. */
export async function buildTestApp(
  instance: { services: Services },
  webDist: string | null = null,
) {
  return buildApp({ services: instance.services, webDist, logger: false })
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`
}
