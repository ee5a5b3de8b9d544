/**
 * Lightning tips: tip pages a business names (each one a Lightning address on this host) and
 * the LNURL-pay answers a payer's wallet gets for them. A tip is a payment row written before
 * the wallet is asked for an invoice committing to the page's metadata; the payment watchers
 * credit it like any other invoice.
 */
import { DomainError } from '../../lib/errors'
import type { PaymentRepo } from '../payments/repo'
import { INVOICE_EXPIRY_SEC } from '../payments/service'
import type { WalletProvider } from '../payments/wallet-provider'
import type { WalletWatchers } from '../payments/watchers'
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
  paymentRepo: PaymentRepo
  wallets: WalletProvider
  watchers: WalletWatchers
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
      query: { amount?: unknown; comment?: unknown },
      signal?: AbortSignal,
    ): Promise<{ pr: string; routes: [] }> {
      const page = await pageByName(name)
      const amountSat = amountSatOf(query.amount)
      const comment = query.comment === undefined ? '' : query.comment
      if (typeof comment !== 'string') throw new LnurlRefusal('The comment must be text')
      if ([...comment].length > COMMENT_ALLOWED) {
        throw new LnurlRefusal(`The comment can be at most ${COMMENT_ALLOWED} characters`)
      }
      let wallet
      try {
        wallet = await deps.wallets.forBusiness(page.businessId)
      } catch (err) {
        deps.log?.('tips: wallet', err)
        throw new LnurlRefusal('The wallet is not available. Try again later.')
      }
      if (!wallet) throw new LnurlRefusal('This business cannot take tips right now')
      if (!wallet.capabilities.descriptionHash) {
        throw new LnurlRefusal('This business cannot take Lightning tips')
      }
      const { row } = await deps.paymentRepo.insert({
        businessId: page.businessId,
        method: 'tip',
        amountSat,
        currency: (await repo.businessCurrency(page.businessId)) ?? 'USD',
        fiatMinor: null,
        memo: comment,
        tipPageId: page.id,
      })
      try {
        const inv = await wallet.createInvoice(
          {
            amountSat,
            descriptionHash: sha256Hex(metadataOf(page, publicUrl)),
            expirySec: INVOICE_EXPIRY_SEC,
          },
          signal,
        )
        await deps.paymentRepo.attachInvoice(row.id, inv)
        void deps.watchers.poke(page.businessId)
        return { pr: inv.paymentRequest, routes: [] }
      } catch (err) {
        deps.log?.('tips: invoice', err)
        const reason = err instanceof Error ? err.message : 'wallet error'
        await deps.paymentRepo.move(row.id, 'failed', { failureReason: reason })
        throw new LnurlRefusal('The wallet is not available. Try again later.')
      }
    },
  }
}

export type TipService = ReturnType<typeof createTipService>
