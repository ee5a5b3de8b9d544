/**
 * Server configuration from the environment, parsed once at start. A production deployment
 * refuses to start when something it needs is missing, and says which.
 */
import { isIP } from 'node:net'
import { z } from 'zod'

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  APP_SECRET_PREVIOUS: z.string().min(1).optional(),
  BRAND_NAME: z.string().min(1).default('My product'),
  SENTRY_DSN: z.string().optional(),
  VITE_SENTRY_DSN: z.string().optional(),
  BITCOIN_NETWORK: z.enum(['simnet', 'mainnet', 'testnet', 'signet', 'regtest']).default('simnet'),
  EXCHANGE_API_URL: z.url().default('https://api.kraken.com'),
  NODE_HOST: z.enum(['simnet', 'lnd-pool']).optional(),
  NODE_HOST_URL: z.url().optional(),
  NODE_HOST_TOKEN: z.string().optional(),
  /** lnd-pool: where node updates are sent (the operator's tooling), signed with the secret */
  NODE_UPDATE_WEBHOOK_URL: z.url().optional(),
  NODE_UPDATE_WEBHOOK_SECRET: z
    .string()
    .min(32, 'NODE_UPDATE_WEBHOOK_SECRET must be at least 32 characters')
    .optional(),
  LSP_PUBKEY: z
    .string()
    .regex(/^(02|03)[0-9a-f]{64}$/, 'LSP_PUBKEY must be a 33-byte hex public key')
    .optional(),
  SIMNET_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  SIMNET_TIME_SCALE: z.coerce.number().positive().max(1).default(0.01),
  PRICE_FALLBACK_URL: z.url().optional(),
  /** a Chainalysis-style sanctions screening API for withdrawal addresses, and its key */
  SCREENING_API_URL: z.url().optional(),
  SCREENING_API_KEY: z.string().optional(),
  ECASH_ACCEPTED_MINTS: z.string().optional(),
  DEPOSIT_POLL_MS: z.coerce.number().int().positive().optional(),
  CLEANUP_INTERVAL_MS: z.coerce.number().int().min(500).optional(),
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
  AUTO_APPROVE_APPLICATIONS: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v)
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be false, the number of proxies in front of the server (e.g. 1), ' +
            'or a comma-separated list of their addresses or ranges (e.g. 10.0.0.0/8); ' +
            '"true" would trust every hop, so a client could choose its own address',
        })
        return z.NEVER
      }
      return parsed
    }),
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(1000).optional(),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  /** device images in an S3-compatible store instead of PostgreSQL (see `imageStoreOf`) */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_KEY_PREFIX: z.string().optional(),
})

/**
 * Which peers may tell the client's address in X-Forwarded-For: none (false), the nearest
 * `n` hops, or the proxies at these addresses or ranges. Null when the value is none of those.
 */
export type TrustProxy = false | number | string[]

export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim()
  if (v === '' || v === 'false' || v === '0') return false
  if (/^\d+$/.test(v)) {
    const n = Number(v)
    return n >= 1 && n <= 32 ? n : null
  }
  const ranges = v.split(',').map((r) => r.trim())
  return ranges.every(isAddressOrRange) ? ranges : null
}

function originOf(url: string | undefined): string[] {
  if (!url) return []
  try {
    return [new URL(url).origin]
  } catch {
    return []
  }
}

