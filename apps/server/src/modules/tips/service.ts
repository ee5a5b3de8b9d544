/**
 * Lightning tips: tip pages a business names (each one a Lightning address on this host) and
 * the LNURL-pay answers a payer's wallet gets for them. A tip is a payment row written before
 * the wallet is asked for an invoice committing to the page's metadata (the payments module's
 * one flow); the payment watchers credit it like any other invoice. A wallet that sends the
 * callback again with the same `nonce` gets the same invoice back.
 */
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import { INVOICE_EXPIRY_SEC, type PaymentService } from '../payments/service'
import { WalletNotReadyError, type WalletCapabilities } from '../../wallets/wallet'
import {
  COMMENT_ALLOWED,
  MAX_SENDABLE_MSAT,
  MIN_SENDABLE_MSAT,
  RESERVED_TIP_NAMES,
  TIP_NAME_PATTERN,
  callbackUrl,
  encodeLnurl,
  lightningAddress,
  metadataOf,
  sha256Hex,
  wellKnownUrl,
} from './lnurl'
import type { TipPageRow, TipRepo } from './repo'

export interface TipPageView {
  id: string
  shortName: string
  description: string
  lightningAddress: string
  /** bech32 LNURL of the page's `.well-known` URL, upper case */
  lnurl: string
  createdAt: Date
  updatedAt: Date
}

export interface PayRequest {
  tag: 'payRequest'
  callback: string
  minSendable: number
  maxSendable: number
  metadata: string
  commentAllowed: number
}

/** A refusal a payer's wallet shows: answered as `{ status: 'ERROR', reason }`. */
export class LnurlRefusal extends Error {
  constructor(
    readonly reason: string,
    /** for a spent rate limit: when to try again */
    readonly retryAfterSeconds?: number,
  ) {
    super(reason)
    this.name = 'LnurlRefusal'
  }
}

export interface TipOptions {
  /** tip pages one business may have */
  maxPagesPerBusiness: number
  /** LNURL callbacks (invoice requests) one client address may send */
  callbacksPerIp: { points: number; durationSec: number }
  /** LNURL callbacks one tip page may be sent, from everyone */
  callbacksPerPage: { points: number; durationSec: number }
  /** tip invoices of one page open at once (pending, not lapsed) */
  maxOpenInvoicesPerPage: number
  /** how long a tip invoice nobody paid is kept after it lapsed */
  lapsedInvoiceRetentionMs: number
  /** how often lapsed tip invoices are cleaned up */
  cleanupIntervalMs: number
}

export const DEFAULT_TIP_OPTIONS: TipOptions = {
  maxPagesPerBusiness: 20,
  callbacksPerIp: { points: 30, durationSec: 60 },
  callbacksPerPage: { points: 120, durationSec: 60 },
  maxOpenInvoicesPerPage: 200,
  lapsedInvoiceRetentionMs: 24 * 3600_000,
  cleanupIntervalMs: 15 * 60_000,
}

/**
 * A limit on LNURL callbacks, kept in PostgreSQL (the `rate_limits` table the sign-in limits
 * use) so every instance shares it; in memory when no pool is given.
 */
function callbackLimiter(
  pool: pg.Pool | undefined,
  keyPrefix: string,
  cfg: { points: number; durationSec: number },
): RateLimiterAbstract {
  const base = { keyPrefix, points: cfg.points, duration: cfg.durationSec }
  return pool
    ? new RateLimiterPostgres({
        ...base,
        storeClient: pool,
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
      })
    : new RateLimiterMemory(base)
}

