/**
 * Server configuration from the environment, parsed once at start. A production deployment
 * refuses to start when something it needs is missing, and says which.
 */
import { ZEnv, type LogLevel } from './config-env'
import { imageStoreOf, type ImageStoreConfig } from './config-image-store'
import { pairingOriginsOf, type PairingOrigins } from './config-pairing'
import { weakSecretReason } from './config-secret'
import type { TrustProxy } from './config-trust-proxy'
import { networkInterfaces } from 'node:os'

function originOf(url: string | undefined): string[] {
  if (!url) return []
  try {
    return [new URL(url).origin]
  } catch {
    return []
  }
}

export interface AppConfig {
  env: 'development' | 'production' | 'test'
  port: number
  /** the interface the server listens on: this machine only in demo mode unless HOST says */
  host: string
  /** the least severe log line written (LOG_LEVEL); requests are `info`, so not logged by default */
  logLevel: LogLevel
  publicUrl: string
  /** where terminals' pairing links point (`config-pairing.ts`) */
  pairingOrigins: PairingOrigins
  databaseUrl: string | undefined
  dataDir: string
  /** key material for encryption at rest */
  appSecret: string
  /**
   * the secret APP_SECRET replaces while it is rotated: values sealed under it are still read
   * until `operator rotate-secret` has sealed them again under APP_SECRET
   */
  appSecretPrevious: string | null
  brandName: string
  /** where the web's Support links lead (SUPPORT_URL): an http(s) page or a mailto: address */
  supportUrl: string
  sentryDsn: string | undefined
  /** where browsers send error reports (VITE_SENTRY_DSN's origin): allowed by the page's CSP */
  browserReportOrigins: string[]
  network: 'simnet' | 'mainnet' | 'testnet' | 'signet' | 'regtest'
  isDemo: boolean
  isSecureCookie: boolean
  /** which proxies' X-Forwarded-For is believed for the client's address (rate limits) */
  trustProxy: TrustProxy
  database: DatabaseSettings
  /** accounts one client address may create an hour (an office behind one address may need more) */
  signUpsPerAddressPerHour: number
  /** a session ends unused for `idleMs`, and `absoluteMs` after sign-in however much it is used */
  sessions: { idleMs: number; absoluteMs: number }
  /** approve business applications on submission; on by default only in demo mode */
  autoApproveApplications: boolean
  /** where the payment networks are; in demo mode the embedded simnet replaces them at start */
  externals: Externals
  simnet: SimnetSettings
  /**
   * nodeMs/depositMs: how often hosted nodes and open deposits are looked at (one job for the
   * whole cluster); jobsMs: how often job workers look for due deferred jobs; cleanupMs: how
   * often lapsed rows (rate-limit counters) are deleted.
   */
  pollIntervals: { nodeMs: number; depositMs: number; jobsMs: number; cleanupMs: number }
  /** where the bytes of device images (logos, screen savers) are kept */
  imageStore: ImageStoreConfig
  /**
   * outgoing mail (SMTP_URL, MAIL_FROM); `smtpUrl` is null only in demo mode without SMTP_URL,
   * where `npm start` runs an SMTP server in process and fills it in (`demo/demo-mailbox.ts`)
   */
  mail: { smtpUrl: string | null; from: string }
}

export interface Externals {
  exchangeBaseUrl: string
  nodeHost:
    | { kind: 'simnet'; url: string; token: string }
    | { kind: 'lnd-pool'; updateWebhook?: { url: string; secret: string } | null }
  lspPubkey: string | null
  /** a Coinbase-style spot price API used when the exchange ticker does not answer */
  priceFallbackUrl: string | null
  /** Cashu mints whose ecash businesses accept (URLs without a trailing slash) */
  acceptedMints: string[]
  /** the sanctions screening API withdrawals are checked with; none: withdrawals are refused */
  screening?: { url: string; apiKey: string } | null
}

/** The connection pool and the limits every database session runs under. */
export interface DatabaseSettings {
  poolSize: number
  /** how long a request waits for a free pooled connection before it fails */
  acquireTimeoutMs: number
  /** the longest any one statement may run */
  statementTimeoutMs: number
  /** the longest a statement waits for a lock (a row another request is changing) */
  lockTimeoutMs: number
  /** a transaction left open without a statement this long is ended, releasing its locks */
  idleInTransactionTimeoutMs: number
}

export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = {
  poolSize: 20,
  acquireTimeoutMs: 10_000,
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 60_000,
}

export interface SimnetSettings {
  port: number
  timeScale: number
}

export class ConfigError extends Error {}

/** Where the demo's Support links lead when SUPPORT_URL is not set. */
export const DEMO_SUPPORT_URL = 'mailto:support@example.com'

