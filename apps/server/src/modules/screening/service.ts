/**
 * Screening a withdrawal address before the confirmation and again just before sending: the
 * operator's denylist, then the external provider. Every decision is audited; a provider that
 * cannot answer refuses the withdrawal (fail closed).
 */
import { DomainError } from '../../lib/errors'
import type { ScreeningProvider } from './provider'
import type { ScreeningRepo } from './repo'

export interface ScreeningContext {
  businessId: string
  /** null for a refund a staff member made at a terminal */
  userId: string | null
  stage: 'quote' | 'send'
}

export function createScreeningService(deps: {
  repo: ScreeningRepo
  provider: ScreeningProvider
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, provider } = deps
  return {
    /** Throws WITHDRAW_DENYLISTED, WITHDRAW_FLAGGED or WITHDRAW_SCREENING_UNAVAILABLE. */
    async screen(address: string, ctx: ScreeningContext, signal?: AbortSignal): Promise<void> {
      const base = { businessId: ctx.businessId, userId: ctx.userId, address, stage: ctx.stage }
      const denied = await repo.denied(address)
      if (denied) {
        await repo.record({ ...base, list: 'denylist', outcome: 'denied', detail: denied.reason })
        throw new DomainError('WITHDRAW_DENYLISTED', 'Cannot withdraw to blacklisted address', {
          reason: denied.reason,
        })
      }
      await repo.record({ ...base, list: 'denylist', outcome: 'allowed', detail: '' })
      let verdict
      try {
        verdict = await provider.check(address, signal)
      } catch (err) {
        const detail = err instanceof Error ? err.message : 'no answer'
        deps.log?.('screening provider did not answer', err)
        await repo.record({ ...base, list: 'provider', outcome: 'unavailable', detail })
        throw new DomainError(
          'WITHDRAW_SCREENING_UNAVAILABLE',
          'The address could not be screened; nothing was sent',
        )
      }
      await repo.record({
        ...base,
        list: 'provider',
        outcome: verdict.flagged ? 'flagged' : 'allowed',
        detail: `${provider.name}: ${verdict.detail}`,
      })
      if (verdict.flagged) {
        throw new DomainError(
          'WITHDRAW_FLAGGED',
          'This address has been flagged for security reasons',
        )
      }
    },
  }
}

export type ScreeningService = ReturnType<typeof createScreeningService>