export function createTipService(deps: {
  repo: TipRepo
  payments: PaymentService
  capabilities: (businessId: string) => Promise<WalletCapabilities | null>
  publicUrl: string
  /** where the callback limits are kept (shared by every instance) */
  pool?: pg.Pool
  /** where the cleanup of lapsed tip invoices runs */
  jobs?: JobQueue
  options?: Partial<TipOptions>
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, publicUrl } = deps
  const options: TipOptions = { ...DEFAULT_TIP_OPTIONS, ...deps.options }
  const perIp = callbackLimiter(deps.pool, 'tip_cb_ip', options.callbacksPerIp)
  const perPage = callbackLimiter(deps.pool, 'tip_cb_page', options.callbacksPerPage)

  /** Charges one callback to `key`; a spent limit is refused as LNURL refusals are. */
  async function charge(limiter: RateLimiterAbstract, key: string): Promise<void> {
    try {
      await limiter.consume(key)
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000))
      throw new LnurlRefusal(`Too many requests. Try again in ${seconds} seconds.`, seconds)
    }
  }

  /** Tip invoices nobody paid, removed a while after they lapsed. */
  async function cleanup(): Promise<number> {
    const removed = await repo.deleteLapsedInvoices(options.lapsedInvoiceRetentionMs)
    if (removed > 0) deps.log?.(`tips: ${removed} lapsed tip invoices removed`)
    return removed
  }
  deps.jobs?.every('tip-invoice-cleanup', options.cleanupIntervalMs, async () => {
    await cleanup()
  })

  function view(row: TipPageRow): TipPageView {
    return {
      id: row.id,
      shortName: row.shortName,
      description: row.description,
      lightningAddress: lightningAddress(row.shortName, publicUrl),
      lnurl: encodeLnurl(wellKnownUrl(row.shortName, publicUrl)),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }
  }

  function checkName(shortName: string) {
    if (!TIP_NAME_PATTERN.test(shortName)) {
      throw new DomainError('VALIDATION', 'Use 2 to 32 of a-z, 0-9, dot, dash or underscore', {
        field: 'shortName',
      })
    }
    if (RESERVED_TIP_NAMES.has(shortName)) {
      throw new DomainError('TIP_NAME_RESERVED', 'This name is reserved', { field: 'shortName' })
    }
  }

  const taken = () =>
    new DomainError('TIP_NAME_TAKEN', 'This name is already taken', { field: 'shortName' })

  async function pageByName(name: string): Promise<TipPageRow> {
    const shortName = name.toLowerCase()
    const page = TIP_NAME_PATTERN.test(shortName) ? await repo.byName(shortName) : undefined
    if (!page) throw new LnurlRefusal('No tips are taken at this address')
    return page
  }

  /** Parses `amount` (msat) as LUD-06 sends it; wallets here take whole sats. */
  function amountSatOf(raw: unknown): number {
    if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
      throw new LnurlRefusal('The amount must be a whole number of millisatoshis')
    }
    const msat = Number(raw)
    if (msat < MIN_SENDABLE_MSAT || msat > MAX_SENDABLE_MSAT) {
      throw new LnurlRefusal(
        `The amount must be between ${MIN_SENDABLE_MSAT} and ${MAX_SENDABLE_MSAT} millisatoshis`,
      )
    }
    if (msat % 1000 !== 0) throw new LnurlRefusal('The amount must be a whole number of sats')
    return msat / 1000
  }

  /**
   * The tip's idempotency key: a callback sent again with the wallet's `nonce` is the same tip;
   * without one, every callback is a tip of its own.
   */
  function idempotencyKeyOf(pageId: string, nonce: unknown): string {
    if (nonce === undefined) return `lnurl:${randomUUID()}`
    if (typeof nonce !== 'string' || !/^[\w-]{1,64}$/.test(nonce)) {
      throw new LnurlRefusal('The nonce must be up to 64 letters, digits, dashes or underscores')
    }
    return `lnurl:${pageId}:${nonce}`
  }

  const unavailable = () => new LnurlRefusal('The wallet is not available. Try again later.')
  const nodeNotReady = () => new LnurlRefusal('Node is not ready')

  /** What the payer's wallet is told when the business's wallet refused before any row. */
  function refusalOf(err: unknown): LnurlRefusal {
    if (err instanceof DomainError) {
      if (err.code === 'NO_WALLET')
        return new LnurlRefusal('This business cannot take tips right now')
      if (err.code === 'WALLET_UNSUPPORTED') {
        return new LnurlRefusal('This business cannot take Lightning tips')
      }
      if (err.code === 'NODE_NOT_READY') return nodeNotReady()
      if (err.code === 'IDEMPOTENCY_KEY_REUSED') {
        return new LnurlRefusal('This nonce was already used for another amount')
      }
    }
    deps.log?.('tips: wallet', err)
    return unavailable()
  }

  return {
    /** The pages, and the host after the `@` in their addresses (for naming a new one). */
    async list(businessId: string): Promise<{ addressHost: string; pages: TipPageView[] }> {
      return {
        addressHost: new URL(publicUrl).host,
        pages: (await repo.list(businessId)).map(view),
      }
    },

    async create(
      businessId: string,
      input: { shortName: string; description: string },
    ): Promise<TipPageView> {
      checkName(input.shortName)
      if ((await repo.countPages(businessId)) >= options.maxPagesPerBusiness) {
        throw new DomainError('TIP_PAGE_LIMIT_REACHED', 'This business has too many tip pages', {
          maximum: options.maxPagesPerBusiness,
        })
      }
      const caps = await deps.capabilities(businessId)
      if (!caps) throw new DomainError('NO_WALLET', 'This business has no wallet connected')
      if (!caps.descriptionHash) {
        throw new DomainError('WALLET_UNSUPPORTED', 'This wallet cannot take Lightning tips')
      }
      const r = await repo.insert({ businessId, ...input })
      if (!r.ok) throw taken()
      return view(r.row)
    },

    async update(
      businessId: string,
      tipPageId: string,
      input: { shortName: string; description: string },
    ): Promise<TipPageView> {
      checkName(input.shortName)
      const r = await repo.update(businessId, tipPageId, input)
      if (!r.ok && r.reason === 'taken') throw taken()
      if (!r.ok) throw new DomainError('NOT_FOUND', 'Tip page not found')
      return view(r.row)
    },

    async delete(businessId: string, tipPageId: string): Promise<{ ok: true }> {
      if (!(await repo.delete(businessId, tipPageId))) {
        throw new DomainError('NOT_FOUND', 'Tip page not found')
      }
      return { ok: true }
    },

    /** Removes tip invoices nobody paid a while after they lapsed (the cleanup job runs it). */
    cleanup,

    /** `GET /.well-known/lnurlp/:name` */
    async payRequest(name: string): Promise<PayRequest> {
      const page = await pageByName(name)
      return {
        tag: 'payRequest',
        callback: callbackUrl(page.shortName, publicUrl),
        minSendable: MIN_SENDABLE_MSAT,
        maxSendable: MAX_SENDABLE_MSAT,
        metadata: metadataOf(page, publicUrl),
        commentAllowed: COMMENT_ALLOWED,
      }
    },

    /**
     * `GET /lnurlp/:name/callback?amount=<msat>&comment=` from the client at `ip`: limited per
     * address and per page, and refused while the page has too many invoices open.
     */
    async invoice(
      name: string,
      query: { amount?: unknown; comment?: unknown; nonce?: unknown },
      signal?: AbortSignal,
      ip = 'unknown',
    ): Promise<{ pr: string; routes: [] }> {
      await charge(perIp, ip)
      const page = await pageByName(name)
      await charge(perPage, page.id)
      const amountSat = amountSatOf(query.amount)
      const comment = query.comment === undefined ? '' : query.comment
      if (typeof comment !== 'string') throw new LnurlRefusal('The comment must be text')
      if ([...comment].length > COMMENT_ALLOWED) {
        throw new LnurlRefusal(`The comment can be at most ${COMMENT_ALLOWED} characters`)
      }
      const idempotencyKey = idempotencyKeyOf(page.id, query.nonce)
      if ((await repo.countOpenInvoices(page.id)) >= options.maxOpenInvoicesPerPage) {
        throw new LnurlRefusal('This tip page has too many open invoices. Try again later.')
      }
      const currency = (await repo.businessCurrency(page.businessId)) ?? 'USD'
      const descriptionHash = sha256Hex(metadataOf(page, publicUrl))
      let outcome
      try {
        outcome = await deps.payments.receive(
          { id: page.businessId, currency },
          {
            method: 'tip',
            amountSat,
            fiatMinor: null,
            memo: comment,
            idempotencyKey,
            tipPageId: page.id,
          },
          'descriptionHash',
          async ({ invoice }) => ({
            invoice: await invoice({ amountSat, descriptionHash, expirySec: INVOICE_EXPIRY_SEC }),
          }),
          signal,
        )
      } catch (err) {
        throw refusalOf(err)
      }
      if (outcome.state === 'failed') {
        deps.log?.('tips: invoice', outcome.error)
        throw outcome.error instanceof WalletNotReadyError ? nodeNotReady() : unavailable()
      }
      const pr = outcome.row.paymentRequest
      if (!pr || outcome.row.status === 'failed') throw unavailable()
      return { pr, routes: [] }
    },
  }
}

export type TipService = ReturnType<typeof createTipService>
