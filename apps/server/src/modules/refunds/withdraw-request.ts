/**
 * The LNURL-withdraw answers a customer's wallet gets for a refund (LUD-03): the withdraw
 * request for an open refund, and the callback that takes the wallet's invoice, claims the
 * refund once (before it expires) and pays it through the withdrawals. Refusals are sentences a
 * wallet shows; calls are rate limited per client address, shared by every instance.
 */
import { parseDestination, type BitcoinNetwork } from '@app/domain'
import type pg from 'pg'
import { LnurlRefusal, type WithdrawRequest } from '../../lib/lnurl'
import { createRateLimits } from '../../lib/rate-limit'
import { K1_PATTERN, k1HashOf, withdrawCallbackUrl } from './lnurlw'
import type { RefundRepo } from './repo'
import type { RefundService } from './service'

const gone = () => new LnurlRefusal('This refund is unknown, already claimed or expired.')

export function createLnurlWithdraw(deps: {
  repo: RefundRepo
  refunds: RefundService
  network: BitcoinNetwork
  publicUrl: string
  /** where the calls are counted (shared by every instance); in memory without one */
  pool?: pg.Pool
  log?: (msg: string, err?: unknown) => void
}) {
  const limits = createRateLimits(deps.pool)
  const charge = (ip: string | undefined) => limits.consume('refundLnurlPerIp', ip ?? 'unknown')

  return {
    async withdrawRequest(k1: string, ip?: string): Promise<WithdrawRequest> {
      await charge(ip)
      if (!K1_PATTERN.test(k1)) throw gone()
      const r = await deps.repo.openByK1(k1HashOf(k1))
      if (!r) throw gone()
      const msat = r.amountSat * 1000
      return {
        tag: 'withdrawRequest',
        callback: withdrawCallbackUrl(deps.publicUrl),
        k1,
        defaultDescription: 'Refund',
        minWithdrawable: msat,
        maxWithdrawable: msat,
      }
    },

    /** `?k1=…&pr=…`: claims the refund with the invoice, then pays it (LUD-03: answered first). */
    async callback(query: Record<string, unknown>, ip?: string): Promise<{ status: 'OK' }> {
      await charge(ip)
      const k1 = typeof query.k1 === 'string' ? query.k1 : ''
      const pr = typeof query.pr === 'string' ? query.pr.trim() : ''
      if (!K1_PATTERN.test(k1)) throw gone()
      const k1Hash = k1HashOf(k1)
      const open = await deps.repo.openByK1(k1Hash)
      if (!open) throw gone()
      const parsed = parseDestination(pr, deps.network)
      if (!parsed.ok || parsed.destination.type !== 'bolt11') {
        throw new LnurlRefusal('Send a Lightning invoice for this network.')
      }
      if (parsed.destination.amountSat !== open.amountSat) {
        throw new LnurlRefusal(`The invoice must be for exactly ${open.amountSat} sats.`)
      }
      const claimed = await deps.repo.claim(k1Hash, parsed.destination.invoice)
      if (!claimed) throw gone()
      // the row holds the invoice: the follow-up job pays it if this instance stops now
      void deps.refunds.pay(claimed).catch((err: unknown) => deps.log?.('refund payout', err))
      return { status: 'OK' }
    },
  }
}

export type LnurlWithdraw = ReturnType<typeof createLnurlWithdraw>
