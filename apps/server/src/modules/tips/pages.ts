/**
 * The tip pages a business names: each one a Lightning address on this host, with the bech32
 * LNURL of its `.well-known` URL for a QR code. A name is unique on the platform, and names of
 * roles and of the platform itself are reserved.
 */
import { DomainError } from '../../lib/errors'
import { encodeLnurl } from '../../lib/lnurl'
import type { WalletCapabilities } from '../../wallets/wallet'
import type { AuditBy, AuditEvent } from '../audit'
import { RESERVED_TIP_NAMES, TIP_NAME_PATTERN, lightningAddress, wellKnownUrl } from './lnurl'
import type { TipPageRow, TipRepo } from './repo'

const tipEvent =
  (by: AuditBy, action: AuditEvent['action'], details?: AuditEvent['details']) =>
  (row: TipPageRow): AuditEvent => ({
    businessId: row.businessId,
    by,
    action,
    subject: { kind: 'tip_page', id: row.id, name: row.shortName },
    details,
  })

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

export function createTipPages(deps: {
  repo: TipRepo
  capabilities: (businessId: string) => Promise<WalletCapabilities | null>
  publicUrl: string
  /** tip pages one business may have */
  maxPagesPerBusiness: number
}) {
  const { repo, publicUrl, maxPagesPerBusiness } = deps

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
      by: AuditBy,
    ): Promise<TipPageView> {
      checkName(input.shortName)
      if ((await repo.countPages(businessId)) >= maxPagesPerBusiness) {
        throw new DomainError('TIP_PAGE_LIMIT_REACHED', 'This business has too many tip pages', {
          maximum: maxPagesPerBusiness,
        })
      }
      const caps = await deps.capabilities(businessId)
      if (!caps) throw new DomainError('NO_WALLET', 'This business has no wallet connected')
      if (!caps.descriptionHash) {
        throw new DomainError('WALLET_UNSUPPORTED', 'This wallet cannot take Lightning tips')
      }
      const r = await repo.insert(
        { businessId, ...input },
        tipEvent(by, 'tips.page_created', { description: input.description }),
      )
      if (!r.ok) throw taken()
      return view(r.row)
    },

    async update(
      businessId: string,
      tipPageId: string,
      input: { shortName: string; description: string },
      by: AuditBy,
    ): Promise<TipPageView> {
      checkName(input.shortName)
      const r = await repo.update(
        businessId,
        tipPageId,
        input,
        tipEvent(by, 'tips.page_changed', { description: input.description }),
      )
      if (!r.ok && r.reason === 'taken') throw taken()
      if (!r.ok) throw new DomainError('NOT_FOUND', 'Tip page not found')
      return view(r.row)
    },

    async delete(businessId: string, tipPageId: string, by: AuditBy): Promise<{ ok: true }> {
      if (!(await repo.delete(businessId, tipPageId, tipEvent(by, 'tips.page_removed')))) {
        throw new DomainError('NOT_FOUND', 'Tip page not found')
      }
      return { ok: true }
    },
  }
}
