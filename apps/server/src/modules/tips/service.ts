/**
 * Lightning tips: tip pages a business names (each one a Lightning address on this host) and
 * the LNURL-pay answers a payer's wallet gets for them. A tip is a payment row written before
 * the wallet is asked for an invoice committing to the page's metadata (the payments module's
 * one flow); the payment watchers credit it like any other invoice. A wallet that sends the
 * callback again with the same `nonce` gets the same invoice back.
 */
import { randomUUID } from 'node:crypto'
import { DomainError } from '../../lib/errors'
import { INVOICE_EXPIRY_SEC, type PaymentService } from '../payments/service'
import type { WalletCapabilities } from '../../wallets/wallet'
import {
  COMMENT_ALLOWED,
  MAX_SENDABLE_MSAT,
  MIN_SENDABLE_MSAT,
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
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'LnurlRefusal'
  }
}

export function createTipService(deps: {
  repo: TipRepo
  payments: PaymentService
  capabilities: (businessId: string) => Promise<WalletCapabilities | null>
  publicUrl: string
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, publicUrl } = deps

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

  /** What the payer's wallet is told when the business's wallet refused before any row. */
  function refusalOf(err: unknown): LnurlRefusal {
    if (err instanceof DomainError) {
      if (err.code === 'NO_WALLET')
        return new LnurlRefusal('This business cannot take tips right now')
      if (err.code === 'WALLET_UNSUPPORTED') {
        return new LnurlRefusal('This business cannot take Lightning tips')
      }
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

    /** `GET /lnurlp/:name/callback?amount=<msat>&comment=` */
    async invoice(
      name: string,
      query: { amount?: unknown; comment?: unknown; nonce?: unknown },
      signal?: AbortSignal,
    ): Promise<{ pr: string; routes: [] }> {
      const page = await pageByName(name)
      const amountSat = amountSatOf(query.amount)
      const comment = query.comment === undefined ? '' : query.comment
      if (typeof comment !== 'string') throw new LnurlRefusal('The comment must be text')
      if ([...comment].length > COMMENT_ALLOWED) {
        throw new LnurlRefusal(`The comment can be at most ${COMMENT_ALLOWED} characters`)
      }
      const idempotencyKey = idempotencyKeyOf(page.id, query.nonce)
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
        throw unavailable()
      }
      const pr = outcome.row.paymentRequest
      if (!pr || outcome.row.status === 'failed') throw unavailable()
      return { pr, routes: [] }
    },
  }
}

export type TipService = ReturnType<typeof createTipService>
