/**
 * Manual loop outs: loopd's price for an amount, and a swap within the quote the merchant
 * confirmed. A swap is a row with its idempotency key before loopd is asked; a reply that never
 * came leaves it `unknown` for the follow-up job.
 */
import type { LoopOutInput, StepUpProof } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { NodeRefusedError, NodeUnreachableError } from '../../wallets/node-admin'
import type { AuditBy } from '../audit'
import type { ConsentActor, ConsentService } from '../consent'
import type { Loopd } from './loopd'
import type { LoopRepo } from './repo'
import { labelOf, swapView } from './swap-rows'

export function createLoopOut(deps: {
  repo: LoopRepo
  loopd: Loopd
  consent: ConsentService
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, loopd, consent } = deps

  return {
    /** loopd's price for a loop out of this amount, within its terms. */
    async quote(businessId: string, amountSat: number, signal?: AbortSignal) {
      const admin = await loopd.adminOf(businessId)
      try {
        const terms = await admin.loopOutTerms(signal)
        if (amountSat < terms.minSat || amountSat > terms.maxSat) {
          throw new DomainError('LOOP_AMOUNT_OUT_OF_RANGE', 'Outside the swap terms', {
            minSat: terms.minSat,
            maxSat: terms.maxSat,
          })
        }
        return await admin.loopOutQuote(amountSat, 9, signal)
      } catch (err) {
        return loopd.mapped(err, loopd.unavailable())
      }
    },

    /**
     * A manual loop out within the quote the merchant confirmed, once the consent policy allowed
     * it (proof, limits, the destination screened, audit). The key makes a retried request
     * return the first one's swap; loopd is asked at most once per key.
     */
    async swapOut(
      actor: ConsentActor & { userId: string },
      input: LoopOutInput & StepUpProof,
      by: AuditBy,
      signal?: AbortSignal,
    ) {
      const { businessId } = actor
      const destAddress = input.destAddress ? loopd.checkAddress(input.destAddress) : null
      const existing = await repo.findByKey(businessId, input.idempotencyKey)
      if (existing) return swapView(existing)
      const admin = await loopd.adminOf(businessId)
      let quote
      try {
        quote = await admin.loopOutQuote(input.amountSat, input.quote.confTarget, signal)
      } catch (err) {
        return loopd.mapped(err, loopd.unavailable())
      }
      if (
        quote.swapFeeSat > input.quote.swapFeeSat ||
        quote.prepaySat > input.quote.prepaySat ||
        quote.sweepFeeSat > input.quote.sweepFeeSat
      ) {
        throw new DomainError('LOOP_QUOTE_CHANGED', 'The fees changed since the quote')
      }
      await consent.authorize(
        {
          action: 'loop_out',
          actor,
          proof: input,
          destination: destAddress ?? 'the node wallet',
          screen: destAddress ? [destAddress] : [],
          amountSat: input.amountSat,
        },
        signal,
      )
      const row = await repo.insert(
        {
          businessId,
          userId: actor.userId,
          initiator: 'merchant',
          idempotencyKey: input.idempotencyKey,
          amountSat: input.amountSat,
          destAddress,
          swapFeeSat: input.quote.swapFeeSat,
          prepaySat: input.quote.prepaySat,
          sweepFeeSat: input.quote.sweepFeeSat,
          confTarget: input.quote.confTarget,
        },
        (swap) => ({
          businessId,
          by,
          action: 'node.loop_out_requested',
          subject: { kind: 'loop_swap', id: swap.id },
          details: {
            amountSat: input.amountSat,
            destination: destAddress ?? 'node',
            feeSat: input.quote.swapFeeSat + input.quote.prepaySat + input.quote.sweepFeeSat,
          },
        }),
      )
      // the same key arrived twice at once: the other request asks loopd
      if (!row) return swapView((await repo.findByKey(businessId, input.idempotencyKey))!)
      try {
        const started = await admin.loopOut(
          {
            amountSat: input.amountSat,
            destAddress: destAddress ?? undefined,
            quote: { ...input.quote, amountSat: input.amountSat },
            label: labelOf(row.id),
          },
          signal,
        )
        const sent = await repo.update(row.id, { swapId: started.id, status: 'initiated' })
        return swapView(sent ?? row)
      } catch (err) {
        if (err instanceof NodeRefusedError) {
          deps.log?.(`loop out of ${businessId} refused`, err)
          await repo.update(row.id, { status: 'failed', failureReason: 'REFUSED' })
          throw new DomainError('LOOP_SWAP_FAILED', 'Failed to start the swap')
        }
        if (err instanceof NodeUnreachableError) {
          // loopd may have started it: the follow-up job finds out
          const unknown = await repo.update(row.id, { status: 'unknown' })
          return swapView(unknown ?? row)
        }
        await repo.update(row.id, { status: 'unknown' })
        throw err
      }
    },
  }
}
