/** The environment variables the server reads, as parsed and checked at start (`config.ts`). */
import { z } from 'zod'
import { parseTrustProxy } from './config-trust-proxy'

/** The server log's levels, most severe first. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** A web page (`https:` or `http:`) or a mail address (`mailto:`), as SUPPORT_URL must be. */
export function isSupportUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.hostname !== ''
  return url.protocol === 'mailto:' && /^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/.test(url.pathname)
}

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** default: 127.0.0.1 in demo mode (this machine only), 0.0.0.0 otherwise (`config.ts`) */
  HOST: z.string().optional(),
  /** the least severe server log line written; requests are logged at `info` */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('warn'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  APP_SECRET_PREVIOUS: z.string().min(1).optional(),
  BRAND_NAME: z.string().min(1).default('My product'),
  /** where the web's Support links lead: a page or a mail address */
  SUPPORT_URL: z
    .string()
    .refine(
      isSupportUrl,
      'SUPPORT_URL must be an https: or http: address (https://help.example.com) ' +
        'or a mailto: address (mailto:support@example.com)',
    )
    .optional(),
  /** where mail goes out: smtp://user:pass@host:587 or smtps://…:465 (demo: an embedded server) */
  SMTP_URL: z
    .string()
    .refine(
      (v) => /^smtps?:\/\/[^/\s]+/.test(v),
      'SMTP_URL must be an smtp:// or smtps:// address (smtps://user:password@mail.example.com:465)',
    )
    .optional(),
  /** the From: of every mail, e.g. "Shop Pay <no-reply@shop.example>" */
  MAIL_FROM: z
    .string()
    .refine(
      (v) => /^[^@<>\s]+@[^@<>\s]+$|<[^@<>\s]+@[^@<>\s]+>\s*$/.test(v.trim()),
      'MAIL_FROM must be an address (no-reply@shop.example) or a name and address ("Shop <no-reply@shop.example>")',
    )
    .optional(),
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
  /** device images in an S3-compatible store instead of PostgreSQL (`config-image-store.ts`) */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_KEY_PREFIX: z.string().optional(),
})

export type Env = z.infer<typeof ZEnv>
