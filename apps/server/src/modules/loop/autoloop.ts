/**
 * Autoloop on a merchant's own node: loopd's easy autoloop with a local balance target, the
 * merchant's own address, a budget and a fee share; and the Loop page's overview of it.
 */
import { autoloopState, toAutoloopReason, type AutoloopSetup, type StepUpProof } from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { ConsentActor, ConsentService } from '../consent'
import type { Loopd } from './loopd'

export function createAutoloop(deps: {
  loopd: Loopd
  consent: ConsentService
  log?: (msg: string, err?: unknown) => void
}) {
  const { loopd, consent } = deps

  return {
    /**
     * The Loop page: terms, autoloop as set in loopd with its state for the merchant, the
     * channels' balances, and loopd's reasons when it would not start a swap now.
     */
    async overview(businessId: string, signal?: AbortSignal) {
      const admin = await loopd.adminOf(businessId)
      try {
        const [terms, settings, liquidity, suggestions] = await Promise.all([
          admin.loopOutTerms(signal),
          admin.autoloop(signal),
          admin.liquidity(signal),
          admin.autoloopSuggestions(signal),
        ])
        const thresholdSat = settings.easyLocalTargetSat
        const enabled = settings.enabled && thresholdSat !== null
        const state = autoloopState({
          enabled,
          thresholdSat: thresholdSat ?? 0,
          localSat: liquidity.localSat,
          minSwapSat: terms.minSat,
        })
        const reasons = [
          ...new Set(suggestions.disqualified.map((d) => toAutoloopReason(d.reason))),
        ]
        return {
          terms,
          localSat: liquidity.localSat,
          remoteSat: liquidity.remoteSat,
          autoloop: {
            ...state,
            destAddress: settings.destAddress,
            thresholdSat,
            budgetSat: settings.budgetSat,
            maxFeePercent: settings.feePpm === null ? null : settings.feePpm / 10_000,
          },
          /** what autoloop would move out now, and why it would not (when it would not) */
          suggestion: {
            loopOutSat: suggestions.loopOut.reduce((s, o) => s + o.amountSat, 0),
            reasons,
          },
        }
      } catch (err) {
        return loopd.mapped(err, loopd.unavailable())
      }
    },

    /**
     * Autoloop on: read, merge and write loopd's liquidity parameters. Where autoloop sends is
     * decided by the consent policy first (proof, screening, audit).
     */
    async setupAutoloop(
      actor: ConsentActor,
      input: AutoloopSetup & StepUpProof,
      signal?: AbortSignal,
    ) {
      const { businessId } = actor
      const destAddress = loopd.checkAddress(input.destAddress)
      const admin = await loopd.adminOf(businessId)
      await consent.authorize(
        {
          action: 'autoloop',
          actor,
          proof: input,
          destination: destAddress,
          screen: [destAddress],
          amountSat: null,
        },
        signal,
      )
      const failed = new DomainError('AUTOLOOP_SETUP_FAILED', 'Failed to set up autoloop')
      try {
        const current = await admin.autoloop(signal)
        await admin.setAutoloop(
          {
            ...current,
            enabled: true,
            destAddress,
            budgetSat: input.budgetSat,
            // a new budget counts the fees from now on
            budgetStartSec:
              current.enabled && current.budgetStartSec > 0
                ? current.budgetStartSec
                : Math.floor(Date.now() / 1000),
            // easy autoloop works on the channels' balance as a whole, not per-channel rules
            rules: [],
            easyLocalTargetSat: input.thresholdSat,
            feePpm: Math.round(input.maxFeePercent * 10_000),
          },
          signal,
        )
      } catch (err) {
        deps.log?.(`autoloop of ${businessId} not set up`, err)
        return loopd.mapped(err, failed)
      }
    },

    /** Autoloop off (the other settings stay for next time). */
    async disableAutoloop(businessId: string, signal?: AbortSignal) {
      const admin = await loopd.adminOf(businessId)
      try {
        const current = await admin.autoloop(signal)
        await admin.setAutoloop({ ...current, enabled: false }, signal)
      } catch (err) {
        return loopd.mapped(
          err,
          new DomainError('AUTOLOOP_SETUP_FAILED', 'Failed to set up autoloop'),
        )
      }
    },
  }
}
