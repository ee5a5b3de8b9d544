/**
 * The LNURL-pay answers a payer's wallet gets for a tip page (LUD-06, LUD-12, LUD-16). A tip is
 * a payment row written before the wallet is asked for an invoice committing to the page's
 * metadata (the payments module's one flow); the payment watchers credit it like any other
 * invoice. A wallet that sends the callback again with the same `nonce` gets the same invoice
 * back. Callbacks are limited per client address and per page.
 */
import { randomUUID } from 'node:crypto'
import { DomainError } from '../../lib/errors'
import { LnurlRefusal, type PayRequest } from '../../lib/lnurl'
import type { RateLimits } from '../../lib/rate-limit'
import { INVOICE_EXPIRY_SEC, type PaymentService } from '../payments'
import { WalletNotReadyError } from '../../wallets/wallet'
import {
  COMMENT_ALLOWED,
  MAX_SENDABLE_MSAT,
  MIN_SENDABLE_MSAT,
  TIP_NAME_PATTERN,
  callbackUrl,
  metadataOf,
  sha256Hex,
} from './lnurl'
import type { TipPageRow, TipRepo } from './repo'

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

/** The payer's comment (LUD-12): text of at most COMMENT_ALLOWED characters. */
function commentOf(raw: unknown): string {
  const comment = raw === undefined ? '' : raw
  if (typeof comment !== 'string') throw new LnurlRefusal('The comment must be text')
  if ([...comment].length > COMMENT_ALLOWED) {
    throw new LnurlRefusal(`The comment can be at most ${COMMENT_ALLOWED} characters`)
  }
  return comment
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

export function createTipPayments(deps: {
  repo: TipRepo
  payments: PaymentService
  publicUrl: string
  limits: RateLimits
  /** tip invoices of one page open at once (pending, not lapsed) */
  maxOpenInvoicesPerPage: number
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, publicUrl } = deps

  async function pageByName(name: string): Promise<TipPageRow> {
    const shortName = name.toLowerCase()
    const page = TIP_NAME_PATTERN.test(shortName) ? await repo.byName(shortName) : undefined
    if (!page) throw new LnurlRefusal('No tips are taken at this address')
    return page
  }

  /** What the payer's wallet is told when the business's wallet refused before any row. */
  function refusalOf(err: unknown): LnurlRefusal {
    if (err instanceof DomainError) {
      if (err.code === 'NO_WALLET')
        return new LnurlRefusal('This business cannot take tips right now')
      if (err.code === 'WALLET_UNSUPPORTED') {
        return new LnurlRefusal('This business cannot take Lightning tips')
      }
      if (err.code === 'NODE_NOT_READY') return nodeNotReady()
      if (err.code === 'NODE_CHANNEL_NOT_OPEN') {
        return new LnurlRefusal(
          'This business cannot take Lightning tips until its channel is open',
        )
      }
      if (err.code === 'IDEMPOTENCY_KEY_REUSED') {
        return new LnurlRefusal('This nonce was already used for another amount')
      }
    }
    deps.log?.('tips: wallet', err)
    return unavailable()
  }

  return {
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
      await deps.limits.consume('tipCallbacksPerIp', ip)
      const page = await pageByName(name)
      await deps.limits.consume('tipCallbacksPerPage', page.id)
      const amountSat = amountSatOf(query.amount)
      const comment = commentOf(query.comment)
      const idempotencyKey = idempotencyKeyOf(page.id, query.nonce)
      if ((await repo.countOpenInvoices(page.id)) >= deps.maxOpenInvoicesPerPage) {
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