function isAddressOrRange(range: string): boolean {
  const [address = '', bits, ...rest] = range.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  if (!/^\d+$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

export interface AppConfig {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  publicUrl: string
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
}

/** PostgreSQL (the default), or an S3-compatible service (AWS S3, MinIO, R2, B2...). */
export type ImageStoreConfig =
  | { kind: 'postgres' }
  | {
      kind: 's3'
      bucket: string
      region: string
      /** the service's address; none: AWS S3 itself */
      endpoint: string | null
      /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` */
      forcePathStyle: boolean
      /** put before every object key, e.g. `prod/` */
      keyPrefix: string
      credentials: S3Credentials
    }

/** Access key id and secret; never printed (`JSON.stringify` and `console.log` show neither). */
export interface S3Credentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
const S3_ALL = [
  ...S3_REQUIRED,
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_KEY_PREFIX',
] as const

function s3Credentials(accessKeyId: string, secretAccessKey: string): S3Credentials {
  const hidden = { accessKeyId: '[redacted]', secretAccessKey: '[redacted]' }
  const credentials = {
    toJSON: () => hidden,
    [Symbol.for('nodejs.util.inspect.custom')]: () => hidden,
  }
  // not enumerable: spreading, logging or serialising the configuration never carries them
  Object.defineProperty(credentials, 'accessKeyId', { value: accessKeyId, enumerable: false })
  Object.defineProperty(credentials, 'secretAccessKey', {
    value: secretAccessKey,
    enumerable: false,
  })
  return credentials as unknown as S3Credentials
}

/**
 * S3 is chosen only when its bucket and credentials are all set. A partial set is a mistake a
 * production server refuses to start with (naming what is missing); elsewhere images stay in
 * PostgreSQL. Secrets appear in no message.
 */
function imageStoreOf(e: z.infer<typeof ZEnv>): ImageStoreConfig {
  const given = S3_ALL.filter((k) => e[k] !== undefined && e[k] !== '')
  const missing = S3_REQUIRED.filter((k) => !e[k])
  if (given.length === 0) return { kind: 'postgres' }
  if (missing.length > 0) {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError(
        `Incomplete S3 image store configuration: ${given.join(', ')} set but ` +
          `${missing.join(', ')} missing (set all of ${S3_REQUIRED.join(', ')}, or none to ` +
          'keep images in PostgreSQL)',
      )
    }
    return { kind: 'postgres' }
  }
  const prefix = (e.S3_KEY_PREFIX ?? '').replace(/^\/+/, '')
  return {
    kind: 's3',
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, '') ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    keyPrefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    credentials: s3Credentials(e.S3_ACCESS_KEY_ID ?? '', e.S3_SECRET_ACCESS_KEY ?? ''),
  }
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

/** The secret used when demo mode runs without APP_SECRET: fine for a simulated network only. */
export const DEMO_SECRET = 'demo-only-secret-never-use-in-production-0000'

/** Estimated bits of a secret: its length times the Shannon entropy of its characters. */
export function secretEntropyBits(secret: string): number {
  const counts = new Map<string, number>()
  const chars = [...secret]
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1)
  let perChar = 0
  for (const n of counts.values()) {
    const p = n / chars.length
    perChar -= p * Math.log2(p)
  }
  return perChar * chars.length
}

/**
 * Why a production secret is too weak, or null when it is fine: at least 32 characters, at least
 * 100 bits by the estimate above, and not mostly runs such as `abcdef` or `123456`.
 */
export function weakSecretReason(secret: string): string | null {
  if (secret.length < 32) return 'APP_SECRET must be at least 32 characters'
  const codes = [...secret].map((c) => c.codePointAt(0) ?? 0)
  let steps = 0
  for (let i = 1; i < codes.length; i++) {
    if (Math.abs((codes[i] ?? 0) - (codes[i - 1] ?? 0)) <= 1) steps++
  }
  if (secretEntropyBits(secret) < 100 || steps > codes.length / 2) {
    return 'APP_SECRET looks guessable: use a random value, e.g. `openssl rand -base64 48`'
  }
  return null
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
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
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `Missing configuration for BITCOIN_NETWORK=${e.BITCOIN_NETWORK}: ${missing.join(', ')}`,
    )
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    appSecret: e.APP_SECRET ?? DEMO_SECRET,
    appSecretPrevious: e.APP_SECRET_PREVIOUS ?? null,
    brandName: e.BRAND_NAME,
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
    imageStore: imageStoreOf(e),
  }
}