/** The secret used when demo mode runs without APP_SECRET: fine for a simulated network only. */
export const DEMO_SECRET = 'demo-only-secret-never-use-in-production-0000'

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  interfaces = networkInterfaces(),
): AppConfig {
  const parsed = ZEnv.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const isDemo = e.BITCOIN_NETWORK === 'simnet'
  // Demo and production are chosen explicitly: a production process never runs the simulated
  // network, and nothing on a real network uses the published demo secret or a guessable one.
  if (e.NODE_ENV === 'production' && isDemo) {
    throw new ConfigError(
      'NODE_ENV=production needs a real BITCOIN_NETWORK (mainnet, testnet, signet or regtest); ' +
        'simnet is the demo network',
    )
  }
  if (!isDemo) {
    for (const secret of [e.APP_SECRET, e.APP_SECRET_PREVIOUS]) {
      if (secret === DEMO_SECRET) {
        throw new ConfigError('A real network cannot use the demo APP_SECRET')
      }
      const weak = secret === undefined ? null : weakSecretReason(secret)
      if (weak) throw new ConfigError(weak)
    }
  }
  const missing: string[] = []
  if (!isDemo) {
    if (!e.APP_SECRET) missing.push('APP_SECRET')
    if (!e.DATABASE_URL) missing.push('DATABASE_URL')
    if (!e.PUBLIC_URL) missing.push('PUBLIC_URL')
    if (!e.SUPPORT_URL) missing.push('SUPPORT_URL')
    if (!e.SMTP_URL) missing.push('SMTP_URL')
    if (!e.MAIL_FROM) missing.push('MAIL_FROM')
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing configuration for BITCOIN_NETWORK=${e.BITCOIN_NETWORK}: ${missing.join(', ')}`,
    )
  }
  const images = imageStoreOf(e)
  if (images.incomplete && e.NODE_ENV === 'production') throw new ConfigError(images.incomplete)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  // The demo is reached from this machine unless HOST opens it to the network (a tablet).
  const host = e.HOST ?? (isDemo ? '127.0.0.1' : '0.0.0.0')
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    logLevel: e.LOG_LEVEL,
    publicUrl,
    pairingOrigins: pairingOriginsOf({ publicUrl, isDemo, host, port: e.PORT }, interfaces),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    appSecret: e.APP_SECRET ?? DEMO_SECRET,
    appSecretPrevious: e.APP_SECRET_PREVIOUS ?? null,
    brandName: e.BRAND_NAME,
    supportUrl: e.SUPPORT_URL ?? DEMO_SUPPORT_URL,
    sentryDsn: e.SENTRY_DSN,
    browserReportOrigins: originOf(e.VITE_SENTRY_DSN),
    network: e.BITCOIN_NETWORK,
    isDemo,
    isSecureCookie: publicUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY,
    database: {
      poolSize: e.DB_POOL_SIZE ?? DEFAULT_DATABASE_SETTINGS.poolSize,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS ?? DEFAULT_DATABASE_SETTINGS.acquireTimeoutMs,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_SETTINGS.statementTimeoutMs,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS ?? DEFAULT_DATABASE_SETTINGS.lockTimeoutMs,
      idleInTransactionTimeoutMs:
        e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DEFAULT_DATABASE_SETTINGS.idleInTransactionTimeoutMs,
    },
    autoApproveApplications: e.AUTO_APPROVE_APPLICATIONS
      ? e.AUTO_APPROVE_APPLICATIONS === 'true'
      : isDemo,
    externals: {
      exchangeBaseUrl: e.EXCHANGE_API_URL.replace(/\/$/, ''),
      nodeHost:
        (e.NODE_HOST ?? (isDemo ? 'simnet' : 'lnd-pool')) === 'simnet'
          ? { kind: 'simnet', url: e.NODE_HOST_URL ?? '', token: e.NODE_HOST_TOKEN ?? '' }
          : {
              kind: 'lnd-pool',
              updateWebhook:
                e.NODE_UPDATE_WEBHOOK_URL && e.NODE_UPDATE_WEBHOOK_SECRET
                  ? { url: e.NODE_UPDATE_WEBHOOK_URL, secret: e.NODE_UPDATE_WEBHOOK_SECRET }
                  : null,
            },
      lspPubkey: e.LSP_PUBKEY ?? null,
      priceFallbackUrl: e.PRICE_FALLBACK_URL?.replace(/\/$/, '') ?? null,
      acceptedMints: (e.ECASH_ACCEPTED_MINTS ?? '')
        .split(',')
        .map((u) => u.trim().replace(/\/+$/, ''))
        .filter((u) => u !== ''),
      screening: e.SCREENING_API_URL
        ? { url: e.SCREENING_API_URL.replace(/\/$/, ''), apiKey: e.SCREENING_API_KEY ?? '' }
        : null,
    },
    simnet: { port: e.SIMNET_PORT, timeScale: e.SIMNET_TIME_SCALE },
    signUpsPerAddressPerHour: e.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    sessions: {
      idleMs: Math.min(e.SESSION_IDLE_DAYS, e.SESSION_MAX_DAYS) * 86_400_000,
      absoluteMs: e.SESSION_MAX_DAYS * 86_400_000,
    },
    pollIntervals: {
      nodeMs: 1000,
      depositMs: e.DEPOSIT_POLL_MS ?? (isDemo ? 1000 : 15_000),
      jobsMs: isDemo || e.NODE_ENV === 'test' ? 500 : 2000,
      cleanupMs: e.CLEANUP_INTERVAL_MS ?? 10 * 60_000,
    },
    imageStore: images.store,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from:
        e.MAIL_FROM?.trim() ?? `"${e.BRAND_NAME.replace(/["\\]/g, '')}" <no-reply@demo.localhost>`,
    },
  }
}
